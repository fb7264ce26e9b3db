/** GitLab's Note, Discussion and AwardEmoji entities (lib/api/entities/note.rb, discussion.rb). */
import type { UserRow } from '../../db/schema.ts';
import type { AwardRow } from '../awards/awards.repository.ts';
import { userBasic } from '../users/users.entity.ts';
import type { DiscussionNode, NoteNode } from './notes.types.ts';

/** GitLab shows notes of deleted users as the Ghost user's. */
function author(users: ReadonlyMap<number, UserRow>, id: number | null, baseUrl: string) {
  const user = id === null ? undefined : users.get(id);
  if (user) return userBasic(user, baseUrl);
  return {
    id: null,
    username: 'ghost',
    name: 'Ghost User',
    state: 'active',
    locked: false,
    avatar_url: null,
    web_url: `${baseUrl}/ghost`,
  };
}

export function noteEntity(n: NoteNode, users: ReadonlyMap<number, UserRow>, baseUrl: string) {
  const { note, noteable } = n;
  const resolvable = note.type === 'DiscussionNote' && !note.system;
  return {
    id: note.id,
    type: note.type,
    body: note.note,
    attachment: null,
    author: author(users, note.authorId, baseUrl),
    created_at: note.createdAt.toISOString(),
    updated_at: note.updatedAt.toISOString(),
    system: note.system,
    noteable_id: note.noteableId,
    noteable_type: note.noteableType,
    project_id: noteable.type === 'Issue' ? noteable.node.project.id : null,
    resolvable,
    ...(resolvable
      ? {
          resolved: note.resolvedAt !== null,
          resolved_by: note.resolvedById === null ? null : author(users, note.resolvedById, baseUrl),
          resolved_at: note.resolvedAt?.toISOString() ?? null,
        }
      : {}),
    confidential: note.internal,
    internal: note.internal,
    imported: false,
    imported_from: 'none',
    noteable_iid: noteable.type === 'Issue' ? noteable.node.issue.iid : null,
    commands_changes: {},
  };
}

export function discussionEntity(d: DiscussionNode, users: ReadonlyMap<number, UserRow>, baseUrl: string) {
  return {
    id: d.id,
    individual_note: d.notes[0]?.type === null,
    notes: d.notes.map((note) => noteEntity({ note, noteable: d.noteable }, users, baseUrl)),
  };
}

/** User ids a page of notes shows (authors and resolvers). */
export function noteUserIds(notes: readonly NoteNode['note'][]): number[] {
  return [...new Set(notes.flatMap((n) => [n.authorId, n.resolvedById]).filter((id): id is number => id !== null))];
}

export function awardEntity(award: AwardRow, user: UserRow | undefined, baseUrl: string) {
  return {
    id: award.id,
    name: award.name,
    user: user ? userBasic(user, baseUrl) : null,
    created_at: award.createdAt.toISOString(),
    updated_at: award.createdAt.toISOString(),
    awardable_id: award.awardableId,
    awardable_type: award.awardableType,
    url: null,
  };
}
