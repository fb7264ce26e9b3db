/**
 * Uploads (GitLab's markdown uploads): files attached to a project's or a group's descriptions and
 * comments. Stored in PostgreSQL in 1 MiB chunks (decision 0033) as they arrive, so any app server
 * on the database serves them and no request holds a whole file in memory; read back chunk by
 * chunk. Access follows the container: whoever may read the project or group may read its uploads.
 */
import { randomBytes } from 'node:crypto';
import type { Actor } from '../../authz/actor.ts';
import { can } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import { AppError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../errors.ts';
import type { Container } from '../containers/container.ts';
import { contentTypeOf, sanitizeFilename } from './upload-files.ts';
import { uploadsRepository } from './uploads.repository.ts';
import type { UploadRow } from './uploads.types.ts';

/** The size of one stored chunk. */
export const UPLOAD_CHUNK_BYTES = 1024 * 1024;

const MIB = 1024 * 1024;

/** 413, naming the limit: 'File is too large (maximum is 256 MiB)'. */
export class FileTooLargeError extends AppError {
  constructor(maxBytes: number) {
    const limit = maxBytes % MIB === 0 ? `${maxBytes / MIB} MiB` : `${maxBytes} bytes`;
    super(413, `File is too large (maximum is ${limit})`);
  }
}

/** The bytes of `source` in pieces of exactly `size` (the last one shorter), buffering one piece at most. */
async function* rechunk(source: AsyncIterable<Uint8Array>, size: number): AsyncGenerator<Buffer> {
  let parts: Buffer[] = [];
  let length = 0;
  for await (const piece of source) {
    let data = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    while (length + data.length >= size) {
      const take = size - length;
      parts.push(data.subarray(0, take));
      yield Buffer.concat(parts, size);
      data = data.subarray(take);
      parts = [];
      length = 0;
    }
    if (data.length) {
      parts.push(Buffer.from(data));
      length += data.length;
    }
  }
  if (length) yield Buffer.concat(parts, length);
}

export type UploadedFile = {
  /** The name the browser or client gave the file. */
  filename: string;
  /** Its bytes as they arrive. */
  data: AsyncIterable<Uint8Array>;
};

export function uploadsService(db: Db, opts: { maxBytes: number }) {
  const repo = uploadsRepository(db);

  /** The upload of `container` with this secret and name, complete and readable by the actor; else 404. */
  async function readableIn(actor: Actor, container: Container, upload: UploadRow | undefined): Promise<UploadRow> {
    const belongs =
      upload &&
      (container.type === 'Group' ? upload.groupId === container.group.id : upload.projectId === container.project.id);
    if (!upload || !belongs || !(await can(db, actor, 'readUpload', container))) {
      throw new NotFoundError('Not Found');
    }
    return upload;
  }

  return {
    /** The largest file one upload may hold, in bytes. */
    maxBytes: opts.maxBytes,

    /**
     * Stores a file for `container` chunk by chunk; complete (and served) only once every byte is
     * in. Past the limit: FileTooLargeError, and nothing stays behind.
     */
    async create(actor: Actor, container: Container, file: UploadedFile): Promise<UploadRow> {
      if (!actor.user) throw new UnauthorizedError();
      if (!(await can(db, actor, 'uploadFile', container))) throw new ForbiddenError();
      await repo.sweepAbandoned();
      const filename = sanitizeFilename(file.filename);
      const upload = await repo.insert({
        groupId: container.type === 'Group' ? container.group.id : null,
        projectId: container.type === 'Project' ? container.project.id : null,
        secret: randomBytes(16).toString('hex'),
        filename,
        contentType: contentTypeOf(filename),
        uploadedById: actor.user.id,
      });
      try {
        let size = 0;
        let n = 0;
        for await (const chunk of rechunk(file.data, UPLOAD_CHUNK_BYTES)) {
          size += chunk.length;
          if (size > opts.maxBytes) throw new FileTooLargeError(opts.maxBytes);
          await repo.insertChunk(upload.id, n, chunk);
          n += 1;
        }
        return await repo.complete(upload.id, size);
      } catch (error) {
        await repo.delete(upload.id).catch(() => {});
        throw error;
      }
    },

    /** An upload reached by its own URL (`/uploads/<secret>/<name>`), if the actor may read its container. */
    async findBySecret(
      actor: Actor,
      secret: string,
      filename: string,
      containerOf: (upload: UploadRow) => Promise<Container | undefined>,
    ): Promise<UploadRow> {
      const upload = await repo.findComplete(secret, filename);
      const container = upload ? await containerOf(upload) : undefined;
      if (!container) throw new NotFoundError('Not Found');
      return await readableIn(actor, container, upload);
    },

    /** An upload reached through its container's path (`/<project>/uploads/…`, `/groups/<g>/-/uploads/…`). */
    async findIn(actor: Actor, container: Container, secret: string, filename: string): Promise<UploadRow> {
      return await readableIn(actor, container, await repo.findComplete(secret, filename));
    },

    /** The file's bytes, one stored chunk at a time. */
    async *read(upload: UploadRow): AsyncGenerator<Buffer> {
      for (let n = 0; ; n += 1) {
        const chunk = await repo.chunk(upload.id, n);
        if (!chunk) return;
        yield chunk;
      }
    },
  };
}
