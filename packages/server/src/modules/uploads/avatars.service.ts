/**
 * User avatars (GitLab's `AvatarUploader`): an image of at most 200 KiB in PNG, JPEG, GIF or WebP,
 * checked by its bytes, stored as an upload of the user (PostgreSQL chunks, decision 0033, so every
 * app server serves it) at `/uploads/-/system/user/avatar/<user id>/<secret>/avatar.<ext>`. The
 * user's `avatar_url` holds that path; a new avatar replaces the old file, removing it deletes it.
 * Avatars are public, as GitLab's are: they show wherever the user's name does.
 */
import { randomBytes } from 'node:crypto';
import { type Actor, canWrite } from '../../authz/actor.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../errors.ts';
import { usersRepository } from '../users/users.repository.ts';
import { contentTypeOf } from './upload-files.ts';
import { uploadsRepository } from './uploads.repository.ts';
import type { UploadRow } from './uploads.types.ts';

/** GitLab's `Avatarable::MAXIMUM_FILE_SIZE`: 200 KiB. */
export const AVATAR_MAX_BYTES = 200 * 1024;
export const AVATAR_TOO_BIG = 'is too big (should be at most 200 KiB)';
export const AVATAR_FORMATS = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;
export const AVATAR_BAD_FORMAT = `file format is not supported. Please try one of the following supported formats: ${AVATAR_FORMATS.join(', ')}`;

/** The image format an avatar's first bytes show (never what the browser or the name claimed). */
export function imageFormat(head: Buffer): 'png' | 'jpg' | 'gif' | 'webp' | null {
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  if (/^GIF8[79]a/.test(head.subarray(0, 6).toString('latin1'))) return 'gif';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'webp';
  }
  return null;
}

/** The path an avatar is served at (also what `avatar_url` holds). */
export function avatarPath(upload: Pick<UploadRow, 'userId' | 'secret' | 'filename'>): string {
  return `/uploads/-/system/user/avatar/${upload.userId}/${upload.secret}/${upload.filename}`;
}

/** An avatar too big: cut at the limit by the multipart reader, or found so while reading. */
export class AvatarTooBigError extends ValidationError {
  constructor() {
    super({ avatar: [AVATAR_TOO_BIG] }, 422);
  }
}

export function avatarsService(db: Db) {
  const uploads = uploadsRepository(db);
  const users = usersRepository(db);

  function self(actor: Actor): UserRow {
    if (!actor.user) throw new UnauthorizedError();
    if (!canWrite(actor)) throw new ForbiddenError('insufficient_scope');
    return actor.user;
  }

  return {
    maxBytes: AVATAR_MAX_BYTES,

    /** Sets the actor's avatar from an image's bytes; answers the user as saved. */
    async set(actor: Actor, data: AsyncIterable<Uint8Array>): Promise<UserRow> {
      const user = self(actor);
      const parts: Buffer[] = [];
      let size = 0;
      for await (const piece of data) {
        size += piece.byteLength;
        if (size > AVATAR_MAX_BYTES) throw new AvatarTooBigError();
        parts.push(Buffer.from(piece));
      }
      const bytes = Buffer.concat(parts, size);
      const format = imageFormat(bytes);
      if (!format) throw new ValidationError({ avatar: [AVATAR_BAD_FORMAT] }, 422);
      const filename = `avatar.${format === 'jpg' ? 'jpg' : format}`;
      await uploads.sweepAbandoned();
      const upload = await uploads.insert({
        groupId: null,
        projectId: null,
        userId: user.id,
        secret: randomBytes(16).toString('hex'),
        filename,
        contentType: contentTypeOf(filename),
        uploadedById: user.id,
      });
      try {
        await uploads.insertChunk(upload.id, 0, bytes);
        const stored = await uploads.complete(upload.id, size);
        await uploads.replaceAvatar(user.id, avatarPath(stored), stored.id);
      } catch (error) {
        await uploads.delete(upload.id).catch(() => {});
        throw error;
      }
      return (await users.findById(user.id)) ?? user;
    },

    /** Removes the actor's avatar (their initials show again). */
    async remove(actor: Actor): Promise<UserRow> {
      const user = self(actor);
      await uploads.replaceAvatar(user.id, null, null);
      return (await users.findById(user.id)) ?? user;
    },

    /** An avatar by its path's parts; 404 when it is not (or no longer) that user's. */
    async find(userId: number, secret: string, filename: string): Promise<UploadRow> {
      const upload = await uploads.findAvatar(userId, secret, filename);
      if (!upload) throw new NotFoundError('Not Found');
      return upload;
    },
  };
}
