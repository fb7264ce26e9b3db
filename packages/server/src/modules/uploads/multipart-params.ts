/**
 * Reading multipart bodies: a file part's bytes with its size limit, and the params of GitLab's
 * `PUT /groups/:id` and `PUT /projects/:id`, whose `avatar` comes as a multipart file.
 */
import type { FastifyRequest } from 'fastify';
import { ParamError, type Params, paramsOf } from '../../http/grape-params.ts';
import { type AvatarImage, AvatarTooBigError, readAvatarImage } from './avatars.service.ts';
import { FileTooLargeError } from './uploads.service.ts';

/** A multipart file's bytes; one cut off at the size limit ends in `tooLarge()` (FileTooLargeError). */
export async function* fileBytes(
  file: AsyncIterable<Uint8Array> & { truncated: boolean },
  maxBytes: number,
  tooLarge: () => Error = () => new FileTooLargeError(maxBytes),
) {
  try {
    yield* file;
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  if (file.truncated) throw tooLarge();
}

/**
 * A request's params with its `avatar` apart: an image (read whole and checked: 422 for one too
 * big or not an image, before anything changes), null for a blank value (GitLab's way to remove
 * it), undefined when not sent. The body may be a form, JSON or multipart/form-data.
 */
export async function paramsWithAvatar(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ params: Params; avatar: AvatarImage | null | undefined }> {
  if (!request.isMultipart()) {
    const { avatar, ...params } = paramsOf(request);
    if (avatar === undefined) return { params, avatar: undefined };
    if (avatar === null || avatar === '') return { params, avatar: null };
    throw new ParamError('avatar is invalid');
  }
  const params: Params = { ...(request.query as Params) };
  let avatar: AvatarImage | null | undefined;
  // One byte past the limit is read, so a file of exactly the limit is kept and a bigger one refused.
  const parts = request.parts({ limits: { fileSize: maxBytes + 1, files: 1, fields: 30, parts: 31 } });
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== 'avatar') throw new ParamError(`${part.fieldname} is invalid`);
      avatar = await readAvatarImage(fileBytes(part.file, maxBytes, () => new AvatarTooBigError()));
    } else if (part.fieldname === 'avatar') {
      if (part.value !== '') throw new ParamError('avatar is invalid');
      avatar = null;
    } else {
      params[part.fieldname] = part.value;
    }
  }
  return { params, avatar };
}
