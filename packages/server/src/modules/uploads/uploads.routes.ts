/**
 * GitLab's markdown uploads:
 * - `POST /projects/:id/uploads` and `POST /groups/:id/uploads` (multipart, field `file`) → 201
 *   `{id, alt, url, full_path, markdown}`, as GitLab's `FileUploader#to_h`; a file over the limit
 *   (`MILEPOST_MAX_ATTACHMENT_SIZE_MB`) → 413 `{"message": "File is too large (maximum is 256 MiB)"}`;
 * - the files: `/<project path>/uploads/<secret>/<name>`, `/groups/<group path>/-/uploads/<secret>/<name>`
 *   (the `full_path`) and `/uploads/<secret>/<name>` (the `url` markdown holds, resolved from the
 *   secret), with their own content type, `X-Content-Type-Options: nosniff`, a sandboxing CSP and
 *   `Content-Disposition: attachment` for anything but raster images. A file of a project or group
 *   the caller may not read is a 404, exactly like a missing one;
 * - avatars: GitLab's `PUT /user/avatar` (multipart, field `avatar`) → `{avatar_url}` (the profile
 *   page uploads there too), `DELETE /-/profile/avatar` (the page's 'Remove avatar'), and the files at
 *   `/uploads/-/system/<user|group|project>/avatar/<id>/<secret>/<name>` (a user's public, as
 *   GitLab's are; a group's or project's only for those who may see it). Groups and projects set
 *   theirs through `PUT /groups/:id` and `PUT /projects/:id` (multipart-params.ts).
 */
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { ParamError, resourceId, restRoutes } from '../../http/grape-params.ts';
import type { UiRouter } from '../../http/ui-router.ts';
import type { Container } from '../containers/container.ts';
import { type ContainerKind, containerOf } from '../containers/container-rest.ts';
import type { Services } from '../services.ts';
import { restAvatarUrl, userPrivate } from '../users/users.entity.ts';
import { AvatarTooBigError } from './avatars.service.ts';
import { fileBytes } from './multipart-params.ts';
import { attachmentDisposition, isInline, markdownLink, markdownName } from './upload-files.ts';
import type { UploadRow } from './uploads.types.ts';

/** What an upload's response carries: nothing in it may run, whatever the file holds. */
export const UPLOAD_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

function uploadPath(container: Container, upload: UploadRow): string {
  const file = `uploads/${upload.secret}/${upload.filename}`;
  return container.type === 'Group'
    ? `/groups/${container.group.fullPath}/-/${file}`
    : `/${container.project.fullPath}/${file}`;
}

/** GitLab's upload entity. */
export function uploadEntity(container: Container, upload: UploadRow) {
  const url = `/uploads/${upload.secret}/${upload.filename}`;
  return {
    id: upload.id,
    alt: markdownName(upload.filename, upload.contentType),
    url,
    full_path: uploadPath(container, upload),
    markdown: markdownLink(upload.filename, upload.contentType, url),
  };
}

/** The avatar image of a multipart request (field `avatar`, or Rails' `user[avatar]`), stored. */
async function receiveAvatar(request: FastifyRequest, services: Services) {
  if (!request.isMultipart()) throw new ParamError('avatar is missing');
  const { maxBytes } = services.avatars;
  // One byte past the limit is read, so a file of exactly the limit is kept and a bigger one refused.
  const part = await request.file({ limits: { fileSize: maxBytes + 1, files: 1, fields: 20, parts: 30 } });
  if (part?.fieldname !== 'avatar' && part?.fieldname !== 'user[avatar]') throw new ParamError('avatar is missing');
  return await services.avatars.set(
    request.actor,
    fileBytes(part.file, maxBytes, () => new AvatarTooBigError()),
  );
}

async function receive(request: FastifyRequest, services: Services, container: Container) {
  if (!request.isMultipart()) throw new ParamError('file is missing');
  const { maxBytes } = services.uploads;
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 20, parts: 30 } });
  if (part?.fieldname !== 'file') throw new ParamError('file is missing');
  return await services.uploads.create(request.actor, container, {
    filename: part.filename,
    data: fileBytes(part.file, maxBytes),
  });
}

/** Sends a file: headers that keep it inert, then its chunks as they are read. */
function sendFile(request: FastifyRequest, reply: FastifyReply, services: Services, upload: UploadRow) {
  const etag = `"${upload.secret}"`;
  reply
    .header('content-security-policy', UPLOAD_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=0, must-revalidate')
    .header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  reply
    .type(upload.contentType)
    .header('content-length', String(upload.size))
    .header('content-disposition', isInline(upload.contentType) ? 'inline' : attachmentDisposition(upload.filename));
  // HEAD: the headers only (its Content-Length included), without reading the file.
  const body = request.method === 'HEAD' ? Readable.from([]) : Readable.from(services.uploads.read(upload));
  return reply.send(body);
}

const SECRET_AND_NAME = '(?<secret>[0-9a-f]{32})/(?<filename>[^/]+)';

export function uploadsRoutes(api: FastifyInstance, services: Services, config: Config): void {
  restRoutes(api, (scope) => {
    scope.register(multipart, { throwFileSizeLimit: true });
    scope.put('/user/avatar', async (request) => {
      const user = await receiveAvatar(request, services);
      return { avatar_url: restAvatarUrl(user.avatarUrl, config.externalUrl) };
    });
    for (const kind of ['projects', 'groups'] as const satisfies ContainerKind[]) {
      scope.post<{ Params: { id: string } }>(`/${kind}/:id/uploads`, async (request, reply) => {
        const container = await containerOf(services, request.actor, kind, resourceId(request.params.id));
        const upload = await receive(request, services, container);
        return reply.code(201).send(uploadEntity(container, upload));
      });
    }
  });
}

export function uploadsUiRoutes(ui: UiRouter, services: Services, config: Config): void {
  // Avatars: a user's is public; a group's or project's is a 404 for whoever may not see its owner.
  ui.add(
    'GET',
    new RegExp(`^/uploads/-/system/(?<kind>user|group|project)/avatar/(?<id>[0-9]{1,18})/${SECRET_AND_NAME}$`),
    async (request, reply, params) => {
      const id = Number(params.id);
      const kind = params.kind === 'group' ? 'group' : params.kind === 'project' ? 'project' : 'user';
      if (kind !== 'user') await containerOf(services, request.actor, kind === 'group' ? 'groups' : 'projects', id);
      const upload = await services.avatars.find({ kind, id }, params.secret ?? '', params.filename ?? '');
      return sendFile(request, reply, services, upload);
    },
  );
  ui.add('DELETE', /^\/-\/profile\/avatar$/, async (request) => {
    const user = await services.avatars.remove(request.actor);
    return { message: 'Avatar was successfully removed.', user: userPrivate(user, config.externalUrl) };
  });
  ui.add('GET', new RegExp(`^/uploads/${SECRET_AND_NAME}$`), async (request, reply, params) => {
    const upload = await services.uploads.findBySecret(
      request.actor,
      params.secret ?? '',
      params.filename ?? '',
      async (u) => {
        if (u.projectId !== null) {
          const found = await services.projects.find(request.actor, u.projectId);
          return found && { type: 'Project', ...found };
        }
        const group = u.groupId === null ? undefined : await services.groups.find(request.actor, u.groupId);
        return group && { type: 'Group', group };
      },
    );
    return sendFile(request, reply, services, upload);
  });
  // The group's pattern first: a project's would also match `groups/<path>`.
  const patterns = [
    ['groups', new RegExp(`^/groups/(?<path>.+?)/-/uploads/${SECRET_AND_NAME}$`)],
    ['projects', new RegExp(`^/(?!groups/)(?<path>.+?)/uploads/${SECRET_AND_NAME}$`)],
  ] as const;
  for (const [kind, pattern] of patterns) {
    ui.add('GET', pattern, async (request, reply, params) => {
      const container = await containerOf(services, request.actor, kind, params.path ?? '');
      const upload = await services.uploads.findIn(
        request.actor,
        container,
        params.secret ?? '',
        params.filename ?? '',
      );
      return sendFile(request, reply, services, upload);
    });
  }
}
