/**
 * Award emoji on epics and issues: toggling one of a fixed list of names (GitLab's
 * `awardEmojiToggle`), listing them, and a user's most used names for the reaction filter.
 * Reacting needs the `awardEmoji` ability on the awardable, which needs reading it first.
 */
import { isAwardEmojiName } from '@milepost/shared/domain/emoji';
import type { Actor } from '../../authz/actor.ts';
import { can, type Subject } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { transaction } from '../../db/transaction.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../errors.ts';
import type { EpicNode } from '../epics/epics.types.ts';
import { issueNodes } from '../issues/issue-nodes.ts';
import { findReadableEpic } from '../issues/issues.adapters.ts';
import type { IssueNode } from '../issues/issues.types.ts';
import { noteableSubject, notesService } from '../notes/notes.service.ts';
import type { NoteNode } from '../notes/notes.types.ts';
import { resolveTodosOfActor } from '../todos/todo-triggers.ts';
import { usersRepository } from '../users/users.repository.ts';
import { type AwardableType, type AwardRow, awardsRepository } from './awards.repository.ts';

export type Awardable =
  | { type: 'Epic'; node: EpicNode }
  | { type: 'Issue'; node: IssueNode }
  | { type: 'Note'; node: NoteNode };

export const INVALID_EMOJI_NAME = 'is not a valid emoji name';

function subject(awardable: Awardable): Subject {
  if (awardable.type === 'Note') {
    return { type: 'Note', note: awardable.node.note, noteable: noteableSubject(awardable.node.noteable) };
  }
  return awardable.type === 'Epic' ? { type: 'Epic', ...awardable.node } : { type: 'Issue', ...awardable.node };
}

function idOf(awardable: Awardable): number {
  if (awardable.type === 'Note') return awardable.node.note.id;
  return awardable.type === 'Epic' ? awardable.node.epic.id : awardable.node.issue.id;
}

export function awardsService(db: Db) {
  const repo = awardsRepository(db);

  async function withUsers(rows: AwardRow[]): Promise<{ award: AwardRow; user: UserRow }[]> {
    const users = await usersRepository(db).findByIds([...new Set(rows.map((r) => r.userId))]);
    return rows.flatMap((award) => {
      const user = users.find((u) => u.id === award.userId);
      return user ? [{ award, user }] : [];
    });
  }

  return {
    /** The epic or issue with this id, if the actor may read it. */
    async findAwardable(actor: Actor, type: AwardableType, id: number): Promise<Awardable | undefined> {
      if (type === 'Epic') {
        const node = await findReadableEpic(db, actor, id);
        return node ? { type, node } : undefined;
      }
      if (type === 'Note') {
        const node = await notesService(db).findById(actor, id);
        return node ? { type, node } : undefined;
      }
      const [node] = await issueNodes(db, [id]);
      if (!node || !(await can(db, actor, 'readIssue', { type: 'Issue', ...node }))) return undefined;
      return { type, node };
    },

    /** Adds the reaction, or removes it when the actor already gave it. */
    async toggle(actor: Actor, awardable: Awardable, name: unknown): Promise<{ award: AwardRow; toggledOn: boolean }> {
      const user = actor.user;
      if (!user) throw new UnauthorizedError();
      if (!(await can(db, actor, 'awardEmoji', subject(awardable)))) throw new NotFoundError();
      if (!isAwardEmojiName(name)) throw new ValidationError({ name: [INVALID_EMOJI_NAME] }, 422);
      return await transaction(db, async (tx) => {
        const r = awardsRepository(tx);
        const existing = await r.find(awardable.type, idOf(awardable), user.id, name);
        if (existing) {
          await r.delete(existing.id);
          return { award: existing, toggledOn: false };
        }
        if (awardable.type !== 'Note') await resolveTodosOfActor(tx, actor, awardable);
        return { award: await r.insert(awardable.type, idOf(awardable), user.id, name), toggledOn: true };
      });
    },

    /** One page of a readable awardable's awards (REST's `…/award_emoji`), with their users. */
    /** Awards with their users (an award whose user is gone is left out). */
    withUsers,

    async page(awardable: Awardable, page: { limit: number; offset: number }) {
      const { rows, total } = await repo.page(awardable.type, idOf(awardable), page.limit, page.offset);
      return { rows: await withUsers(rows), total };
    },

    /** Adds the reaction (REST's POST …/award_emoji); one the actor already gave is refused. */
    async add(actor: Actor, awardable: Awardable, name: unknown): Promise<AwardRow> {
      const user = actor.user;
      if (!user) throw new UnauthorizedError();
      if (!(await can(db, actor, 'awardEmoji', subject(awardable)))) throw new NotFoundError();
      if (!isAwardEmojiName(name)) throw new ValidationError({ name: [INVALID_EMOJI_NAME] }, 400);
      if (await repo.find(awardable.type, idOf(awardable), user.id, name)) {
        throw new ValidationError({ base: ['User has already been taken'] }, 404);
      }
      return await transaction(db, async (tx) => {
        if (awardable.type !== 'Note') await resolveTodosOfActor(tx, actor, awardable);
        return await awardsRepository(tx).insert(awardable.type, idOf(awardable), user.id, name);
      });
    },

    /** One award of the awardable, by id. */
    async find(awardable: Awardable, awardId: number): Promise<AwardRow | undefined> {
      const row = Number.isSafeInteger(awardId) ? await repo.findById(awardId) : undefined;
      return row && row.awardableType === awardable.type && row.awardableId === idOf(awardable) ? row : undefined;
    },

    /** Removes one's own award (administrators anyone's), as GitLab's DELETE …/award_emoji/:id. */
    async remove(actor: Actor, award: AwardRow): Promise<void> {
      const user = actor.user;
      if (!user) throw new UnauthorizedError();
      if (award.userId !== user.id && !user.admin) throw new ForbiddenError();
      await repo.delete(award.id);
    },

    /** Awards of readable awardables (callers resolved them), batched. */
    async listFor(type: AwardableType, awardableIds: readonly number[]): Promise<AwardRow[]> {
      return await repo.listFor(type, awardableIds);
    },

    async votes(type: AwardableType, awardableIds: readonly number[]) {
      return await repo.votes(type, awardableIds);
    },

    /** The actor's most used reaction names (none for signed-out visitors). */
    async mostUsed(actor: Actor, limit = 20): Promise<string[]> {
      if (!actor.user) return [];
      return await repo.mostUsedBy(actor.user.id, limit);
    },
  };
}
