/**
 * GitLab's work item types and objects (decisions 0036, 0045): `WorkItemType` with its widget
 * definitions, `WorkItem` (one of a project's issues) with `widgets` — description, assignees,
 * labels, milestone, start and due date, weight, health status, hierarchy, linked items, time
 * tracking, participants — and `workItem(id)`, `Project.workItem(iid)`,
 * `Project|Namespace.workItemTypes` (what GitLab's `namespaceWorkItemTypes` query reads). The
 * mutations are in work-item-mutations.schema.ts.
 */
import {
  HEALTH_STATUS,
  type HealthStatusApi,
  humanDuration,
  taskCompletionStatus,
  WORK_ITEM_ABILITIES,
} from '@milepost/shared';
import type { InterfaceRef, ObjectFieldsShape, ObjectRef } from '@pothos/core';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { fromGlobalId, toGlobalId } from '../../graphql/global-id.ts';
import { offsetConnection } from '../../graphql/pagination.ts';
import { permissionsType } from '../../graphql/permissions.ts';
import { MilestoneRef } from '../../graphql/refs.ts';
import { NamespaceRef } from '../groups/groups.schema.ts';
import { HealthStatusEnum, TaskCompletionStatusRef } from '../issues/issue-enums.schema.ts';
import { blockingFields, labelsPage, participantIds, usersPage } from '../issues/issue-fields.schema.ts';
import type { LinkedIssue } from '../issues/issue-links.service.ts';
import { issueReference, issueWebPath } from '../issues/issues.entity.ts';
import { issueLoaders } from '../issues/issues.loaders.ts';
import type { IssueNode } from '../issues/issues.types.ts';
import { timeTrackingFields, totalSpent } from '../issues/time-tracking.schema.ts';
import { LabelConnection } from '../labels/labels.schema.ts';
import { ProjectRef } from '../projects/projects.schema.ts';
import { UserCoreConnection, UserCoreRef } from '../users/users.schema.ts';
import type { ChildCount } from './work-item-links.repository.ts';
import { workItemLoaders } from './work-items.loaders.ts';
import {
  WORK_ITEM_TYPES,
  WORK_ITEM_WIDGETS,
  type WorkItemTypeDefinition,
  type WorkItemWidgetType,
  workItemTypeOf,
} from './work-items.types.ts';

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

export const WorkItemRef = builder.objectRef<IssueNode>('WorkItem');

/** A GitLab enum of `[NAME, value, description]` entries. */
function enumOf<const V extends string>(
  name: string,
  description: string,
  entries: readonly (readonly [string, V, string])[],
) {
  return builder.enumType(name, {
    description,
    values: Object.fromEntries(entries.map(([key, value, about]) => [key, { value, description: about }])) as Record<
      string,
      { value: V; description: string }
    >,
  });
}

export const WorkItemStateEnum = enumOf('WorkItemState', 'State of a GitLab work item.', [
  ['OPEN', 'opened', 'In open state.'],
  ['CLOSED', 'closed', 'In closed state.'],
]);

export const WorkItemStateEventEnum = enumOf('WorkItemStateEvent', 'Values for work item state events.', [
  ['CLOSE', 'close', 'Closes the work item.'],
  ['REOPEN', 'reopen', 'Reopens the work item.'],
]);

export const WorkItemRelatedLinkTypeEnum = enumOf('WorkItemRelatedLinkType', 'Values for work item link types.', [
  ['RELATED', 'relates_to', 'Related type.'],
  ['BLOCKED_BY', 'is_blocked_by', 'Blocked by type.'],
  ['BLOCKS', 'blocks', 'Blocks type.'],
]);

export const WorkItemWidgetTypeEnum = enumOf(
  'WorkItemWidgetType',
  'Type of a work item widget.',
  WORK_ITEM_WIDGETS.map((w) => [w, w, `${w.toLowerCase().replaceAll('_', ' ')} widget.`] as const),
);

/** The names the types' `name` argument takes (GitLab's `IssueType` values). */
export const workItemTypeGid = (type: WorkItemTypeDefinition) => toGlobalId('WorkItems::Type', type.id);

/**
 * One object type of a widget interface, told apart by its widget name: the widget definitions of
 * the types and the widgets of a work item are both built with it.
 */
function byWidget<T extends { widget: WorkItemWidgetType }>(
  iface: InterfaceRef<Types, T>,
  name: string,
  widgets: readonly WorkItemWidgetType[],
  description: string,
  fields: ObjectFieldsShape<Types, T>,
) {
  return builder.objectRef<T>(name).implement({
    description,
    interfaces: [iface],
    isTypeOf: (value) => widgets.includes((value as T).widget),
    fields,
  });
}

/** GitLab's `count` on a connection (offsetConnection's total). */
function withCount<C extends ObjectRef<Types, unknown>>(connection: C): C {
  builder.objectField(connection, 'count', (t) =>
    t.int({ description: 'Total count of collection.', resolve: (c) => (c as { count: number }).count }),
  );
  return connection;
}

// ---- Types and their widget definitions -------------------------------------------------------

type WidgetDefinition = { widget: WorkItemWidgetType; type: WorkItemTypeDefinition };

const WidgetDefinitionRef = builder.interfaceRef<WidgetDefinition>('WorkItemWidgetDefinition').implement({
  description: 'A widget a work item type has.',
  fields: (t) => ({
    type: t.field({ type: WorkItemWidgetTypeEnum, description: 'Widget type.', resolve: (d) => d.widget }),
  }),
});

export const WorkItemTypeRef = builder.objectRef<WorkItemTypeDefinition>('WorkItemType').implement({
  description: 'A work item type.',
  fields: (t) => ({
    id: t.id({ description: 'Global ID of the work item type.', resolve: (type) => workItemTypeGid(type) }),
    name: t.exposeString('name', { description: 'Name of the work item type.' }),
    iconName: t.exposeString('iconName', { description: 'Icon name of the work item type.' }),
    widgetDefinitions: t.field({
      type: [WidgetDefinitionRef],
      description: 'Available widgets for the work item type.',
      resolve: (type) => type.widgets.map((widget) => ({ widget, type })),
    }),
  }),
});

/** The types as a connection (`{nodes}` only: the list is short). */
const WorkItemTypeConnectionRef = builder
  .objectRef<{ nodes: WorkItemTypeDefinition[] }>('WorkItemTypeConnection')
  .implement({
    description: 'The connection type for WorkItemType.',
    fields: (t) => ({
      nodes: t.field({ type: [WorkItemTypeRef], description: 'A list of nodes.', resolve: (c) => c.nodes }),
    }),
  });

const typesConnection = (types: readonly WorkItemTypeDefinition[]) => ({ nodes: [...types] });

const assigneesSettings = <P extends { widget: WorkItemWidgetType }>(
  t: PothosSchemaTypes.ObjectFieldBuilder<Types, P>,
) => ({
  allowsMultipleAssignees: t.boolean({
    description: 'Indicates whether multiple assignees are allowed.',
    resolve: () => true,
  }),
  canInviteMembers: t.boolean({
    description: 'Indicates whether the current user can invite members to the work item parent.',
    resolve: () => false,
  }),
});

/** Widgets whose definitions have settings; the others are `WorkItemWidgetDefinitionGeneric`. */
const DEFINITIONS_WITH_SETTINGS: readonly WorkItemWidgetType[] = ['ASSIGNEES', 'LABELS', 'HIERARCHY', 'WEIGHT'];

byWidget(
  WidgetDefinitionRef,
  'WorkItemWidgetDefinitionGeneric',
  WORK_ITEM_WIDGETS.filter((w) => !DEFINITIONS_WITH_SETTINGS.includes(w)),
  'A widget definition without settings.',
  () => ({}),
);

byWidget(
  WidgetDefinitionRef,
  'WorkItemWidgetDefinitionAssignees',
  ['ASSIGNEES'],
  'The assignees widget definition.',
  (t) => assigneesSettings(t),
);

byWidget(WidgetDefinitionRef, 'WorkItemWidgetDefinitionLabels', ['LABELS'], 'The labels widget definition.', (t) => ({
  allowsScopedLabels: t.boolean({ description: 'Indicates whether scoped labels are available.', resolve: () => true }),
}));

byWidget(
  WidgetDefinitionRef,
  'WorkItemWidgetDefinitionHierarchy',
  ['HIERARCHY'],
  'The hierarchy widget definition.',
  (t) => ({
    allowedChildTypes: t.field({
      type: WorkItemTypeConnectionRef,
      description: 'Child types of the work item type.',
      resolve: (d) => typesConnection(WORK_ITEM_TYPES.filter((c) => d.type.allowedChildTypes.includes(c.issueType))),
    }),
    allowedParentTypes: t.field({
      type: WorkItemTypeConnectionRef,
      description: 'Parent types of the work item type.',
      resolve: (d) => typesConnection(WORK_ITEM_TYPES.filter((p) => p.allowedChildTypes.includes(d.type.issueType))),
    }),
  }),
);

const WeightDefinitionRef = byWidget(
  WidgetDefinitionRef,
  'WorkItemWidgetDefinitionWeight',
  ['WEIGHT'],
  'The weight widget definition.',
  (t) => ({
    editable: t.boolean({ description: 'Indicates whether editable weight is available.', resolve: () => true }),
    rollUp: t.boolean({
      description: 'Indicates whether rolled up weight is available (epics only; issues roll up as rolledUpWeight).',
      resolve: () => false,
    }),
  }),
);

/** `workItemTypes(name)` of a project or a group (GitLab's `namespaceWorkItemTypes` reads it). */
function typesField<Parent>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, Parent>) {
  return t.field({
    type: WorkItemTypeConnectionRef,
    description: 'Work item types available here.',
    args: { name: t.arg.string({ required: false, description: 'Filter by the type name (e.g. TASK, ISSUE).' }) },
    resolve: (_parent, args) =>
      typesConnection(
        WORK_ITEM_TYPES.filter((type) => !args.name || type.name.toUpperCase() === args.name.toUpperCase()),
      ),
  });
}

builder.objectField(ProjectRef, 'workItemTypes', (t) => typesField(t));
builder.objectField(NamespaceRef, 'workItemTypes', (t) => typesField(t));

// ---- Widgets of a work item -------------------------------------------------------------------

/** A widget: the work item (its issue) with the name of the widget shown. */
type Widget = IssueNode & { widget: WorkItemWidgetType };

const WidgetRef = builder.interfaceRef<Widget>('WorkItemWidget').implement({
  description: 'A widget of a work item: one group of its attributes.',
  fields: (t) => ({
    type: t.field({
      type: WorkItemWidgetTypeEnum,
      nullable: true,
      description: 'Widget type.',
      resolve: (w) => w.widget,
    }),
  }),
});

/** A widget object type: `isTypeOf` by its widget name. */
const widgetType = (
  name: string,
  widget: WorkItemWidgetType,
  description: string,
  fields: ObjectFieldsShape<Types, Widget>,
) => byWidget(WidgetRef, name, [widget], description, fields);

const connectionArgs = (t: PothosSchemaTypes.ObjectFieldBuilder<Types, Widget>) => ({
  first: t.arg.int({ description: 'Returns the first _n_ elements from the list.' }),
  after: t.arg.string({ description: 'Returns the elements in the list that come after the specified cursor.' }),
});

widgetType('WorkItemWidgetDescription', 'DESCRIPTION', 'Represents a description widget.', (t) => ({
  description: t.string({
    nullable: true,
    description: 'Description of the work item.',
    resolve: (w) => w.issue.description,
  }),
  descriptionHtml: t.string({
    nullable: true,
    description: 'GitLab Flavored Markdown rendering of `description` (references resolved for you).',
    resolve: (w, _a, ctx) =>
      ctx.services.markdown.render(ctx.actor, w.issue.description, { type: 'Project', project: w.project }),
  }),
  edited: t.boolean({
    description: 'Whether the description has been edited since the work item was created.',
    resolve: (w) => w.issue.lastEditedAt !== null,
  }),
  lastEditedAt: t.field({
    type: 'Time',
    nullable: true,
    description: 'Timestamp of when the work item description was last edited.',
    resolve: (w) => w.issue.lastEditedAt,
  }),
  lastEditedBy: t.field({
    type: UserCoreRef,
    nullable: true,
    description: 'User that made the last edit to the work item description.',
    resolve: (w) => w.issue.lastEditedById,
  }),
  taskCompletionStatus: t.field({
    type: TaskCompletionStatusRef,
    description: 'Task completion status of the work item.',
    resolve: (w) => taskCompletionStatus(w.issue.description),
  }),
}));

widgetType('WorkItemWidgetAssignees', 'ASSIGNEES', 'Represents an assignees widget.', (t) => ({
  ...assigneesSettings(t),
  assignees: t.field({
    type: UserCoreConnection,
    nullable: true,
    description: 'Assignees of the work item.',
    args: connectionArgs(t),
    resolve: (w, args, ctx) => usersPage(ctx, [...w.assigneeIds], args),
  }),
}));

widgetType('WorkItemWidgetLabels', 'LABELS', 'Represents the labels widget.', (t) => ({
  allowsScopedLabels: t.boolean({ description: 'Indicates whether a scoped label is allowed.', resolve: () => true }),
  labels: t.field({
    type: LabelConnection,
    nullable: true,
    description: 'Labels assigned to the work item.',
    args: connectionArgs(t),
    resolve: (w, args, ctx) => labelsPage(ctx, w.issue.id, args),
  }),
}));

widgetType('WorkItemWidgetMilestone', 'MILESTONE', 'Represents a milestone widget.', (t) => ({
  milestone: t.field({
    type: MilestoneRef,
    nullable: true,
    description: 'Milestone of the work item.',
    resolve: async (w, _a, ctx) => {
      if (w.issue.milestoneId === null) return null;
      const milestone = await issueLoaders(ctx).milestone.load(w.issue.milestoneId);
      return milestone ? { milestone, queriedGroup: null } : null;
    },
  }),
}));

widgetType('WorkItemWidgetStartAndDueDate', 'START_AND_DUE_DATE', 'Represents a start and due date widget.', (t) => ({
  startDate: t.field({
    type: 'Date',
    nullable: true,
    description: 'Start date of the work item (issues have none).',
    resolve: () => null,
  }),
  dueDate: t.field({
    type: 'Date',
    nullable: true,
    description: 'Due date of the work item.',
    resolve: (w) => w.issue.dueDate,
  }),
  isFixed: t.boolean({
    description: 'Indicates if the dates are fixed (not rolled up from children).',
    resolve: () => true,
  }),
  rollUp: t.boolean({ description: 'Indicates if the dates roll up from children.', resolve: () => false }),
}));

/** The children's counts, weights and health of a work item (one batched query per page). */
const childCountsOf = (ctx: GraphQLContext, w: Widget) => workItemLoaders(ctx).childCounts.load(w.issue.id);

/** The sum of the children's weights (of one state, or all); null when no child has a weight. */
function weightSum(counts: readonly ChildCount[], state?: string): number | null {
  const weighed = counts.filter((c) => c.weight !== null && (state === undefined || c.state === state));
  return weighed.length === 0 ? null : weighed.reduce((sum, c) => sum + (c.weight ?? 0), 0);
}

widgetType('WorkItemWidgetWeight', 'WEIGHT', 'Represents a weight widget.', (t) => ({
  weight: t.int({ nullable: true, description: 'Weight of the work item.', resolve: (w) => w.issue.weight }),
  rolledUpWeight: t.int({
    nullable: true,
    description: 'Weight of the children (all states; hidden ones included, as all roll-ups).',
    resolve: async (w, _a, ctx) => weightSum(await childCountsOf(ctx, w)),
  }),
  rolledUpCompletedWeight: t.int({
    nullable: true,
    description: 'Weight of the closed children.',
    resolve: async (w, _a, ctx) => weightSum(await childCountsOf(ctx, w), 'closed'),
  }),
  widgetDefinition: t.field({
    type: WeightDefinitionRef,
    nullable: true,
    description: 'Weight widget definition.',
    resolve: (w) => ({ widget: 'WEIGHT' as const, type: workItemTypeOf(w.issue.issueType) }),
  }),
}));

/** Open children with one health status (GitLab's `WorkItemWidgetHealthStatusCount`). */
const HealthCountRef = builder
  .objectRef<{ healthStatus: HealthStatusApi; count: number }>('WorkItemWidgetHealthStatusCount')
  .implement({
    description: 'Number of open child items with a health status.',
    fields: (t) => ({
      healthStatus: t.field({ type: HealthStatusEnum, description: 'Health status.', resolve: (c) => c.healthStatus }),
      count: t.exposeInt('count', { description: 'Number of open children with this health status.' }),
    }),
  });

const healthOn = async (ctx: GraphQLContext) => (await ctx.services.applicationSettings.features()).healthStatus;

widgetType('WorkItemWidgetHealthStatus', 'HEALTH_STATUS', 'Represents a health status widget.', (t) => ({
  healthStatus: t.field({
    type: HealthStatusEnum,
    nullable: true,
    description: 'Health status of the work item; null while health status is switched off on this instance.',
    resolve: async (w, _a, ctx) => ((await healthOn(ctx)) ? w.issue.healthStatus : null),
  }),
  rolledUpHealthStatus: t.field({
    type: [HealthCountRef],
    nullable: true,
    description: 'Open children by health status (none while health status is switched off).',
    resolve: async (w, _a, ctx) => {
      if (!(await healthOn(ctx))) return [];
      const open = (await childCountsOf(ctx, w)).filter((c) => c.state === 'opened');
      return Object.values(HEALTH_STATUS).map((healthStatus) => ({
        healthStatus,
        count: open.filter((c) => c.healthStatus === healthStatus).reduce((n, c) => n + c.count, 0),
      }));
    },
  }),
}));

/** A linked item as seen from the work item (GitLab's `LinkedWorkItemType`). */
const LinkedWorkItemRef = builder.objectRef<LinkedIssue>('LinkedWorkItemType').implement({
  description: 'A work item linked to this one.',
  fields: (t) => ({
    linkId: t.id({
      description: 'Global ID of the link.',
      resolve: (l) => toGlobalId('WorkItems::RelatedWorkItemLink', l.link.id),
    }),
    linkType: t.string({
      description: 'Type of link: relates_to, blocks or is_blocked_by.',
      resolve: (l) => l.linkType,
    }),
    linkCreatedAt: t.field({
      type: 'Time',
      description: 'Timestamp the link was created.',
      resolve: (l) => l.link.createdAt,
    }),
    linkUpdatedAt: t.field({
      type: 'Time',
      description: 'Timestamp the link was updated.',
      resolve: (l) => l.link.updatedAt,
    }),
    workItem: t.field({ type: WorkItemRef, nullable: true, description: 'Linked work item.', resolve: (l) => l.other }),
    workItemState: t.field({
      type: WorkItemStateEnum,
      description: 'State of the linked work item.',
      resolve: (l) => l.other.issue.state,
    }),
  }),
});

const LinkedWorkItemConnection = withCount(
  builder.connectionObject(
    { type: LinkedWorkItemRef, name: 'LinkedWorkItemTypeConnection' },
    { name: 'LinkedWorkItemTypeEdge' },
  ),
);

widgetType('WorkItemWidgetLinkedItems', 'LINKED_ITEMS', 'Represents the linked items widget.', (t) => ({
  ...blockingFields(t, 'work item'),
  linkedItems: t.field({
    type: LinkedWorkItemConnection,
    nullable: true,
    description: 'Linked items you can see, oldest link first.',
    args: {
      ...connectionArgs(t),
      filter: t.arg({ type: WorkItemRelatedLinkTypeEnum, required: false, description: 'Only links of this type.' }),
    },
    resolve: async (w, args, ctx) => {
      const links = (await ctx.services.issues.links.list(ctx.actor, w)).filter(
        (l) => !args.filter || l.linkType === args.filter,
      );
      return offsetConnection(args, async ({ limit, offset }) => ({
        rows: links.slice(offset, offset + limit),
        total: links.length,
      }));
    },
  }),
}));

const HumanTimeRef = builder
  .objectRef<{ timeEstimate: number; totalTimeSpent: number }>('WorkItemWidgetTimeTrackingHumanReadableAttributes')
  .implement({
    description: 'Human-readable attributes of time tracking (`1w 2d 3h`).',
    fields: (t) => ({
      timeEstimate: t.string({
        nullable: true,
        description: 'Human-readable time estimate.',
        resolve: (h) => humanDuration(h.timeEstimate),
      }),
      totalTimeSpent: t.string({
        nullable: true,
        description: 'Human-readable total time spent.',
        resolve: (h) => humanDuration(h.totalTimeSpent),
      }),
    }),
  });

widgetType('WorkItemWidgetTimeTracking', 'TIME_TRACKING', 'Represents a time tracking widget.', (t) => ({
  ...timeTrackingFields(t),
  humanReadableAttributes: t.field({
    type: HumanTimeRef,
    description: 'Human-readable attributes of the work item.',
    resolve: async (w, _a, ctx) => ({ timeEstimate: w.issue.timeEstimate, totalTimeSpent: await totalSpent(ctx, w) }),
  }),
}));

widgetType('WorkItemWidgetParticipants', 'PARTICIPANTS', 'Represents a participants widget.', (t) => ({
  participants: t.field({
    type: UserCoreConnection,
    nullable: true,
    description: 'Participants in the work item (its author and assignees).',
    args: connectionArgs(t),
    resolve: (w, args, ctx) => usersPage(ctx, participantIds(w), args),
  }),
}));

/** Children of one type by state (GitLab's `WorkItemTypeCountsByState`). */
type CountsByType = { type: WorkItemTypeDefinition; opened: number; closed: number };

const CountsByStateRef = builder.objectRef<{ opened: number; closed: number }>('WorkItemStateCountsType').implement({
  description: 'Counts of work items by state.',
  fields: (t) => ({
    all: t.int({ description: 'Number of work items of all states.', resolve: (c) => c.opened + c.closed }),
    opened: t.exposeInt('opened', { description: 'Number of open work items.' }),
    closed: t.exposeInt('closed', { description: 'Number of closed work items.' }),
  }),
});

const CountsByTypeRef = builder.objectRef<CountsByType>('WorkItemTypeCountsByState').implement({
  description: 'Counts of descendant work items of one type by state.',
  fields: (t) => ({
    workItemType: t.field({ type: WorkItemTypeRef, description: 'The work item type.', resolve: (c) => c.type }),
    countsByState: t.field({ type: CountsByStateRef, description: 'Counts by state.', resolve: (c) => c }),
  }),
});

const WorkItemConnection = withCount(
  builder.connectionObject({ type: WorkItemRef, name: 'WorkItemConnection' }, { name: 'WorkItemEdge' }),
);

/** The readable parent of a work item (null without one, or when it is hidden). */
async function parentOf(ctx: GraphQLContext, node: IssueNode): Promise<IssueNode | null> {
  const parentId = await workItemLoaders(ctx).parentId.load(node.issue.id);
  if (parentId === null) return null;
  const parent = await issueLoaders(ctx).issue.load(parentId);
  return parent && (await ctx.can('readIssue', { type: 'Issue', ...parent })) ? parent : null;
}

const DepthLimitRef = builder
  .objectRef<{ type: WorkItemTypeDefinition; depthLimitReached: boolean }>('WorkItemTypeDepthLimitReachedByType')
  .implement({
    description: 'Whether a child type reached its depth limit.',
    fields: (t) => ({
      workItemType: t.field({ type: WorkItemTypeRef, description: 'Work item type.', resolve: (d) => d.type }),
      depthLimitReached: t.exposeBoolean('depthLimitReached', {
        description: 'Indicates if the depth limit is reached.',
      }),
    }),
  });

widgetType('WorkItemWidgetHierarchy', 'HIERARCHY', 'Represents a hierarchy widget.', (t) => ({
  hasChildren: t.boolean({
    description: 'Indicates if the work item has children.',
    resolve: async (w, _a, ctx) => (await childCountsOf(ctx, w)).length > 0,
  }),
  hasParent: t.boolean({
    description: 'Indicates if the work item has a parent.',
    resolve: async (w, _a, ctx) => (await workItemLoaders(ctx).parentId.load(w.issue.id)) !== null,
  }),
  parent: t.field({
    type: WorkItemRef,
    nullable: true,
    description: 'Parent work item (null when it is hidden from you).',
    resolve: (w, _a, ctx) => parentOf(ctx, w),
  }),
  children: t.field({
    type: WorkItemConnection,
    nullable: true,
    description: 'Child work items you may read, in their order.',
    args: {
      ...connectionArgs(t),
      last: t.arg.int({ description: 'Returns the last _n_ elements from the list.' }),
      before: t.arg.string({ description: 'Returns the elements in the list that come before the specified cursor.' }),
    },
    resolve: (w, args, ctx) => offsetConnection(args, (page) => ctx.services.workItems.children(ctx.actor, w, page)),
  }),
  depthLimitReachedByType: t.field({
    type: [DepthLimitRef],
    description: 'Depth limit reached by allowed work item type.',
    resolve: (w) =>
      workItemTypeOf(w.issue.issueType).allowedChildTypes.map((issueType) => ({
        type: workItemTypeOf(issueType),
        // Children have no children of their own: one level below an issue is the limit.
        depthLimitReached: false,
      })),
  }),
  rolledUpCountsByType: t.field({
    type: [CountsByTypeRef],
    description: 'Counts of descendant work items by type and state (hidden ones included, as all roll-ups).',
    resolve: async (w, _a, ctx) => {
      const counts = await childCountsOf(ctx, w);
      return workItemTypeOf(w.issue.issueType).allowedChildTypes.map((issueType) => {
        const of = (state: string) =>
          counts.filter((c) => c.issueType === issueType && c.state === state).reduce((n, c) => n + c.count, 0);
        return { type: workItemTypeOf(issueType), opened: of('opened'), closed: of('closed') };
      });
    },
  }),
}));

// ---- The work item ----------------------------------------------------------------------------

export const WorkItemPermissionsRef = permissionsType<IssueNode>('WorkItemPermissions', WORK_ITEM_ABILITIES, (i) => ({
  type: 'Issue',
  ...i,
}));

WorkItemRef.implement({
  description: 'A work item: an issue, incident or task of a project.',
  fields: (t) => ({
    id: t.id({ description: 'Global ID of the work item.', resolve: (i) => toGlobalId('WorkItem', i.issue.id) }),
    iid: t.string({ description: 'Internal ID of the work item.', resolve: (i) => String(i.issue.iid) }),
    title: t.string({ description: 'Title of the work item.', resolve: (i) => i.issue.title }),
    titleHtml: t.string({
      nullable: true,
      description: 'GitLab Flavored Markdown rendering of `title` (references resolved for you).',
      resolve: (i, _args, ctx) =>
        ctx.services.markdown.renderTitle(ctx.actor, i.issue.title, { type: 'Project', project: i.project }),
    }),
    state: t.field({ type: WorkItemStateEnum, description: 'State of the work item.', resolve: (i) => i.issue.state }),
    confidential: t.boolean({
      description: 'Indicates the work item is confidential.',
      resolve: (i) => i.issue.confidential,
    }),
    lockVersion: t.int({ description: 'Lock version of the work item.', resolve: (i) => i.issue.lockVersion }),
    createdAt: t.field({
      type: 'Time',
      description: 'Timestamp of when the work item was created.',
      resolve: (i) => i.issue.createdAt,
    }),
    updatedAt: t.field({
      type: 'Time',
      description: 'Timestamp of when the work item was last updated.',
      resolve: (i) => i.issue.updatedAt,
    }),
    closedAt: t.field({
      type: 'Time',
      nullable: true,
      description: 'Timestamp of when the work item was closed.',
      resolve: (i) => i.issue.closedAt,
    }),
    author: t.field({
      type: UserCoreRef,
      nullable: true,
      description: 'User that created the work item.',
      resolve: (i) => i.issue.authorId,
    }),
    project: t.field({
      type: ProjectRef,
      description: 'Project the work item belongs to.',
      resolve: (i) => ({ project: i.project, group: i.group }),
    }),
    reference: t.string({
      description: 'Internal reference of the work item. Returned in shortened format by default.',
      args: {
        full: t.arg.boolean({ defaultValue: false, description: 'Whether the reference should be returned in full.' }),
      },
      resolve: (i, args) => issueReference(i, args.full === true),
    }),
    webPath: t.string({
      description: 'Web path of the work item.',
      resolve: (i) => `/${i.project.fullPath}/-/work_items/${i.issue.iid}`,
    }),
    webUrl: t.string({
      description: 'URL of the work item.',
      resolve: (i, _a, ctx) => `${ctx.config.externalUrl}/${i.project.fullPath}/-/work_items/${i.issue.iid}`,
    }),
    issuePath: t.string({
      description: 'Web path of the work item as an issue (Milepost: the issue page shows it too).',
      resolve: (i) => issueWebPath(i),
    }),
    workItemType: t.field({
      type: WorkItemTypeRef,
      description: 'Type assigned to the work item.',
      resolve: (i) => workItemTypeOf(i.issue.issueType),
    }),
    userPermissions: t.field({
      type: WorkItemPermissionsRef,
      description: 'Permissions for the current user on the resource.',
      resolve: (i) => i,
    }),
    widgets: t.field({
      type: [WidgetRef],
      nullable: true,
      description: 'Collection of widgets that belong to the work item.',
      resolve: (i) => workItemTypeOf(i.issue.issueType).widgets.map((widget) => ({ ...i, widget })),
    }),
  }),
});

/** A readable work item by its global id, or null. */
async function workItemById(ctx: GraphQLContext, gid: string): Promise<IssueNode | null> {
  return (await ctx.services.issues.findById(ctx.actor, fromGlobalId(gid, 'WorkItem', 'Issue'))) ?? null;
}

builder.queryField('workItem', (t) =>
  t.field({
    type: WorkItemRef,
    nullable: true,
    description: 'Find a work item (null when missing or hidden from you).',
    extensions: { ability: 'readWorkItem' },
    args: { id: t.arg.id({ required: true, description: 'Global ID of the work item.' }) },
    resolve: (_root, args, ctx) => workItemById(ctx, String(args.id)),
  }),
);

builder.objectField(ProjectRef, 'workItem', (t) =>
  t.field({
    type: WorkItemRef,
    nullable: true,
    description: 'A work item of the project by its IID (null when missing or hidden from you).',
    args: { iid: t.arg.string({ required: true, description: 'IID of the work item.' }) },
    resolve: async (p, args, ctx) => {
      if (!/^\d{1,9}$/.test(args.iid)) return null;
      return (await ctx.services.issues.find(ctx.actor, p, Number(args.iid))) ?? null;
    },
  }),
);
