/** Epics: reads, lists and writes, with GitLab's rules; the tree and batched reads are mixed in. */
import { createHash } from 'node:crypto';
import { type Ability, isIsoDate, type RoadmapFirstListArgs } from '@milepost/shared';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../authz/actor.ts';
import { can, type Subject, visibleEpicsSql } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { IdList } from '../../db/id-list.ts';
import { nextIid } from '../../db/internal-ids.ts';
import type { KeyCursor } from '../../db/keyset.ts';
import type { GroupRow } from '../../db/schema.ts';
import { together, transaction } from '../../db/transaction.ts';
import { AppError, ForbiddenError, MAX_LIST_VALUES, NotFoundError } from '../../errors.ts';
import { assertSubEpics, scopedLabelRule } from '../application-settings/feature-switches.ts';
import { recordEpicEvent, stateAction } from '../events/event-log.ts';
import { labelsService } from '../labels/labels.service.ts';
import { trackEpic } from '../notes/system-notes.ts';
import { withTaskToggled } from '../task-lists/task-toggle.ts';
import { createTodos } from '../todos/todo-triggers.ts';
import { recomputeEpicDates } from './epic-dates.repository.ts';
import { assertConfidentialityChange, assertValidParent } from './epic-hierarchy.ts';
import { type EpicInput, STALE_EPIC_MESSAGE, validateEpicInput } from './epic-input.ts';
import { positionIndexes, SEEK_FROM, startAfter } from './epic-positions.ts';
import { epicReadsService } from './epic-reads.service.ts';
import { epicTreeRepository } from './epic-tree.repository.ts';
import { epicTreeService } from './epic-tree.service.ts';
import {
  type EpicListFilter,
  type EpicSortKey,
  type EpicWithGroup,
  epicsRepository,
  type Wildcard,
} from './epics.repository.ts';

export type { EpicWithGroup } from './epics.repository.ts';

/** Filters of `Group.epics` / `Epic.children` / REST `GET /groups/:id/epics`, transport-neutral. */
export type EpicListInput = {
  group?: GroupRow;
  includeDescendantGroups?: boolean;
  includeAncestorGroups?: boolean;
  parentId?: number;
  ids?: readonly number[];
  state?: 'opened' | 'closed' | 'all';
  iids?: readonly string[];
  iidStartsWith?: string;
  authorId?: number;
  authorUsername?: string;
  labelNames?: readonly string[];
  milestoneTitle?: string;
  myReactionEmoji?: string;
  confidential?: boolean;
  search?: string;
  searchIn?: readonly ('title' | 'description')[];
  timeframe?: { start: string; end: string };
  topLevelHierarchyOnly?: boolean;
  /** only the rows a roadmap of the list shows at top level (spec 000's nesting rule) */
  topLevelInList?: boolean;
  createdAfter?: string;
  createdBefore?: string;
  updatedAfter?: string;
  updatedBefore?: string;
  subscribed?: boolean;
  not?: { labelNames?: readonly string[]; authorId?: number; authorUsername?: string; myReactionEmoji?: string };
  or?: { labelNames?: readonly string[]; authorUsernames?: readonly string[] };
  sort?: EpicSortKey;
};

const WILDCARDS: Record<string, Wildcard> = { none: 'none', any: 'any' };

const SORT_KEYS: ReadonlySet<string> = new Set<EpicSortKey>([
  'start_date_asc',
  'start_date_desc',
  'end_date_asc',
  'end_date_desc',
  'title_asc',
  'title_desc',
  'created_at_asc',
  'created_at_desc',
  'updated_at_asc',
  'updated_at_desc',
]);
const isEpicSortKey = (value: string): value is EpicSortKey => SORT_KEYS.has(value);

/** JSON with every object's keys in order: equal values give one text whatever order they were built in. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

export function epicsService(db: Db) {
  const repo = epicsRepository(db);
  const labelService = labelsService(db);
  const visible = (actor: Actor) => visibleEpicsSql(db, actor, sql.raw('"epics"'), sql.raw('"groups"'));
  const readable = async (actor: Actor, found: EpicWithGroup | undefined) =>
    found && (await can(db, actor, 'readEpic', { type: 'Epic', ...found })) ? found : undefined;
  const tree = epicTreeService(db, readable);
  const positions = positionIndexes();
  /**
   * A list's identity for its position index: the viewer and the filter (its sort included), with
   * every object's keys in order, so that equal filters however built (a GraphQL request's, the
   * page's own start, `warmRoadmapList`) name one index.
   */
  const listKey = (actor: Actor, input: EpicListInput) =>
    createHash('sha256')
      .update(canonicalJson([actor.user?.id ?? null, input]))
      .digest('base64url');

  async function toFilter(actor: Actor, input: EpicListInput): Promise<Omit<EpicListFilter, 'limit' | 'offset'>> {
    if (input.timeframe) {
      const { start, end } = input.timeframe;
      if (!isIsoDate(start) || !isIsoDate(end)) throw new AppError(400, 'timeframe must contain valid dates');
      if (start > end) throw new AppError(400, 'start must be before end');
    }
    if (input.iidStartsWith !== undefined && !/^\d+$/.test(input.iidStartsWith)) {
      throw new AppError(400, 'Invalid `iidStartsWith` query');
    }
    const iids = input.iids?.map(Number).filter((n) => Number.isSafeInteger(n));
    const me = actor.user?.id;
    const labels = input.labelNames ?? [];
    const wildcard = labels.length === 1 ? WILDCARDS[(labels[0] ?? '').toLowerCase()] : undefined;
    const reaction = input.myReactionEmoji;
    const searchIn = input.searchIn?.length ? input.searchIn : ['title', 'description'];
    const group = input.group;
    return {
      visible: await visible(actor),
      groupScope: group && {
        groupId: group.id,
        descendants: input.includeDescendantGroups ?? true,
        ancestorIds: input.includeAncestorGroups ? group.traversalIds.filter((id) => id !== group.id) : [],
      },
      parentId: input.parentId,
      ids: input.ids,
      state: input.state === 'all' ? undefined : input.state,
      iids: iids && (iids.length ? iids : [-1]),
      iidStartsWith: input.iidStartsWith,
      authorIds: input.authorId !== undefined ? [input.authorId] : undefined,
      authorUsernames: input.authorUsername !== undefined ? [input.authorUsername] : input.or?.authorUsernames,
      labelNames: wildcard ? undefined : labels.length ? labels : undefined,
      labelWildcard: wildcard,
      anyLabelNames: input.or?.labelNames,
      milestoneTitle: input.milestoneTitle,
      // GitLab ignores the reaction filter for signed-out visitors.
      reaction: me && reaction ? { userId: me, name: WILDCARDS[reaction.toLowerCase()] ?? reaction } : undefined,
      confidential: input.confidential,
      search: input.search
        ? { term: input.search, title: searchIn.includes('title'), description: searchIn.includes('description') }
        : undefined,
      timeframe: input.timeframe,
      topLevelOnly: input.topLevelHierarchyOnly,
      topLevelInList: input.topLevelInList,
      createdAfter: input.createdAfter,
      createdBefore: input.createdBefore,
      updatedAfter: input.updatedAfter,
      updatedBefore: input.updatedBefore,
      subscribed: me && input.subscribed !== undefined ? { userId: me, subscribed: input.subscribed } : undefined,
      not: input.not && {
        labelNames: input.not.labelNames,
        authorIds: input.not.authorId !== undefined ? [input.not.authorId] : undefined,
        authorUsernames: input.not.authorUsername !== undefined ? [input.not.authorUsername] : undefined,
        reaction: me && input.not.myReactionEmoji ? { userId: me, name: input.not.myReactionEmoji } : undefined,
      },
      sort: input.sort ?? (input.parentId !== undefined ? 'relative_position' : 'created_at_desc'),
    };
  }

  /** The label ids an epic ends up with after replace/add/remove (unknown labels are left out). */
  /** Reads through `tx`: a transaction holding the tree's lock never waits for a second connection. */
  async function nextLabelIds(
    tx: Db,
    group: GroupRow,
    current: number[],
    input: EpicInput,
  ): Promise<number[] | undefined> {
    const touched = ['labelIds', 'labels', 'addLabelIds', 'removeLabelIds', 'addLabels', 'removeLabels'] as const;
    if (!touched.some((k) => input[k] !== undefined)) return undefined;
    const lookup = async (ids?: readonly number[], titles?: readonly string[]) =>
      await epicsRepository(tx).groupLabels(group, { ids, titles });
    let result = [...current];
    if (input.labelIds !== undefined || input.labels !== undefined) {
      result = (await lookup(input.labelIds, input.labels)).map((l) => l.id);
    }
    const added = await lookup(input.addLabelIds, input.addLabels);
    const removed = new Set((await lookup(input.removeLabelIds, input.removeLabels)).map((l) => l.id));
    result = [...result.filter((id) => !added.some((l) => l.id === id)), ...added.map((l) => l.id)];
    result = result.filter((id) => !removed.has(id));
    const titled = await epicsRepository(tx).groupLabels(group, { ids: result });
    const ordered = result.flatMap((id) => titled.filter((l) => l.id === id));
    const onePerScope = await scopedLabelRule(tx);
    return onePerScope(ordered).map((l) => l.id);
  }

  async function findParent(actor: Actor, parentId: number): Promise<EpicWithGroup> {
    await assertSubEpics(db);
    const parent = await readable(actor, await repo.findById(parentId));
    if (!parent || !(await can(db, actor, 'adminEpicRelation', { type: 'Epic', ...parent }))) {
      throw new NotFoundError('Parent Epic Not Found');
    }
    return parent;
  }

  return {
    ...tree,
    ...epicReadsService(db, visible),

    /** The policy's answer for one epic (for flags such as the UI's `can_admin`). */
    async can(actor: Actor, ability: Ability, subject: Subject): Promise<boolean> {
      return await can(db, actor, ability, subject);
    },

    /** The SQL condition of epics the actor may read (over "epics" / "groups"). */
    visibleSql: visible,

    /** The epic if it exists and the actor may read it; hidden and missing look the same. */
    async find(actor: Actor, group: GroupRow, iid: number): Promise<EpicWithGroup | undefined> {
      if (!Number.isSafeInteger(iid)) return undefined;
      return await readable(actor, await repo.findByIid(group.id, iid));
    },

    async get(actor: Actor, group: GroupRow, iid: number): Promise<EpicWithGroup> {
      const found = await this.find(actor, group, iid);
      if (!found) throw new NotFoundError('Epic Not Found');
      return found;
    },

    async findById(actor: Actor, id: number): Promise<EpicWithGroup | undefined> {
      return await readable(actor, await repo.findById(id));
    },

    /**
     * One page of the epics the actor may read and their number, each with its place in the order;
     * with `total` (the count a first page of the same filter returned) that count is not taken
     * again, and with `after`/`before` as well the page is the rows beyond that one (keyset).
     *
     * A roadmap's list (`topLevelInList`) is read through its position index (epic-positions.ts,
     * decision 0056): the first page builds it (the pass that counts the list orders its ids), and
     * every later window is the ids at its positions, read by primary key — the same cost at row
     * 90,000 as at row 50. Other lists use an index only for windows deep in them.
     */
    async list(
      actor: Actor,
      input: EpicListInput,
      page: { limit: number; offset: number; total?: number; after?: KeyCursor; before?: KeyCursor },
    ): Promise<{ rows: (EpicWithGroup & { cursor: KeyCursor })[]; total: number }> {
      const { total, after, before, ...window } = page;
      const filter = { ...(await toFilter(actor, input)), ...window };
      const key = listKey(actor, input);
      const build = () => repo.orderedIds(filter);
      const rowsAt = async (ids: IdList, from: number) =>
        await repo.windowByIds(Array.from(ids.subarray(from, from + window.limit)), filter.visible, filter.sort);
      if (window.limit > 0 && !before) {
        if (total === undefined && !after && input.topLevelInList) {
          const ids = await positions.fresh(key, build);
          return { rows: await rowsAt(ids, window.offset), total: ids.length };
        }
        if (total !== undefined) {
          const kept =
            input.topLevelInList || window.offset >= SEEK_FROM ? positions.indexOf(key, build) : positions.peek(key);
          const ids = await kept;
          const from = ids && (after ? startAfter(ids, after.id, window.offset) : window.offset);
          if (ids && from !== undefined) return { rows: await rowsAt(ids, from), total };
        }
      }
      return await repo.list(filter, total, { after, before });
    },

    /**
     * Starts building the position index of a group roadmap's first list (decision 0096), when the
     * server serves the roadmap's page: the page's first epics request leaves only once the page's
     * early script has run and, for weekly columns, the viewer's first day of the week has come
     * back; it then finds the index built or on its way (`list`'s first page joins a build of the
     * same list and viewer begun within two seconds) instead of starting the pass itself. The same
     * filter, key and build as that request's; settles when the build is done.
     */
    async warmRoadmapList(actor: Actor, group: GroupRow, args: RoadmapFirstListArgs): Promise<void> {
      const sort = args.sort.toLowerCase();
      if (!isEpicSortKey(sort)) return;
      // A URL may hold more values than a request may ask for (`MAX_LIST_VALUES`): such a list is not built.
      const lists = [args.labelName, args.not?.labelName, args.or?.labelNames, args.or?.authorUsernames];
      if (lists.some((list) => (list?.length ?? 0) > MAX_LIST_VALUES)) return;
      const input: EpicListInput = {
        group,
        state: args.state,
        sort,
        timeframe: args.timeframe,
        includeDescendantGroups: args.includeDescendantGroups,
        // `Group.epics`'s default.
        includeAncestorGroups: false,
        topLevelInList: true,
        labelNames: args.labelName,
        authorUsername: args.authorUsername,
        milestoneTitle: args.milestoneTitle,
        myReactionEmoji: args.myReactionEmoji,
        confidential: args.confidential,
        search: args.search,
        not: args.not && {
          labelNames: args.not.labelName,
          authorUsername: args.not.authorUsername,
          myReactionEmoji: args.not.myReactionEmoji,
        },
        or: args.or && { labelNames: args.or.labelNames, authorUsernames: args.or.authorUsernames },
      };
      const filter = await toFilter(actor, input);
      await positions.fresh(listKey(actor, input), () => repo.orderedIds(filter));
    },

    /**
     * Where the epic is in a roadmap's list (`topLevelInList`): the position of the top-level row
     * that holds it (its own, or that of the ancestor it nests under: the list's first ancestor from
     * the top, spec 000's rule) and the epics to expand from that row down to its parent. Null when
     * the epic is not in the list (filtered out). `found`: an epic the actor may read (`find`).
     */
    async positionOf(
      actor: Actor,
      input: EpicListInput,
      found: EpicWithGroup,
    ): Promise<{ position: number; expand: number[] } | null> {
      const filter = await toFilter(actor, { ...input, topLevelInList: true });
      if (!(await repo.matches(filter, found.epic.id))) return null;
      const ids = await positions.indexOf(listKey(actor, { ...input, topLevelInList: true }), () =>
        repo.orderedIds(filter),
      );
      const path =
        found.epic.pathIds.at(-1) === found.epic.id ? found.epic.pathIds : [...found.epic.pathIds, found.epic.id];
      for (const [i, id] of path.entries()) {
        const position = ids.indexOf(id);
        if (position !== -1) return { position, expand: path.slice(i, -1) };
      }
      return null;
    },

    async listAll(actor: Actor, input: EpicListInput): Promise<EpicWithGroup[]> {
      return await repo.all(await toFilter(actor, input));
    },

    async create(actor: Actor, group: GroupRow, input: EpicInput): Promise<EpicWithGroup> {
      if (!(await can(db, actor, 'createEpic', { type: 'Group', group }))) throw new ForbiddenError();
      const values = validateEpicInput(input);
      const parent = input.parentId != null ? await findParent(actor, input.parentId) : undefined;
      await labelService.createMissing(actor, { type: 'Group', group }, input.labels);
      const confidential = values.confidential ?? false;
      return await transaction(db, async (tx) => {
        const txRepo = epicsRepository(tx);
        const txTree = epicTreeRepository(tx);
        // The hierarchy lock first, as every tree write (the new epic's dates roll up its ancestors).
        await txRepo.lockHierarchy(group.traversalIds[0] ?? group.id);
        if (parent) {
          await txRepo.lock([parent.epic.id]);
          await assertValidParent(tx, { new: true, groupTraversalIds: group.traversalIds, confidential }, parent);
        }
        // Asked together: one round trip in the first start's whole unit, whose connection pipelines.
        const [position, iid, labelIds] = await together(
          tx,
          async () => (parent ? await tree.appendPosition(tx, parent.epic.id) : null),
          () => nextIid(tx, 'epics', group.id),
          () => nextLabelIds(tx, group, [], input),
        );
        const epic = await txRepo.insert({
          groupId: group.id,
          iid,
          title: values.title ?? '',
          description: values.description ?? '',
          confidential,
          authorId: actor.user?.id ?? null,
          color: values.color ?? '#1068bf',
          parentId: parent?.epic.id ?? null,
          relativePosition: position,
          startDateIsFixed: values.startDateIsFixed ?? false,
          startDateFixed: values.startDateFixed ?? null,
          dueDateIsFixed: values.dueDateIsFixed ?? false,
          dueDateFixed: values.dueDateFixed ?? null,
          createdAt: input.createdAt,
        });
        await txTree.initPath(epic.id, parent?.epic.pathIds ?? []);
        if (labelIds?.length) await txRepo.setLabels(epic.id, labelIds);
        await recomputeEpicDates(tx, [epic.id]);
        const row = await txRepo.findById(epic.id);
        if (!row) throw new Error('created epic vanished');
        await createTodos(tx, actor, { type: 'Epic', node: row }, { text: row.epic.description });
        await recordEpicEvent(tx, actor, row, 'created');
        return row;
      });
    },

    async update(actor: Actor, found: EpicWithGroup, input: EpicInput): Promise<EpicWithGroup> {
      if (!(await can(db, actor, 'updateEpic', { type: 'Epic', ...found }))) throw new ForbiddenError();
      const changes = validateEpicInput(input, found.epic);
      const newParent = input.parentId != null ? await findParent(actor, input.parentId) : undefined;
      await labelService.createMissing(actor, { type: 'Group', group: found.group }, [
        ...(input.labels ?? []),
        ...(input.addLabels ?? []),
      ]);
      return await transaction(db, async (tx) => {
        const txRepo = epicsRepository(tx);
        await txRepo.lock([found.epic.id]);
        const history = await trackEpic(tx, actor, found.epic.id);
        const current = (await txRepo.findById(found.epic.id)) ?? found;
        const toggled = withTaskToggled(input, current.epic.description, STALE_EPIC_MESSAGE);
        if (toggled !== input) changes.description = toggled.description as string;
        else if (input.lockVersion !== undefined) validateEpicInput({ lockVersion: input.lockVersion }, current.epic);
        const epic = { ...current.epic, ...changes };
        const parentRow =
          input.parentId === undefined
            ? current.epic.parentId !== null
              ? (await txRepo.findById(current.epic.parentId))?.epic
              : undefined
            : newParent?.epic;
        if (changes.confidential !== undefined) {
          await assertConfidentialityChange(tx, current.epic, changes.confidential, parentRow);
        }
        const now = new Date();
        const state =
          input.stateEvent === 'close' && current.epic.state === 'opened'
            ? { state: 'closed' as const, closedAt: now, closedById: actor.user?.id ?? null }
            : input.stateEvent === 'reopen' && current.epic.state === 'closed'
              ? { state: 'opened' as const, closedAt: null, closedById: null }
              : {};
        await txRepo.update(current.epic.id, { ...changes, ...state, updatedAt: input.updatedAt ?? now });
        const labelsBefore = await txRepo.labelIds(epic.id);
        const labelIds = await nextLabelIds(tx, current.group, labelsBefore, input);
        if (labelIds) await txRepo.setLabels(epic.id, labelIds);
        const recompute = [epic.id];
        if (input.parentId !== undefined && input.parentId !== current.epic.parentId) {
          const oldParent = await tree.moveUnder(tx, { ...current, epic }, newParent);
          if (oldParent) recompute.push(oldParent);
        }
        await recomputeEpicDates(tx, recompute);
        await history.record();
        const row = await txRepo.findById(epic.id);
        if (!row) throw new NotFoundError('Epic Not Found');
        // The actor's own pending to-dos are done when they change the title, description, state or
        // labels (GitLab's `has_changes?`); users the description newly mentions get one.
        const acted =
          row.epic.title !== current.epic.title ||
          row.epic.description !== current.epic.description ||
          row.epic.state !== current.epic.state ||
          (labelIds !== undefined &&
            (labelIds.length !== labelsBefore.length || labelIds.some((id) => !labelsBefore.includes(id))));
        if (changes.description !== undefined || acted) {
          await createTodos(
            tx,
            actor,
            { type: 'Epic', node: row },
            changes.description === undefined
              ? { acted }
              : { text: row.epic.description, previousText: current.epic.description, acted },
          );
        }
        await recordEpicEvent(tx, actor, row, stateAction(current.epic.state, row.epic.state));
        return row;
      });
    },

    /** Deletes the epic; its child epics and issues are released (GitLab's "release all child items"). */
    async remove(actor: Actor, found: EpicWithGroup): Promise<void> {
      if (!(await can(db, actor, 'destroyEpic', { type: 'Epic', ...found }))) throw new ForbiddenError();
      await transaction(db, async (tx) => {
        const txRepo = epicsRepository(tx);
        const txTree = epicTreeRepository(tx);
        await txRepo.lock([found.epic.id]);
        const children = await txTree.childPositions(found.epic.id);
        for (const child of children) await txTree.setParent(child.id, null, []);
        await txRepo.delete(found.epic.id);
        if (found.epic.parentId !== null) await recomputeEpicDates(tx, [found.epic.parentId]);
      });
    },

    async setSubscription(actor: Actor, found: EpicWithGroup, subscribed: boolean): Promise<EpicWithGroup> {
      if (!actor.user) throw new ForbiddenError();
      await repo.setSubscription(found.epic.id, actor.user.id, subscribed);
      return found;
    },

    /**
     * Recomputes the inherited dates of these epics and of all their ancestors. For use inside a
     * transaction, call `recomputeEpicDates(tx, ids)` from `epic-dates.repository.ts` instead.
     */
    async recomputeDates(epicIds: readonly number[]): Promise<number[]> {
      return await transaction(db, async (tx) => await recomputeEpicDates(tx, epicIds));
    },
  };
}
