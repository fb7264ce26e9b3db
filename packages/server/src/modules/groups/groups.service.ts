import {
  AccessLevel,
  isVisibilityName,
  pathError,
  type VisibilityName,
  visibilityLevel,
  visibilityName,
} from '@milepost/shared';
import { sql } from 'drizzle-orm';
import { loadMemberships } from '../../authz/access.repository.ts';
import type { Actor } from '../../authz/actor.ts';
import { can, GLOBAL, preloadAccess, visibleGroupsSql } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { GroupRow } from '../../db/schema.ts';
import { transaction } from '../../db/transaction.ts';
import { ConflictError, ForbiddenError, isUniqueViolation, NotFoundError, ValidationError } from '../../errors.ts';
import { currentApplicationSettings } from '../application-settings/application-settings.repository.ts';
import { membersRepository } from '../members/members.repository.ts';
import { FieldErrors } from '../validation.ts';
import { groupsRepository } from './groups.repository.ts';

/** GitLab allows 20 levels of nested groups. */
export const MAX_GROUP_DEPTH = 20;

export type GroupInput = {
  name?: unknown;
  path?: unknown;
  description?: unknown;
  visibility?: unknown;
  parentId?: number | null;
};

export type ListGroupsOptions = {
  search?: string;
  parentId?: number;
  descendantOf?: number;
  topLevelOnly?: boolean;
  /** only groups the actor is a member of (directly or through an ancestor) */
  membership?: boolean;
  limit: number;
  offset: number;
};

/** GitLab's groups finder (REST `GET /groups`, `/subgroups`, `/descendant_groups`). */
export type AvailableGroupsOptions = Omit<ListGroupsOptions, 'membership'> & {
  /** public and internal groups too; GitLab's default is true only for administrators */
  allAvailable?: boolean;
  /** only groups the actor owns (directly or through an ancestor) */
  owned?: boolean;
  /** only groups where the actor has at least this access level (directly or through an ancestor) */
  minAccessLevel?: number;
};

export function groupsService(db: Db) {
  const repo = groupsRepository(db);

  async function readable(actor: Actor, group: GroupRow | undefined): Promise<GroupRow | undefined> {
    return group && (await can(db, actor, 'readGroup', { type: 'Group', group })) ? group : undefined;
  }

  function parseVisibility(errors: FieldErrors, value: unknown, fallback: VisibilityName): number {
    if (value === undefined || value === null || value === '') return visibilityLevel(fallback);
    if (!isVisibilityName(value)) {
      errors.add('visibility', 'does not have a valid value');
      return visibilityLevel(fallback);
    }
    return visibilityLevel(value);
  }

  return {
    /** The group if it exists and the actor may read it; hidden and missing look the same. */
    async find(actor: Actor, idOrPath: number | string): Promise<GroupRow | undefined> {
      // The viewer's memberships (the access decision below) load alongside the group's row.
      preloadAccess(db, actor);
      const row = typeof idOrPath === 'number' ? await repo.findById(idOrPath) : await repo.findByFullPath(idOrPath);
      return await readable(actor, row);
    },

    async get(actor: Actor, idOrPath: number | string): Promise<GroupRow> {
      const group = await this.find(actor, idOrPath);
      if (!group) throw new NotFoundError('Group Not Found');
      return group;
    },

    async list(actor: Actor, opts: ListGroupsOptions): Promise<{ rows: GroupRow[]; total: number }> {
      let memberOfNamespaceIds: number[] | undefined;
      if (opts.membership) {
        if (!actor.user) return { rows: [], total: 0 };
        memberOfNamespaceIds = (await loadMemberships(db, actor.user.id))
          .filter((m) => m.sourceType === 'Namespace')
          .map((m) => m.sourceId);
      }
      return await repo.list({
        visible: await visibleGroupsSql(db, actor, sql.raw('"groups"')),
        search: opts.search || undefined,
        parentId: opts.parentId,
        descendantOf: opts.descendantOf,
        topLevelOnly: opts.topLevelOnly,
        memberOfNamespaceIds,
        limit: opts.limit,
        offset: opts.offset,
      });
    },

    /**
     * GitLab's finder: `owned` / `minAccessLevel` restrict to memberships at that level; otherwise
     * signed-in users see the groups they belong to (with ancestors and descendants) unless
     * `allAvailable`, which defaults to true only for those who may read everything.
     */
    async listAvailable(actor: Actor, opts: AvailableGroupsOptions): Promise<{ rows: GroupRow[]; total: number }> {
      const { allAvailable, owned, minAccessLevel, search, ...rest } = opts;
      const filter = {
        ...rest,
        visible: await visibleGroupsSql(db, actor, sql.raw('"groups"')),
        search: search || undefined,
      };
      if (owned && !actor.user) return { rows: [], total: 0 };
      if (!actor.user) return await repo.list(filter);
      const memberships = await loadMemberships(db, actor.user.id);
      if (owned || minAccessLevel !== undefined) {
        const min = owned ? AccessLevel.OWNER : (minAccessLevel ?? AccessLevel.OWNER);
        const ids = memberships
          .filter((m) => m.sourceType === 'Namespace' && m.accessLevel >= min)
          .map((m) => m.sourceId);
        return await repo.list({ ...filter, memberOfNamespaceIds: ids });
      }
      if (allAvailable ?? (await can(db, actor, 'readAdminArea', GLOBAL))) return await repo.list(filter);
      return await repo.list({
        ...filter,
        memberOfNamespaceIds: memberships.filter((m) => m.sourceType === 'Namespace').map((m) => m.sourceId),
        memberPathGroupIds: [...new Set(memberships.flatMap((m) => m.traversalIds))],
      });
    },

    /** 'Acme / Platform' for each group: the names of its ancestors and itself. */
    async fullNames(rows: readonly GroupRow[]): Promise<Map<number, string>> {
      const known = new Map(rows.map((g) => [g.id, g]));
      const missing = [...new Set(rows.flatMap((g) => g.traversalIds))].filter((id) => !known.has(id));
      for (const g of await repo.findByIds(missing)) known.set(g.id, g);
      return new Map(rows.map((g) => [g.id, g.traversalIds.map((id) => known.get(id)?.name ?? '').join(' / ')]));
    },

    async create(actor: Actor, input: GroupInput): Promise<GroupRow> {
      const errors = new FieldErrors();
      const name = errors.text('name', input.name);
      const path = errors.text('path', input.path);
      const description = errors.text('description', input.description ?? '', 2000, false);
      let parent: GroupRow | undefined;
      if (input.parentId !== undefined && input.parentId !== null) {
        parent = await readable(actor, await repo.findById(input.parentId));
        if (!parent) throw new NotFoundError('Parent Group Not Found');
        if (!(await can(db, actor, 'createSubgroup', { type: 'Group', group: parent }))) {
          throw new ForbiddenError('You don’t have permission to create a subgroup in this group.');
        }
        if (parent.traversalIds.length >= MAX_GROUP_DEPTH) {
          errors.add('parent_id', `has too deep level of nesting (maximum is ${MAX_GROUP_DEPTH})`);
        }
      } else if (!(await can(db, actor, 'createGroup', GLOBAL))) {
        throw new ForbiddenError();
      }
      const visibility = parseVisibility(
        errors,
        input.visibility,
        // A subgroup starts as its parent; a top-level group as Admin › Settings says.
        parent ? visibilityName(parent.visibilityLevel) : (await currentApplicationSettings(db)).defaultGroupVisibility,
      );
      if (path) {
        const problem = pathError(path, !parent);
        if (problem) errors.add('path', problem);
      }
      if (parent && visibility > parent.visibilityLevel) {
        errors.add(
          'visibility_level',
          `${visibilityName(visibility)} is not allowed since the parent group has a ${visibilityName(parent.visibilityLevel)} visibility.`,
        );
      }
      if (errors.any) throw new ValidationError(errors.fields);
      const fullPath = parent ? `${parent.fullPath}/${path}` : path;
      try {
        return await transaction(db, async (tx) => {
          const txRepo = groupsRepository(tx);
          if (await txRepo.pathTaken(fullPath))
            throw new ConflictError('Failed to save group {:path=>["has already been taken"]}');
          const group = await txRepo.insert({
            parentId: parent?.id ?? null,
            parentTraversalIds: parent?.traversalIds ?? [],
            name,
            path,
            fullPath,
            description,
            visibilityLevel: visibility,
          });
          if (actor.user) {
            await membersRepository(tx).insert({
              sourceType: 'Namespace',
              sourceId: group.id,
              userId: actor.user.id,
              accessLevel: 50,
              createdById: actor.user.id,
              expiresAt: null,
            });
          }
          return group;
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new ConflictError('Failed to save group {:path=>["has already been taken"]}');
        throw error;
      }
    },

    async update(actor: Actor, group: GroupRow, input: GroupInput): Promise<GroupRow> {
      if (!(await can(db, actor, 'adminGroup', { type: 'Group', group }))) throw new ForbiddenError();
      const errors = new FieldErrors();
      const changes: Partial<Pick<GroupRow, 'name' | 'description' | 'visibilityLevel' | 'path'>> = {};
      if (input.name !== undefined) changes.name = errors.text('name', input.name);
      if (input.description !== undefined)
        changes.description = errors.text('description', input.description, 2000, false);
      if (input.path !== undefined) {
        const path = errors.text('path', input.path);
        const problem = path ? pathError(path, group.parentId === null) : null;
        if (problem) errors.add('path', problem);
        if (path !== group.path) changes.path = path;
      }
      if (input.visibility !== undefined) {
        const level = parseVisibility(errors, input.visibility, visibilityName(group.visibilityLevel));
        const parent = group.parentId ? await repo.findById(group.parentId) : undefined;
        if (parent && level > parent.visibilityLevel) {
          errors.add(
            'visibility_level',
            `${visibilityName(level)} is not allowed since the parent group has a ${visibilityName(parent.visibilityLevel)} visibility.`,
          );
        }
        if (level < (await repo.maxDescendantVisibility(group.id))) {
          errors.add(
            'visibility_level',
            `${visibilityName(level)} is not allowed since there are sub-groups or projects with higher visibility.`,
          );
        }
        changes.visibilityLevel = level;
      }
      if (errors.any) throw new ValidationError(errors.fields);
      return await transaction(db, async (tx) => {
        const txRepo = groupsRepository(tx);
        if (changes.path) {
          const parentPath = group.fullPath.slice(0, group.fullPath.length - group.path.length);
          const newFullPath = `${parentPath}${changes.path}`;
          if (await txRepo.pathTaken(newFullPath, { type: 'Namespace', id: group.id })) {
            throw new ConflictError('Failed to save group {:path=>["has already been taken"]}');
          }
          await txRepo.movePaths(group, newFullPath);
        }
        const row = await txRepo.update(group.id, changes);
        if (!row) throw new NotFoundError('Group Not Found');
        return row;
      });
    },

    async remove(actor: Actor, group: GroupRow): Promise<void> {
      if (!(await can(db, actor, 'removeGroup', { type: 'Group', group }))) throw new ForbiddenError();
      await transaction(db, async (tx) => groupsRepository(tx).deleteTree(group.id));
    },
  };
}
