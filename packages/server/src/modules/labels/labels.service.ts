/**
 * Labels of groups and projects. A label belongs to one container and is available downward: a
 * group sees its own labels and its ancestors'; a project sees its own, its group's and that group's
 * ancestors'. Titles are unique per container; colours are `#rrggbb` (CSS colour names are mapped).
 *
 * API for other modules (epics, issues):
 * - `resolveForGroup(actor, group, {ids?, titles?})` / `resolveForProject(actor, {project, group}, {ids?, titles?})`
 *   → the label rows available to that container, one per requested id/title, in request order
 *   (a title present in several containers resolves to the nearest: project, group, then the
 *   closest ancestor). Any id or title that is not available throws `UnknownLabelsError` (422,
 *   "Labels not found: …", naming only what the caller sent). Scoped labels are NOT reduced here:
 *   apply `keepOnePerScope` from @milepost/shared on the final list of a target.
 * - `createMissing(actor, container, titles)` → creates the titles not available to the container
 *   in the container itself (a project label for issues, a group label for epics), as GitLab does
 *   for `labels`/`add_labels` given by name; 400 when the actor may not create labels there.
 * - `loadByIds(ids)` → rows by id, no access check (for rows already linked to a readable target).
 * - `loadForEpics(epicIds)` / `loadForIssues(issueIds)` → Map(target id → labels sorted by title),
 *   one query for the whole batch (use it in your DataLoader).
 * Access: listing needs readLabel on the container (hidden containers look missing); writes need
 * adminLabel (Reporter+). Lists never contain labels of containers the actor cannot read.
 */
import { normalizeLabelColor } from '@milepost/shared';
import type { Actor } from '../../authz/actor.ts';
import { can, visibleIssuesSql, visibleLabelsSql } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { GroupRow, LabelRow } from '../../db/schema.ts';
import { transaction } from '../../db/transaction.ts';
import {
  ConflictError,
  ForbiddenError,
  isUniqueViolation,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../../errors.ts';
import { byContainer, type Container } from '../containers/container.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';
import { subscriptionsRepository } from '../subscriptions/subscriptions.repository.ts';
import { FieldErrors } from '../validation.ts';
import { type LabelScope, labelsRepository } from './labels.repository.ts';

/** Where a label lives: a group, or a project with its group (the policy's subjects). */
export type LabelContainer = Container;

export type LabelInput = { title?: unknown; color?: unknown; description?: unknown };

export type LabelSearch = { search?: string; searchIn?: readonly ('TITLE' | 'DESCRIPTION')[]; title?: string };

export type GroupLabelsOptions = LabelSearch & {
  includeAncestorGroups?: boolean;
  includeDescendantGroups?: boolean;
  onlyGroupLabels?: boolean;
  limit: number;
  offset: number;
};

export type ProjectLabelsOptions = LabelSearch & { includeAncestorGroups?: boolean; limit: number; offset: number };

/** GitLab's limit for descriptions (1 MB), checked before anything renders them. */
export const MAX_LABEL_DESCRIPTION = 1_000_000;

export const LABEL_EXISTS = 'Label already exists';

/** GitLab's `Label::DEFAULT_COLOR`, the colour of labels created by name on an issue or epic. */
export const DEFAULT_LABEL_COLOR = '#6699cc';

/** Some requested labels are not available to the container (missing or hidden look the same). */
export class UnknownLabelsError extends ValidationError {
  constructor(readonly missing: string[]) {
    super({ labels: [`not found: ${missing.join(', ')}`] }, 422);
  }
}

function subject(c: LabelContainer) {
  return c.type === 'Group'
    ? ({ type: 'Group', group: c.group } as const)
    : ({ type: 'Project', project: c.project, group: c.group } as const);
}

/** The containers whose labels are available to `c`, nearest first. */
function availableScope(c: LabelContainer): LabelScope {
  const groupIds = [...c.group.traversalIds].reverse();
  return c.type === 'Group' ? { groupIds } : { groupIds, projectIds: [c.project.id] };
}

function nearness(c: LabelContainer, label: LabelRow): number {
  if (label.projectId !== null) return -1;
  return [...c.group.traversalIds].reverse().indexOf(label.groupId ?? -1);
}

function searchOf(o: LabelSearch) {
  if (o.title !== undefined && o.title !== '') return { title: o.title };
  if (!o.search) return {};
  const fields = o.searchIn?.length ? o.searchIn : ['TITLE', 'DESCRIPTION'];
  return { search: { term: o.search, title: fields.includes('TITLE'), description: fields.includes('DESCRIPTION') } };
}

export function labelsService(db: Db) {
  const repo = labelsRepository(db);

  async function assertRead(actor: Actor, c: LabelContainer): Promise<void> {
    if (!(await can(db, actor, 'readLabel', subject(c)))) {
      throw new NotFoundError(c.type === 'Group' ? 'Group Not Found' : 'Project Not Found');
    }
  }

  async function assertAdmin(actor: Actor, c: LabelContainer): Promise<void> {
    await assertRead(actor, c);
    if (!(await can(db, actor, 'adminLabel', subject(c)))) throw new ForbiddenError();
  }

  function validate(input: LabelInput, partial: boolean) {
    const errors = new FieldErrors();
    const out: { title?: string; color?: string; description?: string } = {};
    if (!partial || input.title !== undefined) {
      out.title = errors.text('title', input.title);
      if (out.title.includes(',')) errors.add('title', 'is invalid');
    }
    if (!partial || input.color !== undefined) {
      const color = normalizeLabelColor(input.color);
      if (!color) errors.add('color', 'must be a valid color code');
      else out.color = color;
    }
    if (input.description !== undefined && input.description !== null) {
      if (typeof input.description !== 'string') errors.add('description', 'is invalid');
      else if (input.description.length > MAX_LABEL_DESCRIPTION) {
        errors.add('description', `is too long (maximum is ${MAX_LABEL_DESCRIPTION} characters)`);
      } else out.description = input.description;
    }
    if (errors.any) throw new ValidationError(errors.fields);
    return out;
  }

  async function resolve(actor: Actor, c: LabelContainer, by: { ids?: readonly number[]; titles?: readonly string[] }) {
    await assertRead(actor, c);
    const found = await repo.findInScope(availableScope(c), by);
    const result: LabelRow[] = [];
    const missing: string[] = [];
    const add = (label: LabelRow | undefined, asked: string) => {
      if (!label) missing.push(asked);
      else if (!result.some((l) => l.id === label.id)) result.push(label);
    };
    for (const id of by.ids ?? [])
      add(
        found.find((l) => l.id === id),
        String(id),
      );
    for (const title of by.titles ?? []) {
      const candidates = found.filter((l) => l.title === title).sort((a, b) => nearness(c, a) - nearness(c, b));
      add(candidates[0], JSON.stringify(title));
    }
    if (missing.length) throw new UnknownLabelsError(missing);
    return result;
  }

  return {
    /** Labels of a group (its own; with options its ancestors', descendants' and projects'). */
    async listForGroup(actor: Actor, group: GroupRow, o: GroupLabelsOptions) {
      await assertRead(actor, { type: 'Group', group });
      const groupIds = o.includeAncestorGroups ? group.traversalIds : [group.id];
      return await repo.list({
        groupIds,
        descendantGroupsOf: o.includeDescendantGroups ? group.id : undefined,
        projectsOf: o.onlyGroupLabels ? undefined : { groupId: group.id, subtree: o.includeDescendantGroups === true },
        visible: await visibleLabelsSql(db, actor),
        ...searchOf(o),
        limit: o.limit,
        offset: o.offset,
      });
    },

    /** Labels of a group or project; the group-only options are ignored for a project. */
    async listIn(actor: Actor, c: LabelContainer, o: GroupLabelsOptions) {
      return await byContainer(
        c,
        (group) => this.listForGroup(actor, group, o),
        (found) => this.listForProject(actor, found, o),
      );
    },

    /** Labels of a project: its own and its group's (with `includeAncestorGroups`, every ancestor's). */
    async listForProject(actor: Actor, found: ProjectWithGroup, o: ProjectLabelsOptions) {
      await assertRead(actor, { type: 'Project', ...found });
      return await repo.list({
        groupIds: o.includeAncestorGroups ? found.group.traversalIds : [found.group.id],
        projectIds: [found.project.id],
        visible: await visibleLabelsSql(db, actor),
        ...searchOf(o),
        limit: o.limit,
        offset: o.offset,
      });
    },

    /**
     * One label by id or title, as REST's `:label_id`: among the container's own labels, or (with
     * `includeAncestors`) every label available to it. A numeric value is tried as an id, then as a title.
     */
    async find(
      actor: Actor,
      c: LabelContainer,
      idOrTitle: string,
      opts: { includeAncestors: boolean },
    ): Promise<LabelRow | undefined> {
      await assertRead(actor, c);
      const scope: LabelScope = opts.includeAncestors
        ? availableScope(c)
        : c.type === 'Group'
          ? { groupIds: [c.group.id] }
          : { projectIds: [c.project.id] };
      const asId = /^\d{1,15}$/.test(idOrTitle) ? Number(idOrTitle) : undefined;
      const found = await repo.findInScope(scope, { ids: asId !== undefined ? [asId] : [], titles: [idOrTitle] });
      const byId = found.find((l) => l.id === asId);
      if (byId) return byId;
      return found.filter((l) => l.title === idOrTitle).sort((a, b) => nearness(c, a) - nearness(c, b))[0];
    },

    async create(actor: Actor, c: LabelContainer, input: LabelInput): Promise<LabelRow> {
      await assertAdmin(actor, c);
      const v = validate(input, false);
      const container = {
        groupId: c.type === 'Group' ? c.group.id : null,
        projectId: c.type === 'Project' ? c.project.id : null,
      };
      try {
        return await transaction(db, async (tx) => {
          const txRepo = labelsRepository(tx);
          if (await txRepo.titleTaken(container, v.title as string)) throw new ConflictError(LABEL_EXISTS);
          return await txRepo.insert({
            ...container,
            title: v.title as string,
            color: v.color as string,
            description: v.description ?? '',
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(LABEL_EXISTS);
        throw error;
      }
    },

    /** Changes title, colour and/or description of a label of `c` itself. */
    async update(actor: Actor, c: LabelContainer, label: LabelRow, input: LabelInput): Promise<LabelRow> {
      await assertAdmin(actor, c);
      const v = validate(input, true);
      try {
        return await transaction(db, async (tx) => {
          const txRepo = labelsRepository(tx);
          if (v.title !== undefined && (await txRepo.titleTaken(label, v.title, label.id))) {
            throw new ConflictError(LABEL_EXISTS);
          }
          const row = await txRepo.update(label.id, v);
          if (!row) throw new NotFoundError('Label Not Found');
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(LABEL_EXISTS);
        throw error;
      }
    },

    /** Deletes a label of `c` (its links to epics and issues go with it). */
    async remove(actor: Actor, c: LabelContainer, label: LabelRow): Promise<void> {
      await assertAdmin(actor, c);
      await transaction(db, async (tx) => labelsRepository(tx).delete(label.id));
    },

    /**
     * Labels named on an issue or epic that the container cannot see yet are created in it (own
     * transaction, before the caller's: GitLab creates them before saving the issue too). Nothing
     * to create needs no permission; creating needs adminLabel, else 400 naming the labels.
     */
    async createMissing(actor: Actor, c: LabelContainer, titles: readonly string[] | undefined): Promise<void> {
      const wanted = [...new Set((titles ?? []).map((t) => t.trim()).filter(Boolean))].slice(0, 100);
      if (wanted.length === 0) return;
      const available = await repo.findInScope(availableScope(c), { titles: wanted });
      const missing = wanted.filter((t) => !available.some((l) => l.title === t));
      if (missing.length === 0) return;
      if (!(await can(db, actor, 'adminLabel', subject(c)))) {
        const where = c.type === 'Group' ? 'this group' : 'this project';
        throw new ValidationError(
          {
            labels: [
              `${missing.map((t) => JSON.stringify(t)).join(', ')} not found, and you may not create labels in ${where}`,
            ],
          },
          400,
        );
      }
      for (const title of missing) validate({ title, color: DEFAULT_LABEL_COLOR }, false);
      const container = {
        groupId: c.type === 'Group' ? c.group.id : null,
        projectId: c.type === 'Project' ? c.project.id : null,
      };
      await transaction(db, async (tx) =>
        labelsRepository(tx).insertMissingTitles(container, missing, DEFAULT_LABEL_COLOR),
      );
    },

    async resolveForGroup(actor: Actor, group: GroupRow, by: { ids?: readonly number[]; titles?: readonly string[] }) {
      return await resolve(actor, { type: 'Group', group }, by);
    },

    async resolveForProject(
      actor: Actor,
      found: ProjectWithGroup,
      by: { ids?: readonly number[]; titles?: readonly string[] },
    ) {
      return await resolve(actor, { type: 'Project', ...found }, by);
    },

    /** Which of these labels the actor subscribed to (none for signed-out visitors). */
    async subscribedIds(actor: Actor, labelIds: readonly number[]): Promise<Set<number>> {
      if (!actor.user) return new Set();
      return await subscriptionsRepository(db).subscribedIds('Label', actor.user.id, labelIds);
    },

    /** Subscribes to a label available to `c`, or unsubscribes; false when already in that state (REST's 304). */
    async setSubscription(actor: Actor, c: LabelContainer, label: LabelRow, subscribed: boolean): Promise<boolean> {
      const user = actor.user;
      if (!user) throw new UnauthorizedError();
      await assertRead(actor, c);
      const subs = subscriptionsRepository(db);
      if ((await subs.subscribedIds('Label', user.id, [label.id])).has(label.id) === subscribed) return false;
      await subs.set('Label', label.id, user.id, subscribed);
      return true;
    },

    /** Each label's priority in the project `c` (none for a group: priorities belong to projects). */
    async prioritiesIn(c: LabelContainer, labelIds: readonly number[]): Promise<Map<number, number>> {
      if (c.type !== 'Project') return new Map();
      return await repo.priorities(c.project.id, labelIds);
    },

    /**
     * Sets a label's priority in project `c` (null removes it), as REST's `priority` parameter. The
     * label must be available to the project (its own or a group's); needs adminLabel on the project.
     */
    async setPriority(actor: Actor, c: LabelContainer, label: LabelRow, priority: unknown): Promise<void> {
      await assertAdmin(actor, c);
      if (c.type !== 'Project') throw new ValidationError({ priority: ['is only available for project labels'] });
      if (priority !== null && (typeof priority !== 'number' || !Number.isInteger(priority) || priority < 0)) {
        throw new ValidationError({ priority: ['must be greater than or equal to 0'] });
      }
      if (nearness(c, label) === -1 && label.projectId !== c.project.id) throw new NotFoundError('Label Not Found');
      await transaction(db, async (tx) => labelsRepository(tx).setPriority(c.project.id, label.id, priority));
    },

    /**
     * The prioritised labels of project `c` in a new order (GitLab's `set_priorities`): the given
     * labels get priorities 0, 1, 2, … in that order; prioritised labels not named keep their rank
     * after them. Unknown ids are refused as a whole.
     */
    async reorderPriorities(actor: Actor, c: LabelContainer, labelIds: readonly number[]): Promise<void> {
      await assertAdmin(actor, c);
      if (c.type !== 'Project') throw new ValidationError({ label_ids: ['are only prioritized in projects'] });
      const wanted = [...new Set(labelIds)];
      await resolve(actor, c, { ids: wanted });
      await transaction(db, async (tx) => {
        const txRepo = labelsRepository(tx);
        await txRepo.lockPriorities(c.project.id);
        const rest = (await txRepo.prioritizedIds(c.project.id)).filter((id) => !wanted.includes(id));
        const order = [...wanted, ...rest];
        for (const [i, id] of order.entries()) await txRepo.setPriority(c.project.id, id, i);
      });
    },

    /** Labels prioritised in project `c`, best first, that the actor may read. */
    async prioritized(actor: Actor, c: LabelContainer): Promise<LabelRow[]> {
      if (c.type !== 'Project') return [];
      await assertRead(actor, c);
      const ids = await repo.prioritizedIds(c.project.id);
      const rows = await repo.findInScope(availableScope(c), { ids });
      return ids.flatMap((id) => rows.filter((l) => l.id === id));
    },

    /**
     * Promotes a project label of `c` to a label of the project's group (GitLab's PromoteService):
     * a group label of that title is created (or the existing one kept), and every project label of
     * that title under the group is merged into it. Needs adminLabel on the group.
     */
    async promote(actor: Actor, c: LabelContainer, label: LabelRow): Promise<LabelRow> {
      await assertRead(actor, c);
      if (c.type !== 'Project' || label.projectId !== c.project.id) {
        throw new ValidationError({ label: ['is already a group label'] });
      }
      if (!(await can(db, actor, 'adminLabel', { type: 'Group', group: c.group }))) throw new ForbiddenError();
      return await transaction(db, async (tx) => {
        const txRepo = labelsRepository(tx);
        const container = { groupId: c.group.id, projectId: null };
        const existing = (await txRepo.findInScope({ groupIds: [c.group.id] }, { titles: [label.title] }))[0];
        const groupLabel =
          existing ??
          (await txRepo.insert({
            ...container,
            title: label.title,
            color: label.color,
            description: label.description,
          }));
        await txRepo.mergeProjectLabelsInto(groupLabel, c.group.id);
        return groupLabel;
      });
    },

    /** Opened / closed issue counts per label, counting only issues the actor may read. */
    async issueCounts(actor: Actor, labelIds: readonly number[]) {
      return await repo.issueCounts(labelIds, await visibleIssuesSql(db, actor));
    },

    async loadByIds(ids: readonly number[]): Promise<LabelRow[]> {
      return await repo.findByIds([...new Set(ids)]);
    },

    async loadForEpics(epicIds: readonly number[]): Promise<Map<number, LabelRow[]>> {
      return await repo.forTargets('epic', epicIds);
    },

    async loadForIssues(issueIds: readonly number[]): Promise<Map<number, LabelRow[]>> {
      return await repo.forTargets('issue', issueIds);
    },
  };
}
