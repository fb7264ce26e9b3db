/**
 * Avatars of users, groups and projects (GitLab's `AvatarUploader`): an image of at most 200 KiB in
 * PNG, JPEG, GIF or WebP, checked by its bytes, stored as an upload of its owner marked `avatar`
 * (PostgreSQL chunks, decision 0033, so every app server serves it) at
 * `/uploads/-/system/<user|group|project>/avatar/<id>/<secret>/avatar.<ext>`. The owner's
 * `avatar_url` holds that path; a new avatar replaces the old file, removing it deletes it.
 * A user's avatar is public, as GitLab's are; a group's or project's is seen by those who may see the
 * group or project (decision 0055), and changed by those who may edit it.
 */
import { randomBytes } from 'node:crypto';
import { type Actor, canWrite } from '../../authz/actor.ts';
import { can } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../errors.ts';
import type { Container } from '../containers/container.ts';
import { usersRepository } from '../users/users.repository.ts';
import { contentTypeOf } from './upload-files.ts';
import { uploadsRepository } from './uploads.repository.ts';
import type { AvatarOwner, UploadRow } from './uploads.types.ts';

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

/** The path an avatar is served at (also what its owner's `avatar_url` holds). */
export function avatarPath(owner: AvatarOwner, upload: Pick<UploadRow, 'secret' | 'filename'>): string {
  return `/uploads/-/system/${owner.kind}/avatar/${owner.id}/${upload.secret}/${upload.filename}`;
}

/** The avatar owner a group or project is. */
export function avatarOwnerOf(container: Container): AvatarOwner {
  return container.type === 'Group'
    ? { kind: 'group', id: container.group.id }
    : { kind: 'project', id: container.project.id };
}

/** An avatar's bytes, read whole and checked (size and format), not stored yet. */
export type AvatarImage = { bytes: Buffer; format: 'png' | 'jpg' | 'gif' | 'webp' };

/** An avatar too big: cut at the limit by the multipart reader, or found so while reading. */
export class AvatarTooBigError extends ValidationError {
  constructor() {
    super({ avatar: [AVATAR_TOO_BIG] }, 422);
  }
}

/** Reads an avatar's bytes (stopping past the limit) and checks them: 422 with GitLab's words, nothing kept. */
export async function readAvatarImage(data: AsyncIterable<Uint8Array>): Promise<AvatarImage> {
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
  return { bytes, format };
}

export function avatarsService(db: Db) {
  const uploads = uploadsRepository(db);
  const users = usersRepository(db);

  function self(actor: Actor): UserRow {
    if (!actor.user) throw new UnauthorizedError();
    if (!canWrite(actor)) throw new ForbiddenError('insufficient_scope');
    return actor.user;
  }

  /** Stores the image as the owner's avatar (replacing the old one); answers its path. */
  async function store(owner: AvatarOwner, uploadedById: number, image: AvatarImage): Promise<string> {
    const filename = `avatar.${image.format}`;
    await uploads.sweepAbandoned();
    const upload = await uploads.insert({
      groupId: owner.kind === 'group' ? owner.id : null,
      projectId: owner.kind === 'project' ? owner.id : null,
      userId: owner.kind === 'user' ? owner.id : null,
      avatar: true,
      secret: randomBytes(16).toString('hex'),
      filename,
      contentType: contentTypeOf(filename),
      uploadedById,
    });
    try {
      await uploads.insertChunk(upload.id, 0, image.bytes);
      const stored = await uploads.complete(upload.id, image.bytes.length);
      const path = avatarPath(owner, stored);
      await uploads.replaceAvatar(owner, path, stored.id);
      return path;
    } catch (error) {
      await uploads.delete(upload.id).catch(() => {});
      throw error;
    }
  }

  /** Those who may edit the group or project (`adminGroup` / `adminProject`) may change its avatar. */
  async function editor(actor: Actor, container: Container): Promise<UserRow> {
    const user = self(actor);
    const ability = container.type === 'Group' ? 'adminGroup' : 'adminProject';
    if (!(await can(db, actor, ability, container))) throw new ForbiddenError();
    return user;
  }

  return {
    maxBytes: AVATAR_MAX_BYTES,

    /** Sets the actor's avatar from an image's bytes; answers the user as saved. */
    async set(actor: Actor, data: AsyncIterable<Uint8Array>): Promise<UserRow> {
      const user = self(actor);
      await store({ kind: 'user', id: user.id }, user.id, await readAvatarImage(data));
      return (await users.findById(user.id)) ?? user;
    },

    /** Removes the actor's avatar (their initials show again). */
    async remove(actor: Actor): Promise<UserRow> {
      const user = self(actor);
      await uploads.replaceAvatar({ kind: 'user', id: user.id }, null, null);
      return (await users.findById(user.id)) ?? user;
    },

    /**
     * Sets (an image) or removes (null) a group's or project's avatar; 403 unless the actor may
     * edit it. Answers the new `avatar_url` path (null: removed).
     */
    async setFor(actor: Actor, container: Container, image: AvatarImage | null): Promise<string | null> {
      const user = await editor(actor, container);
      const owner = avatarOwnerOf(container);
      if (image) return await store(owner, user.id, image);
      await uploads.replaceAvatar(owner, null, null);
      return null;
    },

    /** An avatar by its path's parts; 404 when it is not (or no longer) that owner's. */
    async find(owner: AvatarOwner, secret: string, filename: string): Promise<UploadRow> {
      const upload = await uploads.findAvatar(owner, secret, filename);
      if (!upload) throw new NotFoundError('Not Found');
      return upload;
    },
  };
}
