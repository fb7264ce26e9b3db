/**
 * Milestones of groups and projects: title, description, state active/closed, optional start and
 * due dates (start ≤ due, real calendar dates with four-digit years), an iid per container.
 *
 * API for other modules (issues, epics):
 * - `findForIssue(actor, {project, group}, milestoneId)` → the milestone if an issue of that project
 *   may use it (the project's own, or one of its group's or that group's ancestors'), else `undefined`
 *   (the caller turns that into its own error; hidden and missing look the same).
 * - `loadByIds(ids)` → rows by id, no access check (for rows already linked to a readable issue).
 * - `onDatesChanged(listener)` → `listener(tx, {milestoneIds, detachedIssueIds})` runs inside the
 *   transaction whenever milestone dates change or a milestone is deleted (`detachedIssueIds`: the
 *   issues it held), so inherited epic dates can be recomputed atomically with the change.
 * Access: reads need readMilestone on the container (hidden containers look missing), writes
 * adminMilestone (Reporter+). Lists never contain milestones of containers the actor cannot read.
 */
import { isIsoDate } from '@milepost/shared';
import { loadMemberships } from '../../authz/access.repository.ts';
import type { Actor } from '../../authz/actor.ts';
import { can, visibleIssuesSql, visibleMilestonesSql } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import { nextIid } from '../../db/internal-ids.ts';
import type { GroupRow, MilestoneRow } from '../../db/schema.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, ForbiddenError, isUniqueViolation, NotFoundError, ValidationError } from '../../errors.ts';
import { byContainer, type Container } from '../containers/container.ts';
import { recordMilestoneEvent, stateAction } from '../events/event-log.ts';
import { groupsRepository } from '../groups/groups.repository.ts';
import { projectsRepository } from '../projects/projects.repository.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';
import { FieldErrors } from '../validation.ts';
import {
  type MilestoneContainerInfo,
  type MilestoneListFilter,
  type MilestoneSearch,
  type MilestoneSortKey,
  milestonesRepository,
} from './milestones.repository.ts';

export type MilestoneContainer = Container;

export type MilestoneInput = {
  title?: unknown;
  description?: unknown;
  startDate?: unknown;
  dueDate?: unknown;
  /** 'close' | 'activate' */
  stateEvent?: unknown;
};

export type MilestoneListOptions = MilestoneSearch & {
  includeAncestors?: boolean;
  /** groups only: subgroups and every project below */
  includeDescendants?: boolean;
  state?: 'active' | 'closed' | 'all';
  sort?: MilestoneSortKey;
};

export type MilestoneChange = { milestoneIds: number[]; detachedIssueIds: number[] };
export type MilestoneListener = (tx: Db, change: MilestoneChange) => Promise<void>;

export const MAX_MILESTONE_DESCRIPTION = 1_000_000;

/** The most issues a burndown chart reads (GitLab's milestone pages stop at 3000 issues too). */
export const MAX_BURNDOWN_ISSUES = 3000;

function subject(c: MilestoneContainer) {
  return c.type === 'Group'
    ? ({ type: 'Group', group: c.group } as const)
    : ({ type: 'Project', project: c.project, group: c.group } as const);
}

function owner(c: MilestoneContainer) {
  return { groupId: c.type === 'Group' ? c.group.id : null, projectId: c.type === 'Project' ? c.project.id : null };
}

/** Checks the list options that can be wrong whatever the container: dates and the timeframe. */
function checkOptions(o: MilestoneListOptions): void {
  if (o.timeframe) {
    for (const key of ['start', 'end'] as const) {
      if (!isIsoDate(o.timeframe[key])) throw new AppError(400, `timeframe ${key} is invalid`);
    }
    if (o.timeframe.start > o.timeframe.end) throw new AppError(400, 'start must be before end');
  }
  if (o.containingDate !== undefined && !isIsoDate(o.containingDate)) {
    throw new AppError(400, 'containing_date is invalid');
  }
}

export function milestonesService(db: Db) {
  const repo = milestonesRepository(db);
  const listeners: MilestoneListener[] = [];

  async function assertRead(actor: Actor, c: MilestoneContainer): Promise<void> {
    if (!(await can(db, actor, 'readMilestone', subject(c)))) {
      throw new NotFoundError(c.type === 'Group' ? 'Group Not Found' : 'Project Not Found');
    }
  }

  async function assertAdmin(actor: Actor, c: MilestoneContainer): Promise<void> {
    await assertRead(actor, c);
    if (!(await can(db, actor, 'adminMilestone', subject(c)))) throw new ForbiddenError();
  }

  function date(errors: FieldErrors, field: string, value: unknown): string | null {
    if (value === null || value === '') return null;
    if (!isIsoDate(value)) {
      errors.add(field, 'is invalid');
      return null;
    }
    return value;
  }

  function validate(input: MilestoneInput, current?: MilestoneRow) {
    const errors = new FieldErrors();
    const out: Partial<Pick<MilestoneRow, 'title' | 'description' | 'startDate' | 'dueDate' | 'state'>> = {};
    if (!current || input.title !== undefined) out.title = errors.text('title', input.title);
    if (input.description !== undefined && input.description !== null) {
      if (typeof input.description !== 'string') errors.add('description', 'is invalid');
      else if (input.description.length > MAX_MILESTONE_DESCRIPTION) {
        errors.add('description', `is too long (maximum is ${MAX_MILESTONE_DESCRIPTION} characters)`);
      } else out.description = input.description;
    }
    if (input.startDate !== undefined) out.startDate = date(errors, 'start_date', input.startDate);
    if (input.dueDate !== undefined) out.dueDate = date(errors, 'due_date', input.dueDate);
    if (input.stateEvent !== undefined && input.stateEvent !== null) {
      if (input.stateEvent === 'close') out.state = 'closed';
      else if (input.stateEvent === 'activate') out.state = 'active';
      else errors.add('state_event', 'is invalid');
    }
    const start = out.startDate !== undefined ? out.startDate : (current?.startDate ?? null);
    const due = out.dueDate !== undefined ? out.dueDate : (current?.dueDate ?? null);
    if (!errors.fields.start_date && !errors.fields.due_date && start && due && start > due) {
      errors.add('due_date', 'must be greater than start date');
    }
    if (errors.any) throw new ValidationError(errors.fields);
    return out;
  }

  async function notify(tx: Db, change: MilestoneChange): Promise<void> {
    for (const listener of listeners) await listener(tx, change);
  }

  async function list(
    actor: Actor,
    base: Pick<MilestoneListFilter, 'groupIds' | 'descendantGroupsOf' | 'projectIds' | 'projectsUnder' | 'memberOf'>,
    o: MilestoneListOptions,
  ) {
    checkOptions(o);
    return await repo.list({
      ...base,
      visible: await visibleMilestonesSql(db, actor),
      state: o.state === 'all' ? undefined : o.state,
      timeframe: o.timeframe,
      searchTitle: o.searchTitle || undefined,
      search: o.search || undefined,
      title: o.title || undefined,
      ids: o.ids,
      iids: o.iids,
      containingDate: o.containingDate,
      ofEpicTree: o.ofEpicTree,
      updatedBefore: o.updatedBefore,
      updatedAfter: o.updatedAfter,
      sort: o.sort ?? 'due_date_asc',
      limit: o.limit,
      offset: o.offset,
    });
  }

  return {
    /** Registers a listener run inside the transaction of every date change or deletion. */
    onDatesChanged(listener: MilestoneListener): void {
      listeners.push(listener);
    },

    /** A group's milestones; with options also its ancestors' and its subgroups' and projects'. */
    async listForGroup(actor: Actor, group: GroupRow, o: MilestoneListOptions) {
      await assertRead(actor, { type: 'Group', group });
      return await list(
        actor,
        {
          groupIds: o.includeAncestors ? group.traversalIds : [group.id],
          ...(o.includeDescendants ? { descendantGroupsOf: group.id, projectsUnder: group.id } : {}),
        },
        o,
      );
    },

    /**
     * The milestones of the groups and projects the signed-in actor is a member of (and of their
     * subgroups and projects), those they may read: the dashboard's 'Milestones'.
     */
    async listForUser(actor: Actor, o: MilestoneListOptions) {
      if (!actor.user) return { rows: [], total: 0 };
      const memberships = await loadMemberships(db, actor.user.id);
      const of = (type: 'Namespace' | 'Project') =>
        memberships.filter((m) => m.sourceType === type).map((m) => m.sourceId);
      return await list(actor, { memberOf: { namespaceIds: of('Namespace'), projectIds: of('Project') } }, o);
    },

    /** Issue counts of readable milestones (callers resolved them): the issues the actor may read, and the closed ones. */
    async issueStats(actor: Actor, milestoneIds: readonly number[]) {
      return await repo.issueCounts(milestoneIds, await visibleIssuesSql(db, actor));
    },

    /** A group's or project's milestones; `includeDescendants` counts for a group only. */
    async listIn(actor: Actor, c: MilestoneContainer, o: MilestoneListOptions) {
      return await byContainer(
        c,
        (group) => this.listForGroup(actor, group, o),
        (found) => this.listForProject(actor, found, o),
      );
    },

    /** A project's milestones; with `includeAncestors` also its group's and that group's ancestors'. */
    async listForProject(actor: Actor, found: ProjectWithGroup, o: MilestoneListOptions) {
      await assertRead(actor, { type: 'Project', ...found });
      return await list(
        actor,
        { projectIds: [found.project.id], ...(o.includeAncestors ? { groupIds: found.group.traversalIds } : {}) },
        o,
      );
    },

    /** A milestone of exactly this container, by its global id (REST `:milestone_id`). */
    async find(actor: Actor, c: MilestoneContainer, id: number): Promise<MilestoneRow | undefined> {
      await assertRead(actor, c);
      const row = await repo.findById(id);
      const own = owner(c);
      return row && row.groupId === own.groupId && row.projectId === own.projectId ? row : undefined;
    },

    /** A milestone of exactly this container by its iid (the web page's address); undefined when missing or hidden. */
    async findByIid(actor: Actor, c: MilestoneContainer, iid: number): Promise<MilestoneRow | undefined> {
      if (!(await can(db, actor, 'readMilestone', subject(c)))) return undefined;
      const own = owner(c);
      const { rows } = await repo.list({
        ...(own.groupId !== null ? { groupIds: [own.groupId] } : { projectIds: [own.projectId ?? 0] }),
        visible: await visibleMilestonesSql(db, actor),
        iids: [iid],
        sort: 'due_date_asc',
        limit: 1,
        offset: 0,
      });
      return rows[0];
    },

    /** A milestone by global id if the actor may read its container. */
    async findVisible(actor: Actor, id: number): Promise<MilestoneRow | undefined> {
      const row = await repo.findById(id);
      if (!row) return undefined;
      const c = await this.containerOf(row);
      return c && (await can(db, actor, 'readMilestone', subject(c))) ? row : undefined;
    },

    /** The group, or project with its group, that holds a milestone. */
    async containerOf(row: MilestoneRow): Promise<MilestoneContainer | undefined> {
      const groups = groupsRepository(db);
      if (row.groupId !== null) {
        const group = await groups.findById(row.groupId);
        return group && { type: 'Group', group };
      }
      const project = await projectsRepository(db).findById(row.projectId ?? 0);
      const group = project && (await groups.findById(project.groupId));
      return project && group ? { type: 'Project', project, group } : undefined;
    },

    async create(actor: Actor, c: MilestoneContainer, input: MilestoneInput): Promise<MilestoneRow> {
      await assertAdmin(actor, c);
      const v = validate({ ...input, stateEvent: undefined });
      const own = owner(c);
      try {
        return await transaction(db, async (tx) => {
          const txRepo = milestonesRepository(tx);
          if (await txRepo.titleTaken(own, v.title as string)) {
            throw new ValidationError({ title: ['has already been taken'] });
          }
          const iid = await nextIid(
            tx,
            c.type === 'Group' ? 'group_milestones' : 'project_milestones',
            own.groupId ?? own.projectId ?? 0,
          );
          const row = await txRepo.insert({
            ...own,
            iid,
            title: v.title as string,
            description: v.description ?? '',
            startDate: v.startDate ?? null,
            dueDate: v.dueDate ?? null,
          });
          await recordMilestoneEvent(tx, actor, row, 'created');
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ValidationError({ title: ['has already been taken'] });
        throw error;
      }
    },

    async update(actor: Actor, c: MilestoneContainer, milestone: MilestoneRow, input: MilestoneInput) {
      await assertAdmin(actor, c);
      const v = validate(input, milestone);
      try {
        return await transaction(db, async (tx) => {
          const txRepo = milestonesRepository(tx);
          if (v.title !== undefined && (await txRepo.titleTaken(milestone, v.title, milestone.id))) {
            throw new ValidationError({ title: ['has already been taken'] });
          }
          const row = await txRepo.update(milestone.id, v);
          if (!row) throw new NotFoundError('Milestone Not Found');
          if (row.startDate !== milestone.startDate || row.dueDate !== milestone.dueDate) {
            await notify(tx, { milestoneIds: [row.id], detachedIssueIds: [] });
          }
          await recordMilestoneEvent(tx, actor, row, stateAction(milestone.state, row.state));
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ValidationError({ title: ['has already been taken'] });
        throw error;
      }
    },

    async remove(actor: Actor, c: MilestoneContainer, milestone: MilestoneRow): Promise<void> {
      await assertAdmin(actor, c);
      await transaction(db, async (tx) => {
        const detachedIssueIds = await milestonesRepository(tx).delete(milestone.id);
        await notify(tx, { milestoneIds: [milestone.id], detachedIssueIds });
      });
    },

    /**
     * Promotes a project milestone to a milestone of the project's group (GitLab's PromoteService):
     * a group milestone with its title, description and dates is created, the issues of every project
     * milestone of that title under the group move to it, and those project milestones are deleted.
     * Needs adminMilestone on the group; a group milestone of that title already there is refused.
     */
    async promote(actor: Actor, c: MilestoneContainer, milestone: MilestoneRow): Promise<MilestoneRow> {
      await assertRead(actor, c);
      if (c.type !== 'Project' || milestone.projectId !== c.project.id) {
        throw new ValidationError({ milestone: ['is already a group milestone'] });
      }
      if (!(await can(db, actor, 'adminMilestone', { type: 'Group', group: c.group }))) throw new ForbiddenError();
      try {
        return await transaction(db, async (tx) => {
          const txRepo = milestonesRepository(tx);
          const own = { groupId: c.group.id, projectId: null };
          if (await txRepo.titleTaken(own, milestone.title)) {
            throw new ValidationError({ title: ['has already been taken'] });
          }
          const merged = await txRepo.projectMilestonesUnder(c.group.id, milestone.title);
          const row = await txRepo.insert({
            ...own,
            iid: await nextIid(tx, 'group_milestones', c.group.id),
            title: milestone.title,
            description: milestone.description,
            state: milestone.state,
            startDate: milestone.startDate,
            dueDate: milestone.dueDate,
          });
          const moved = await txRepo.moveIssues(
            merged.map((m) => m.id),
            row.id,
          );
          for (const m of merged) await txRepo.delete(m.id);
          await notify(tx, { milestoneIds: [row.id, ...merged.map((m) => m.id)], detachedIssueIds: moved });
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ValidationError({ title: ['has already been taken'] });
        throw error;
      }
    },

    /**
     * GitLab's `burndown_events` of a milestone: for each issue in it that the actor may read, a
     * `created` event (its creation time and weight) and, if it is closed, a `closed` event. Milepost
     * keeps no history of issues joining or leaving a milestone, nor of reopenings (decision 0030).
     */
    async burndownEvents(actor: Actor, milestone: MilestoneRow) {
      const issues = await repo.burndownIssues(milestone.id, await visibleIssuesSql(db, actor), MAX_BURNDOWN_ISSUES);
      const events = issues.flatMap((i) => [
        { created_at: i.createdAt.toISOString(), weight: i.weight, action: 'created' as const },
        ...(i.closedAt ? [{ created_at: i.closedAt.toISOString(), weight: i.weight, action: 'closed' as const }] : []),
      ]);
      return events.sort((a, b) => a.created_at.localeCompare(b.created_at));
    },

    async findForIssue(_actor: Actor, found: ProjectWithGroup, milestoneId: number): Promise<MilestoneRow | undefined> {
      const row = await repo.findById(milestoneId);
      if (!row) return undefined;
      if (row.projectId === found.project.id) return row;
      return row.groupId !== null && found.group.traversalIds.includes(row.groupId) ? row : undefined;
    },

    async loadByIds(ids: readonly number[]): Promise<MilestoneRow[]> {
      return await repo.findByIds([...new Set(ids)]);
    },

    /** Container path and group ancestry of each milestone (web paths, group/subgroup flags). */
    async containerInfo(ids: readonly number[]): Promise<Map<number, MilestoneContainerInfo>> {
      return await repo.containerInfo([...new Set(ids)]);
    },
  };
}
