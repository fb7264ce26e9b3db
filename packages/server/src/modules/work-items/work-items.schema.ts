/**
 * GitLab's work item types and objects (decision 0036): `WorkItemType` with its widget definitions,
 * `WorkItem` (one of a project's issues) with `widgets` — description, assignees, labels, milestone,
 * start and due date, hierarchy — and `workItem(id)`, `Project.workItem(iid)`,
 * `Project|Namespace.workItemTypes`. The mutations are in work-item-mutations.schema.ts.
 */
import { taskCompletionStatus, WORK_ITEM_ABILITIES } from '@milepost/shared';
import type { ObjectFieldsShape } from '@pothos/core';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { fromGlobalId, toGlobalId } from '../../graphql/global-id.ts';
import { offsetConnection } from '../../graphql/pagination.ts';
import { permissionsType } from '../../graphql/permissions.ts';
import { MilestoneRef } from '../../graphql/refs.ts';
import { renderMarkdown, renderTitle } from '../../markdown/render.ts';
import { NamespaceRef } from '../groups/groups.schema.ts';
import { TaskCompletionStatusRef } from '../issues/issue-enums.schema.ts';
import { labelsPage, usersPage } from '../issues/issue-fields.schema.ts';
import { issueReference, issueWebPath } from '../issues/issues.entity.ts';
import { issueLoaders } from '../issues/issues.loaders.ts';
import type { IssueNode } from '../issues/issues.types.ts';
import { LabelConnection } from '../labels/labels.schema.ts';
import { ProjectRef } from '../projects/projects.schema.ts';
import { UserCoreConnection, UserCoreRef } from '../users/users.schema.ts';
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

export const WorkItemStateEnum = builder.enumType('WorkItemState', {
  description: 'State of a GitLab work item.',
  values: {
    OPEN: { value: 'opened', description: 'In open state.' },
    CLOSED: { value: 'closed', description: 'In closed state.' },
  } as const,
});

export const WorkItemStateEventEnum = builder.enumType('WorkItemStateEvent', {
  description: 'Values for work item state events.',
  values: {
    CLOSE: { value: 'close', description: 'Closes the work item.' },
    REOPEN: { value: 'reopen', description: 'Reopens the work item.' },
  } as const,
});

export const WorkItemWidgetTypeEnum = builder.enumType('WorkItemWidgetType', {
  description: 'Type of a work item widget.',
  values: Object.fromEntries(WORK_ITEM_WIDGETS.map((w) => [w, { value: w, description: `${w} widget.` }])),
});

/** The names the types' `name` argument takes (GitLab's `IssueType` values). */
export const workItemTypeGid = (type: WorkItemTypeDefinition) => toGlobalId('WorkItems::Type', type.id);

// ---- Types and their widget definitions -------------------------------------------------------

type WidgetDefinition = { widget: WorkItemWidgetType; type: WorkItemTypeDefinition };

const WidgetDefinitionRef = builder.interfaceRef<WidgetDefinition>('WorkItemWidgetDefinition').implement({
  description: 'A widget a work item type has.',
  fields: (t) => ({
    type: t.field({ type: WorkItemWidgetTypeEnum, description: 'Widget type.', resolve: (d) => d.widget }),
  }),
});

builder.objectRef<WidgetDefinition>('WorkItemWidgetDefinitionGeneric').implement({
  description: 'A widget definition without settings.',
  interfaces: [WidgetDefinitionRef],
  isTypeOf: (d) => !['ASSIGNEES', 'LABELS', 'HIERARCHY'].includes((d as WidgetDefinition).widget),
  fields: () => ({}),
});

builder.objectRef<WidgetDefinition>('WorkItemWidgetDefinitionAssignees').implement({
  description: 'The assignees widget definition.',
  interfaces: [WidgetDefinitionRef],
  isTypeOf: (d) => (d as WidgetDefinition).widget === 'ASSIGNEES',
  fields: (t) => ({
    allowsMultipleAssignees: t.boolean({
      description: 'Indicates whether multiple assignees are allowed.',
      resolve: () => true,
    }),
    canInviteMembers: t.boolean({
      description: 'Indicates whether the current user can invite members to the work item parent.',
      resolve: () => false,
    }),
  }),
});

builder.objectRef<WidgetDefinition>('WorkItemWidgetDefinitionLabels').implement({
  description: 'The labels widget definition.',
  interfaces: [WidgetDefinitionRef],
  isTypeOf: (d) => (d as WidgetDefinition).widget === 'LABELS',
  fields: (t) => ({
    allowsScopedLabels: t.boolean({
      description: 'Indicates whether scoped labels are available.',
      resolve: () => true,
    }),
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

builder.objectRef<WidgetDefinition>('WorkItemWidgetDefinitionHierarchy').implement({
  description: 'The hierarchy widget definition.',
  interfaces: [WidgetDefinitionRef],
  isTypeOf: (d) => (d as WidgetDefinition).widget === 'HIERARCHY',
  fields: (t) => ({
    allowedChildTypes: t.field({
      type: WorkItemTypeConnectionRef,
      description: 'Child types of the work item type.',
      resolve: (d) => typesConnection(WORK_ITEM_TYPES.filter((c) => d.type.allowedChildTypes.includes(c.issueType))),
    }),
  }),
});

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

type Widget = { widget: WorkItemWidgetType; node: IssueNode };

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
function widgetType(
  name: string,
  widget: WorkItemWidgetType,
  description: string,
  fields: ObjectFieldsShape<Types, Widget>,
) {
  return builder.objectRef<Widget>(name).implement({
    description,
    interfaces: [WidgetRef],
    isTypeOf: (w) => (w as Widget).widget === widget,
    fields,
  });
}

const connectionArgs = (t: PothosSchemaTypes.ObjectFieldBuilder<Types, Widget>) => ({
  first: t.arg.int({ description: 'Returns the first _n_ elements from the list.' }),
  after: t.arg.string({ description: 'Returns the elements in the list that come after the specified cursor.' }),
});

widgetType('WorkItemWidgetDescription', 'DESCRIPTION', 'Represents a description widget.', (t) => ({
  description: t.string({
    nullable: true,
    description: 'Description of the work item.',
    resolve: (w) => w.node.issue.description,
  }),
  descriptionHtml: t.string({
    nullable: true,
    description: 'GitLab Flavored Markdown rendering of `description`.',
    resolve: (w) => renderMarkdown(w.node.issue.description),
  }),
  edited: t.boolean({
    description: 'Whether the description has been edited since the work item was created.',
    resolve: (w) => w.node.issue.lastEditedAt !== null,
  }),
  lastEditedAt: t.field({
    type: 'Time',
    nullable: true,
    description: 'Timestamp of when the work item description was last edited.',
    resolve: (w) => w.node.issue.lastEditedAt,
  }),
  lastEditedBy: t.field({
    type: UserCoreRef,
    nullable: true,
    description: 'User that made the last edit to the work item description.',
    resolve: (w) => w.node.issue.lastEditedById,
  }),
  taskCompletionStatus: t.field({
    type: TaskCompletionStatusRef,
    description: 'Task completion status of the work item.',
    resolve: (w) => taskCompletionStatus(w.node.issue.description),
  }),
}));

widgetType('WorkItemWidgetAssignees', 'ASSIGNEES', 'Represents an assignees widget.', (t) => ({
  allowsMultipleAssignees: t.boolean({
    description: 'Indicates whether multiple assignees are allowed.',
    resolve: () => true,
  }),
  canInviteMembers: t.boolean({
    description: 'Indicates whether the current user can invite members to the work item parent.',
    resolve: () => false,
  }),
  assignees: t.field({
    type: UserCoreConnection,
    nullable: true,
    description: 'Assignees of the work item.',
    args: connectionArgs(t),
    resolve: (w, args, ctx) => usersPage(ctx, [...w.node.assigneeIds], args),
  }),
}));

widgetType('WorkItemWidgetLabels', 'LABELS', 'Represents the labels widget.', (t) => ({
  allowsScopedLabels: t.boolean({ description: 'Indicates whether a scoped label is allowed.', resolve: () => true }),
  labels: t.field({
    type: LabelConnection,
    nullable: true,
    description: 'Labels assigned to the work item.',
    args: connectionArgs(t),
    resolve: (w, args, ctx) => labelsPage(ctx, w.node.issue.id, args),
  }),
}));

widgetType('WorkItemWidgetMilestone', 'MILESTONE', 'Represents a milestone widget.', (t) => ({
  milestone: t.field({
    type: MilestoneRef,
    nullable: true,
    description: 'Milestone of the work item.',
    resolve: async (w, _a, ctx) => {
      if (w.node.issue.milestoneId === null) return null;
      const milestone = await issueLoaders(ctx).milestone.load(w.node.issue.milestoneId);
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
    resolve: (w) => w.node.issue.dueDate,
  }),
  isFixed: t.boolean({
    description: 'Indicates if the dates are fixed (not rolled up from children).',
    resolve: () => true,
  }),
  rollUp: t.boolean({ description: 'Indicates if the dates roll up from children.', resolve: () => false }),
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

const WorkItemConnection = builder.connectionObject(
  { type: WorkItemRef, name: 'WorkItemConnection' },
  { name: 'WorkItemEdge' },
);
builder.objectField(WorkItemConnection, 'count', (t) =>
  t.int({ description: 'Total count of collection.', resolve: (c) => (c as unknown as { count: number }).count }),
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
    resolve: async (w, _a, ctx) => (await workItemLoaders(ctx).childCounts.load(w.node.issue.id)).length > 0,
  }),
  hasParent: t.boolean({
    description: 'Indicates if the work item has a parent.',
    resolve: async (w, _a, ctx) => (await workItemLoaders(ctx).parentId.load(w.node.issue.id)) !== null,
  }),
  parent: t.field({
    type: WorkItemRef,
    nullable: true,
    description: 'Parent work item (null when it is hidden from you).',
    resolve: (w, _a, ctx) => parentOf(ctx, w.node),
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
    resolve: (w, args, ctx) =>
      offsetConnection(args, (page) => ctx.services.workItems.children(ctx.actor, w.node, page)),
  }),
  depthLimitReachedByType: t.field({
    type: [DepthLimitRef],
    description: 'Depth limit reached by allowed work item type.',
    resolve: (w) =>
      workItemTypeOf(w.node.issue.issueType).allowedChildTypes.map((issueType) => ({
        type: workItemTypeOf(issueType),
        // Children have no children of their own: one level below an issue is the limit.
        depthLimitReached: false,
      })),
  }),
  rolledUpCountsByType: t.field({
    type: [CountsByTypeRef],
    description: 'Counts of descendant work items by type and state (hidden ones included, as all roll-ups).',
    resolve: async (w, _a, ctx) => {
      const counts = await workItemLoaders(ctx).childCounts.load(w.node.issue.id);
      return workItemTypeOf(w.node.issue.issueType).allowedChildTypes.map((issueType) => {
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
      description: 'GitLab Flavored Markdown rendering of `title`.',
      resolve: (i) => renderTitle(i.issue.title),
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
      resolve: (i) => workItemTypeOf(i.issue.issueType).widgets.map((widget) => ({ widget, node: i })),
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
