/**
 * GraphQL enums, inputs and helper objects of the epics domain (GitLab's names), and the argument
 * set shared by `Group.epics`, `Epic.children` and `Epic.ancestors`.
 */
import { createHash } from 'node:crypto';
import { EPIC_ABILITIES } from '@milepost/shared';
import { GraphQLError } from 'graphql';
import type { KeyCursor } from '../../db/keyset.ts';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { type FieldBuilder, fieldsAsArgs, mergeFilters } from '../../graphql/filter-input.ts';
import { toGlobalId } from '../../graphql/global-id.ts';
import { type ConnectionArgs, offsetConnection } from '../../graphql/pagination.ts';
import { permissionsType } from '../../graphql/permissions.ts';
import { EpicRef } from '../../graphql/refs.ts';
import { IssuableSearchableFieldEnum } from '../issues/issue-enums.schema.ts';
import { checkTimeframe, TimeframeInput } from '../milestones/timeframe.schema.ts';
import type { EpicRollup } from './epic-reads.repository.ts';
import type { EpicSortKey } from './epics.repository.ts';
import type { EpicListInput } from './epics.service.ts';
import type { EpicNode } from './epics.types.ts';

/** An epic as a list returns it, with the roadmap timeframe the list was asked for. */
export type ListedEpic = EpicNode & { timeframe?: { start: string; end: string } };

export const EpicStateEnum = builder.enumType('EpicState', {
  description: 'State of an epic',
  values: {
    all: { value: 'all', description: 'All epics.' },
    opened: { value: 'opened', description: 'Open epics.' },
    closed: { value: 'closed', description: 'Closed epics.' },
  } as const,
});

export const EpicStateEventEnum = builder.enumType('EpicStateEvent', {
  description: 'State event of an epic',
  values: {
    REOPEN: { value: 'reopen', description: 'Reopen the epic.' },
    CLOSE: { value: 'close', description: 'Close the epic.' },
  } as const,
});

const SORTS: [string, EpicSortKey, string][] = [
  ['START_DATE_DESC', 'start_date_desc', 'Sort by start date in descending order.'],
  ['START_DATE_ASC', 'start_date_asc', 'Sort by start date in ascending order.'],
  ['END_DATE_DESC', 'end_date_desc', 'Sort by end date in descending order.'],
  ['END_DATE_ASC', 'end_date_asc', 'Sort by end date in ascending order.'],
  ['TITLE_DESC', 'title_desc', 'Sort by title in descending order.'],
  ['TITLE_ASC', 'title_asc', 'Sort by title in ascending order.'],
  ['CREATED_AT_ASC', 'created_at_asc', 'Sort by creation time in ascending order.'],
  ['CREATED_AT_DESC', 'created_at_desc', 'Sort by creation time in descending order.'],
  ['UPDATED_AT_ASC', 'updated_at_asc', 'Sort by last update time in ascending order.'],
  ['UPDATED_AT_DESC', 'updated_at_desc', 'Sort by last update time in descending order.'],
  ['RELATIVE_POSITION_ASC', 'relative_position', 'Sort by relative position (manual order) in ascending order.'],
];
const DEPRECATED_SORTS: [string, EpicSortKey][] = [
  ['start_date_desc', 'start_date_desc'],
  ['start_date_asc', 'start_date_asc'],
  ['end_date_desc', 'end_date_desc'],
  ['end_date_asc', 'end_date_asc'],
];

export const EpicSortEnum = builder.enumType('EpicSort', {
  description: 'Roadmap sort values',
  values: Object.fromEntries([
    ...SORTS.map(([name, value, description]) => [name, { value, description }]),
    ...DEPRECATED_SORTS.map(([name, value]) => [
      name,
      {
        value,
        description: `${name.replace(/_/g, ' ')} (deprecated).`,
        deprecationReason: `Use ${name.toUpperCase()}. Deprecated in GitLab 13.11.`,
      },
    ]),
  ]) as Record<string, { value: EpicSortKey; description: string }>,
});

export const MoveTypeEnum = builder.enumType('MoveType', {
  description: 'The position to which the adjacent object should be moved',
  values: {
    before: { value: 'before', description: 'Adjacent object is moved before the object that is being moved.' },
    after: { value: 'after', description: 'Adjacent object is moved after the object that is being moved.' },
  } as const,
});

export const SubscriptionStatusEnum = builder.enumType('SubscriptionStatus', {
  description: 'Status of the subscription to an issuable.',
  values: {
    EXPLICITLY_SUBSCRIBED: { value: 'subscribed', description: 'User is explicitly subscribed to the issuable.' },
    EXPLICITLY_UNSUBSCRIBED: {
      value: 'unsubscribed',
      description: 'User is explicitly unsubscribed from the issuable.',
    },
  } as const,
});

export const NegatedEpicFilterInput = builder.inputType('NegatedEpicFilterInput', {
  description: 'Negated epic filters.',
  fields: (t) => ({
    labelName: t.stringList({ required: false, description: 'Filter by label name.' }),
    authorUsername: t.string({ required: false, description: 'Filter by author username.' }),
    myReactionEmoji: t.string({
      required: false,
      description: 'Filter by reaction emoji applied by the current user.',
    }),
  }),
});

export const UnionedEpicFilterInput = builder.inputType('UnionedEpicFilterInput', {
  description: 'Epic filters combined with OR.',
  fields: (t) => ({
    labelNames: t.stringList({
      required: false,
      description: 'Filters epics that have at least one of the given labels.',
    }),
    authorUsernames: t.stringList({
      required: false,
      description: 'Filters epics authored by one of the given users.',
    }),
    labelName: t.stringList({
      required: false,
      description: 'Filters epics that have at least one of the given labels.',
      deprecationReason: 'Use labelNames. Deprecated in GitLab 16.6.',
    }),
    authorUsername: t.stringList({
      required: false,
      description: 'Filters epics authored by one of the given users.',
      deprecationReason: 'Use authorUsernames. Deprecated in GitLab 16.6.',
    }),
  }),
});

export const EpicConnection = builder.connectionObject({ type: EpicRef, name: 'EpicConnection' }, { name: 'EpicEdge' });
builder.objectField(EpicConnection, 'count', (t) =>
  t.int({
    description: 'Total count of collection (visible epics only).',
    resolve: (c) => (c as unknown as { count: number }).count,
  }),
);

/** Where an epic is in a roadmap's list: what `EpicConnection.epicPosition` answers. */
type EpicListPosition = { epicId: number; position: number; expand: number[] };
/** What `epicConnection` adds to a group's list: the position of one of its epics in it. */
type PositionOf = { positionOf?: (iid: string, groupPath?: string) => Promise<EpicListPosition | null> };

const EpicListPositionRef = builder.objectRef<EpicListPosition>('EpicListPosition').implement({
  description:
    "Where an epic is in a roadmap's list of top-level rows (Milepost): the row that holds it, and the epics to expand to reach it.",
  fields: (t) => ({
    epicId: t.id({ description: 'ID of the epic.', resolve: (p) => toGlobalId('Epic', p.epicId) }),
    position: t.exposeInt('position', {
      description:
        'Position (0-based) of the top-level row holding the epic in the list (`topLevelInList`), in its order: the epic itself, or the ancestor it nests under.',
    }),
    expandIds: t.idList({
      description:
        'The epics to expand, from that top-level row down to the parent of the epic (empty when the epic is a top-level row).',
      resolve: (p) => p.expand.map((id) => toGlobalId('Epic', id)),
    }),
  }),
});

builder.objectField(EpicConnection, 'epicPosition', (t) =>
  t.field({
    type: EpicListPositionRef,
    nullable: true,
    description:
      "Where the epic with this IID is in this list as a roadmap shows it (Milepost; a roadmap's link to an epic). " +
      "Null when the list is not a group's, or the epic is not in it (filtered out, missing or hidden).",
    args: {
      iid: t.arg.id({ required: true, description: 'IID of the epic, e.g., "1".' }),
      groupPath: t.arg.id({
        required: false,
        description: "Full path of the epic's group, when it is a subgroup's (default: the list's group).",
      }),
    },
    resolve: async (c, args) =>
      (await (c as unknown as PositionOf).positionOf?.(String(args.iid), args.groupPath ?? undefined)) ?? null,
  }),
);

export const EpicPermissionsRef = permissionsType<EpicNode>('EpicPermissions', EPIC_ABILITIES, (e) => ({
  type: 'Epic',
  ...e,
}));

export const EpicDescendantCountRef = builder.objectRef<EpicRollup>('EpicDescendantCount').implement({
  description: 'Counts of descendent epics (counts reflect children you may not have access to).',
  fields: (t) => ({
    openedEpics: t.exposeInt('openedEpics', { description: 'Number of opened child epics.' }),
    closedEpics: t.exposeInt('closedEpics', { description: 'Number of closed child epics.' }),
    openedIssues: t.exposeInt('openedIssues', { description: 'Number of opened epic issues.' }),
    closedIssues: t.exposeInt('closedIssues', { description: 'Number of closed epic issues.' }),
  }),
});

export const EpicDescendantWeightsRef = builder.objectRef<EpicRollup>('EpicDescendantWeights').implement({
  description: 'Total weight of open and closed descendant issues.',
  fields: (t) => ({
    openedIssues: t.exposeInt('openedIssuesWeight', {
      description: 'Total weight of opened issues in this epic, including epic descendants.',
    }),
    closedIssues: t.exposeInt('closedIssuesWeight', {
      description: 'Total weight of completed (closed) issues in this epic, including epic descendants.',
    }),
    openedIssuesTotal: t.string({
      description: 'Total weight of opened issues in this epic, including epic descendants (as a string).',
      resolve: (r) => String(r.openedIssuesWeight),
    }),
    closedIssuesTotal: t.string({
      description: 'Total weight of completed (closed) issues in this epic, including epic descendants (as a string).',
      resolve: (r) => String(r.closedIssuesWeight),
    }),
  }),
});

export const EpicHealthStatusRef = builder.objectRef<EpicRollup>('EpicHealthStatus').implement({
  description: 'Health status of child issues (open issues only).',
  fields: (t) => ({
    issuesOnTrack: t.exposeInt('issuesOnTrack', { description: 'Number of issues on track.' }),
    issuesNeedingAttention: t.exposeInt('issuesNeedingAttention', {
      description: 'Number of issues that need attention.',
    }),
    issuesAtRisk: t.exposeInt('issuesAtRisk', { description: 'Number of issues at risk.' }),
  }),
});

/** The filters of GitLab's epics resolver, declared once: as arguments and as `EpicFilterInput`. */
function epicFilterFields(t: FieldBuilder) {
  return {
    authorUsername: t.string({ required: false, description: 'Filter epics by author.' }),
    labelName: t.stringList({ required: false, description: 'Filter epics by labels.' }),
    milestoneTitle: t.string({
      required: false,
      description: "Filter epics by milestone title, computed from epic's issues.",
    }),
    myReactionEmoji: t.string({
      required: false,
      description: 'Filter by reaction emoji applied by the current user.',
    }),
    confidential: t.boolean({ required: false, description: 'Filter epics by given confidentiality.' }),
    search: t.string({ required: false, description: 'Search query for title or description.' }),
    in: t.field({
      type: [IssuableSearchableFieldEnum],
      required: false,
      description: 'Specify the fields to perform the search in. Defaults to `[TITLE, DESCRIPTION]`.',
    }),
    timeframe: t.field({
      type: TimeframeInput,
      required: false,
      description: 'List items overlapping the given timeframe.',
    }),
    topLevelHierarchyOnly: t.boolean({ required: false, description: 'Filter epics with a top-level hierarchy.' }),
    topLevelInList: t.boolean({
      required: false,
      description:
        'Only the epics a roadmap of this list shows at top level (Milepost): leaves out an epic whose parent ' +
        'has both dates and is in the list, or, when its parent lacks a date, one with any ancestor in the list ' +
        '(those nest under it). `count` is then the number of top-level rows.',
    }),
    subscribed: t.field({
      type: SubscriptionStatusEnum,
      required: false,
      description: 'Epics the current user is subscribed to.',
    }),
    createdAfter: t.field({ type: 'Time', required: false, description: 'Epics created after this date.' }),
    createdBefore: t.field({ type: 'Time', required: false, description: 'Epics created before this date.' }),
    updatedAfter: t.field({ type: 'Time', required: false, description: 'Epics updated after this date.' }),
    updatedBefore: t.field({ type: 'Time', required: false, description: 'Epics updated before this date.' }),
    not: t.field({ type: NegatedEpicFilterInput, required: false, description: 'Negated epic arguments.' }),
    or: t.field({ type: UnionedEpicFilterInput, required: false, description: 'List of arguments with inclusive OR.' }),
  };
}

export const EpicFilterInput = builder.inputType('EpicFilterInput', {
  description:
    "The epic lists' filters in one object (Milepost; GitLab takes them only as separate arguments). " +
    'A filter given here and as an argument is refused.',
  fields: (t) => epicFilterFields(t),
});

/** The arguments of GitLab's epics resolver (Group.epics, Epic.children, Epic.ancestors). */
// biome-ignore lint/suspicious/noExplicitAny: Pothos' field builder type is generic over the parent.
export function epicListArgs(t: any, includeAncestorsDefault = false) {
  return {
    iid: t.arg.id({ required: false, description: 'IID of the epic, e.g., "1".' }),
    iids: t.arg.idList({ required: false, description: 'List of IIDs of epics, e.g., `[1, 2]`.' }),
    iidStartsWith: t.arg.string({ required: false, description: 'Filter epics by IID for autocomplete.' }),
    state: t.arg({ type: EpicStateEnum, required: false, description: 'Filter epics by state.' }),
    sort: t.arg({ type: EpicSortEnum, required: false, description: 'List epics by sort order.' }),
    includeAncestorGroups: t.arg.boolean({
      required: false,
      defaultValue: includeAncestorsDefault,
      description: 'Include epics from ancestor groups.',
    }),
    includeDescendantGroups: t.arg.boolean({
      required: false,
      defaultValue: true,
      description: 'Include epics from descendant groups.',
    }),
    ...fieldsAsArgs(t.arg, epicFilterFields),
    filters: t.arg({
      type: EpicFilterInput,
      required: false,
      description: 'The filters in one object, instead of the separate arguments (Milepost).',
    }),
  };
}

export type EpicListArgs = {
  iid?: string | number | null;
  iids?: readonly (string | number)[] | null;
  iidStartsWith?: string | null;
  state?: 'all' | 'opened' | 'closed' | null;
  sort?: EpicSortKey | null;
  authorUsername?: string | null;
  labelName?: readonly string[] | null;
  milestoneTitle?: string | null;
  myReactionEmoji?: string | null;
  confidential?: boolean | null;
  search?: string | null;
  in?: readonly ('title' | 'description')[] | null;
  timeframe?: { start: string; end: string } | null;
  includeAncestorGroups?: boolean | null;
  includeDescendantGroups?: boolean | null;
  topLevelHierarchyOnly?: boolean | null;
  topLevelInList?: boolean | null;
  subscribed?: 'subscribed' | 'unsubscribed' | null;
  createdAfter?: string | null;
  createdBefore?: string | null;
  updatedAfter?: string | null;
  updatedBefore?: string | null;
  not?: {
    labelName?: readonly string[] | null;
    authorUsername?: string | null;
    myReactionEmoji?: string | null;
  } | null;
  or?: {
    labelNames?: readonly string[] | null;
    authorUsernames?: readonly string[] | null;
    labelName?: readonly string[] | null;
    authorUsername?: readonly string[] | null;
  } | null;
  filters?: Record<string, unknown> | null;
};

/** `""`, `[]` and `null` mean "no filter" (GitLab's front end sends empty-string defaults). */
const given = <T>(v: T | null | undefined): T | undefined =>
  v === null || v === undefined || (v as unknown) === '' || (Array.isArray(v) && v.length === 0) ? undefined : v;

export function toEpicListInput(listArgs: EpicListArgs): EpicListInput {
  const args: EpicListArgs = mergeFilters(listArgs);
  if (given(args.iidStartsWith) !== undefined && !/^\d+$/.test(String(args.iidStartsWith))) {
    throw new GraphQLError('Invalid `iidStartsWith` query');
  }
  const iid = given(args.iid);
  const iids = [...(iid !== undefined ? [String(iid)] : []), ...(given(args.iids) ?? []).map(String)];
  return {
    iids: iids.length ? iids : undefined,
    iidStartsWith: given(args.iidStartsWith) ?? undefined,
    state: given(args.state) ?? undefined,
    sort: given(args.sort) ?? undefined,
    authorUsername: given(args.authorUsername),
    labelNames: given(args.labelName),
    milestoneTitle: given(args.milestoneTitle),
    myReactionEmoji: given(args.myReactionEmoji),
    confidential: given(args.confidential),
    search: given(args.search),
    searchIn: given(args.in),
    timeframe: checkTimeframe(args.timeframe),
    includeAncestorGroups: args.includeAncestorGroups ?? undefined,
    includeDescendantGroups: args.includeDescendantGroups ?? undefined,
    topLevelHierarchyOnly: args.topLevelHierarchyOnly ?? undefined,
    topLevelInList: args.topLevelInList ?? undefined,
    subscribed: args.subscribed ? args.subscribed === 'subscribed' : undefined,
    createdAfter: given(args.createdAfter),
    createdBefore: given(args.createdBefore),
    updatedAfter: given(args.updatedAfter),
    updatedBefore: given(args.updatedBefore),
    not: args.not
      ? {
          labelNames: given(args.not.labelName),
          authorUsername: given(args.not.authorUsername),
          myReactionEmoji: given(args.not.myReactionEmoji),
        }
      : undefined,
    or: args.or
      ? {
          labelNames: given(args.or.labelNames) ?? given(args.or.labelName),
          authorUsernames: given(args.or.authorUsernames) ?? given(args.or.authorUsername),
        }
      : undefined,
  };
}

/** Whether a children/ancestors call uses only defaults (so a batched loader can answer it). */
export function isDefaultListArgs(args: EpicListArgs): boolean {
  // Fast path for the roadmap's `ancestors { nodes { id } }` on every row: nothing given at all.
  if (Object.entries(args).every(([k, v]) => given(v) === undefined || k.startsWith('include'))) return true;
  const input = toEpicListInput(args);
  return Object.entries(input).every(
    ([k, v]) => v === undefined || k === 'includeDescendantGroups' || k === 'includeAncestorGroups',
  );
}

/** Relay args with GitLab's empty-string cursors meaning "from the start". */
export function cursorArgs(args: ConnectionArgs): ConnectionArgs {
  return { ...args, after: args.after || null, before: args.before || null };
}

/** A page of epics as a connection; each node carries the timeframe the list was asked for. */
export async function epicConnection(ctx: GraphQLContext, args: EpicListArgs & ConnectionArgs, scope: EpicListInput) {
  const input = { ...toEpicListInput(args), ...scope };
  // The total is counted on the filter's first page; the cursors carry it to the next pages, and
  // each row's place in the order, so the next page is a keyset window (decision 0041).
  const keys = new WeakMap<ListedEpic, KeyCursor>();
  const filterKey = createHash('sha256')
    .update(JSON.stringify([ctx.actor.user?.id ?? null, input]))
    .digest('base64url')
    .slice(0, 16);
  const connection = await offsetConnection(
    cursorArgs(args),
    async (page) => {
      const { rows, total } = await ctx.services.epics.list(ctx.actor, input, page);
      return {
        rows: rows.map(({ cursor, ...r }): ListedEpic => {
          const node = { ...r, timeframe: input.timeframe };
          keys.set(node, cursor);
          return node;
        }),
        total,
      };
    },
    filterKey,
    (node) => keys.get(node),
  );
  const { group } = input;
  if (!group) return connection;
  const positionOf = async (iid: string, groupPath?: string): Promise<EpicListPosition | null> => {
    const own = groupPath === undefined ? group : await ctx.services.groups.find(ctx.actor, groupPath);
    const found = own && /^\d{1,9}$/.test(iid) ? await ctx.services.epics.find(ctx.actor, own, Number(iid)) : undefined;
    const at = found ? await ctx.services.epics.positionOf(ctx.actor, input, found) : null;
    return found && at ? { ...at, epicId: found.epic.id } : null;
  };
  return { ...connection, positionOf };
}
