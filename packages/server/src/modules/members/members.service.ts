import { isMemberAccessLevel } from '@milepost/shared';
import type { Actor } from '../../authz/actor.ts';
import { can } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { GroupRow, MemberRow, UserRow } from '../../db/schema.ts';
import {
  AppError,
  ConflictError,
  ForbiddenError,
  isUniqueViolation,
  NotFoundError,
  ValidationError,
} from '../../errors.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';
import { usersRepository } from '../users/users.repository.ts';
import { isIsoDate } from '../validation.ts';
import { type EffectiveMember, type MemberListFilter, membersRepository } from './members.repository.ts';

/** Where members are managed: a group, or a project (with its group). */
export type MemberSource = { type: 'Group'; group: GroupRow } | ({ type: 'Project' } & ProjectWithGroup);

function target(source: MemberSource) {
  return source.type === 'Group'
    ? { traversalIds: source.group.traversalIds, selfType: 'Namespace' as const, selfId: source.group.id }
    : { traversalIds: source.group.traversalIds, selfType: 'Project' as const, selfId: source.project.id };
}

function subject(source: MemberSource) {
  return source.type === 'Group'
    ? ({ type: 'Group', group: source.group } as const)
    : ({ type: 'Project', project: source.project, group: source.group } as const);
}

export function membersService(db: Db) {
  const repo = membersRepository(db);
  const users = usersRepository(db);

  async function assertAdmin(actor: Actor, source: MemberSource): Promise<void> {
    const ability = source.type === 'Group' ? 'adminGroupMember' : 'adminProjectMember';
    if (!(await can(db, actor, ability, subject(source)))) throw new ForbiddenError();
  }

  function parseLevel(value: unknown): number {
    const level = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    if (!isMemberAccessLevel(level)) throw new AppError(400, 'access_level does not have a valid value');
    return level;
  }

  function parseExpiry(value: unknown): string | null | undefined {
    if (value === undefined) return undefined;
    if (value === null || value === '') return null;
    if (typeof value !== 'string' || !isIsoDate(value)) throw new ValidationError({ expires_at: ['is invalid'] });
    return value;
  }

  /** A project member may not be given less than they inherit, nor a subgroup member (GitLab's rule). */
  async function assertNotBelowInherited(source: MemberSource, userId: number, level: number): Promise<void> {
    const inherited = await repo.listEffective(target(source), {
      direct: false,
      inherited: true,
      userIds: [userId],
      limit: 1,
      offset: 0,
    });
    const row = inherited.rows[0];
    if (row && row.accessLevel > level) {
      throw new ValidationError({
        access_level: [`should be greater than or equal to ${row.accessLevel} inherited membership from group`],
      });
    }
  }

  /** The last Owner of a top-level group cannot leave or be demoted. */
  async function assertKeepsOwner(source: MemberSource, member: MemberRow, newLevel: number | null): Promise<void> {
    if (source.type !== 'Group' || member.accessLevel !== 50 || (newLevel !== null && newLevel >= 50)) return;
    if ((await repo.countOwners(source.group.traversalIds)) <= 1) {
      throw new AppError(400, 'A group must have at least one owner');
    }
  }

  return {
    async list(
      actor: Actor,
      source: MemberSource,
      f: MemberListFilter,
    ): Promise<{ rows: EffectiveMember[]; total: number }> {
      const ability = source.type === 'Group' ? 'readGroupMember' : 'readProjectMember';
      if (!(await can(db, actor, ability, subject(source)))) throw new NotFoundError();
      return await repo.listEffective(target(source), f);
    },

    async findDirect(source: MemberSource, userId: number): Promise<MemberRow | undefined> {
      const t = target(source);
      return await repo.findDirect(t.selfType, t.selfId, userId);
    },

    async findById(id: number): Promise<MemberRow | undefined> {
      return await repo.findById(id);
    },

    /** Each membership with its user and the user who added it (one query). */
    async withUsers<M extends MemberRow>(
      rows: readonly M[],
    ): Promise<{ member: M; user: UserRow; createdBy: UserRow | undefined }[]> {
      const ids = rows.flatMap((m) => (m.createdById === null ? [m.userId] : [m.userId, m.createdById]));
      const byId = new Map((await users.findByIds([...new Set(ids)])).map((u) => [u.id, u]));
      return rows.flatMap((member) => {
        const user = byId.get(member.userId);
        const createdBy = member.createdById === null ? undefined : byId.get(member.createdById);
        return user ? [{ member, user, createdBy }] : [];
      });
    },

    async add(
      actor: Actor,
      source: MemberSource,
      input: { userId: unknown; accessLevel: unknown; expiresAt?: unknown },
    ): Promise<MemberRow> {
      await assertAdmin(actor, source);
      const userId =
        typeof input.userId === 'string' && /^\d+$/.test(input.userId) ? Number(input.userId) : input.userId;
      if (typeof userId !== 'number' || !Number.isInteger(userId)) throw new AppError(400, 'user_id is missing');
      const level = parseLevel(input.accessLevel);
      const expiresAt = parseExpiry(input.expiresAt) ?? null;
      const user = await users.findById(userId);
      if (user?.state !== 'active') throw new NotFoundError('User Not Found');
      const t = target(source);
      if (await repo.findDirect(t.selfType, t.selfId, userId)) throw new ConflictError('Member already exists');
      await assertNotBelowInherited(source, userId, level);
      try {
        return await repo.insert({
          sourceType: t.selfType,
          sourceId: t.selfId,
          userId,
          accessLevel: level,
          createdById: actor.user?.id ?? null,
          expiresAt,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError('Member already exists');
        throw error;
      }
    },

    async update(
      actor: Actor,
      source: MemberSource,
      member: MemberRow,
      input: { accessLevel?: unknown; expiresAt?: unknown },
    ): Promise<MemberRow> {
      await assertAdmin(actor, source);
      const changes: { accessLevel?: number; expiresAt?: string | null } = {};
      if (input.accessLevel !== undefined) {
        changes.accessLevel = parseLevel(input.accessLevel);
        await assertNotBelowInherited(source, member.userId, changes.accessLevel);
        await assertKeepsOwner(source, member, changes.accessLevel);
      }
      const expiresAt = parseExpiry(input.expiresAt);
      if (expiresAt !== undefined) changes.expiresAt = expiresAt;
      const row = await repo.update(member.id, changes);
      if (!row) throw new NotFoundError('Member Not Found');
      return row;
    },

    async remove(actor: Actor, source: MemberSource, member: MemberRow): Promise<void> {
      await assertAdmin(actor, source);
      await assertKeepsOwner(source, member, null);
      await repo.delete(member.id);
    },
  };
}
