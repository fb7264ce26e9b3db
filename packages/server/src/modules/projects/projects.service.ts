import { isVisibilityName, pathError, pathFromName, visibilityLevel, visibilityName } from '@milepost/shared';
import { sql } from 'drizzle-orm';
import { loadMemberships } from '../../authz/access.repository.ts';
import type { Actor } from '../../authz/actor.ts';
import { can, preloadAccess, visibleProjectsSql } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { GroupRow, ProjectRow } from '../../db/schema.ts';
import { transaction } from '../../db/transaction.ts';
import { ConflictError, ForbiddenError, isUniqueViolation, NotFoundError, ValidationError } from '../../errors.ts';
import { currentApplicationSettings } from '../application-settings/application-settings.repository.ts';
import { groupsRepository } from '../groups/groups.repository.ts';
import { FieldErrors } from '../validation.ts';
import { type ProjectSortKey, projectsRepository } from './projects.repository.ts';

export type ProjectInput = {
  name?: unknown;
  path?: unknown;
  description?: unknown;
  visibility?: unknown;
  groupId?: number;
};

export type ProjectWithGroup = { project: ProjectRow; group: GroupRow };

export function projectsService(db: Db) {
  const repo = projectsRepository(db);
  const groups = groupsRepository(db);

  async function withGroup(project: ProjectRow | undefined): Promise<ProjectWithGroup | undefined> {
    if (!project) return undefined;
    const group = await groups.findById(project.groupId);
    return group ? { project, group } : undefined;
  }

  return {
    /** The project and its group if the actor may read it; hidden and missing look the same. */
    async find(actor: Actor, idOrPath: number | string): Promise<ProjectWithGroup | undefined> {
      // The viewer's memberships (the access decision below) load alongside the project's rows.
      preloadAccess(db, actor);
      const found = await withGroup(
        typeof idOrPath === 'number' ? await repo.findById(idOrPath) : await repo.findByFullPath(idOrPath),
      );
      if (!found) return undefined;
      return (await can(db, actor, 'readProject', { type: 'Project', ...found })) ? found : undefined;
    },

    async get(actor: Actor, idOrPath: number | string): Promise<ProjectWithGroup> {
      const found = await this.find(actor, idOrPath);
      if (!found) throw new NotFoundError('Project Not Found');
      return found;
    },

    async list(
      actor: Actor,
      opts: {
        search?: string;
        groupId?: number;
        underGroupId?: number;
        membership?: boolean;
        /** only projects the actor contributed to (their events) */
        contributed?: boolean;
        sort?: ProjectSortKey;
        limit: number;
        offset: number;
      },
    ): Promise<{ rows: ProjectRow[]; total: number }> {
      if (opts.contributed && !actor.user) return { rows: [], total: 0 };
      let memberOf: { namespaceIds: number[]; projectIds: number[] } | undefined;
      if (opts.membership) {
        if (!actor.user) return { rows: [], total: 0 };
        const ms = await loadMemberships(db, actor.user.id);
        memberOf = {
          namespaceIds: ms.filter((m) => m.sourceType === 'Namespace').map((m) => m.sourceId),
          projectIds: ms.filter((m) => m.sourceType === 'Project').map((m) => m.sourceId),
        };
      }
      return await repo.list({
        visible: await visibleProjectsSql(db, actor, sql.raw('"projects"'), sql.raw('"pg"')),
        search: opts.search || undefined,
        groupId: opts.groupId,
        underGroupId: opts.underGroupId,
        memberOf,
        contributedBy: opts.contributed ? actor.user?.id : undefined,
        sort: opts.sort,
        limit: opts.limit,
        offset: opts.offset,
      });
    },

    /** Pairs project rows with their groups (one query). */
    async withGroups(rows: readonly ProjectRow[]): Promise<ProjectWithGroup[]> {
      const found = await groups.findByIds([...new Set(rows.map((p) => p.groupId))]);
      const byId = new Map(found.map((g) => [g.id, g]));
      return rows.flatMap((project) => {
        const group = byId.get(project.groupId);
        return group ? [{ project, group }] : [];
      });
    },

    /** Like GitLab, a missing path is taken from the name (made URL-safe if needed), and a missing name from the path. */
    async create(actor: Actor, input: ProjectInput): Promise<ProjectWithGroup> {
      const errors = new FieldErrors();
      const given = (v: unknown) => typeof v === 'string' && v.trim() !== '';
      let pathInput = input.path;
      if (!given(pathInput) && given(input.name)) {
        const fromName = (input.name as string).trim();
        pathInput = pathError(fromName, false) ? pathFromName(fromName) : fromName;
      }
      const name = errors.text('name', given(input.name) ? input.name : pathInput);
      const path = errors.text('path', pathInput);
      const description = errors.text('description', input.description ?? '', 2000, false);
      if (input.groupId === undefined) {
        errors.add('namespace_id', "can't be blank");
        throw new ValidationError(errors.fields);
      }
      const group = await groups.findById(input.groupId);
      if (!group || !(await can(db, actor, 'readGroup', { type: 'Group', group }))) {
        throw new NotFoundError('Namespace Not Found');
      }
      if (!(await can(db, actor, 'createProjects', { type: 'Group', group }))) throw new ForbiddenError();
      // Admin › Settings' default, but never more visible than the group.
      const fallback = (await currentApplicationSettings(db)).defaultProjectVisibility;
      let level: number = Math.min(group.visibilityLevel, visibilityLevel(fallback));
      if (input.visibility !== undefined && input.visibility !== null && input.visibility !== '') {
        if (!isVisibilityName(input.visibility)) errors.add('visibility', 'does not have a valid value');
        else level = visibilityLevel(input.visibility);
      }
      if (level > group.visibilityLevel) {
        errors.add(
          'visibility_level',
          `${visibilityName(level)} is not allowed in a ${visibilityName(group.visibilityLevel)} group.`,
        );
      }
      if (path) {
        const problem = pathError(path, false);
        if (problem) errors.add('path', problem);
      }
      if (errors.any) throw new ValidationError(errors.fields);
      try {
        return await transaction(db, async (tx) => {
          if (await groupsRepository(tx).pathTaken(`${group.fullPath}/${path}`)) {
            throw new ConflictError('Failed to save project {:path=>["has already been taken"]}');
          }
          const project = await projectsRepository(tx).insert({
            group,
            name,
            path,
            description,
            visibilityLevel: level,
          });
          return { project, group };
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new ConflictError('Failed to save project {:path=>["has already been taken"]}');
        throw error;
      }
    },

    async update(actor: Actor, found: ProjectWithGroup, input: ProjectInput): Promise<ProjectWithGroup> {
      const { project, group } = found;
      if (!(await can(db, actor, 'adminProject', { type: 'Project', project, group }))) throw new ForbiddenError();
      const errors = new FieldErrors();
      const changes: Partial<Pick<ProjectRow, 'name' | 'description' | 'visibilityLevel' | 'path' | 'fullPath'>> = {};
      if (input.name !== undefined) changes.name = errors.text('name', input.name);
      if (input.description !== undefined)
        changes.description = errors.text('description', input.description, 2000, false);
      if (input.path !== undefined) {
        const path = errors.text('path', input.path);
        const problem = path ? pathError(path, false) : null;
        if (problem) errors.add('path', problem);
        if (path && path !== project.path) {
          changes.path = path;
          changes.fullPath = `${group.fullPath}/${path}`;
        }
      }
      if (input.visibility !== undefined) {
        if (!isVisibilityName(input.visibility)) errors.add('visibility', 'does not have a valid value');
        else {
          const level = visibilityLevel(input.visibility);
          if (level > group.visibilityLevel) {
            errors.add(
              'visibility_level',
              `${input.visibility} is not allowed in a ${visibilityName(group.visibilityLevel)} group.`,
            );
          }
          changes.visibilityLevel = level;
        }
      }
      if (errors.any) throw new ValidationError(errors.fields);
      return await transaction(db, async (tx) => {
        if (
          changes.fullPath &&
          (await groupsRepository(tx).pathTaken(changes.fullPath, { type: 'Project', id: project.id }))
        ) {
          throw new ConflictError('Failed to save project {:path=>["has already been taken"]}');
        }
        const row = await projectsRepository(tx).update(project.id, changes);
        if (!row) throw new NotFoundError('Project Not Found');
        return { project: row, group };
      });
    },

    async remove(actor: Actor, found: ProjectWithGroup): Promise<void> {
      if (!(await can(db, actor, 'removeProject', { type: 'Project', ...found }))) throw new ForbiddenError();
      await transaction(db, async (tx) => projectsRepository(tx).delete(found.project.id));
    },
  };
}
