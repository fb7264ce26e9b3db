/**
 * GitLab's work item mutations over Milepost's issues (decisions 0036, 0045): `workItemCreate` (a
 * new item starts OPEN; widgets by type, linked items included), `workItemUpdate` (time spent
 * through the time tracking widget), `workItemDelete`, `workItemAddLinkedItems` and
 * `workItemRemoveLinkedItems` (decision 0054). Forbidden or hidden objects
 * answer GitLab's top-level error; refusals come back in the payload's `errors`.
 */
import { GraphQLError } from 'graphql';
import { AppError, NOT_FOUND_MESSAGE, NotFoundError } from '../../errors.ts';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { fromGlobalId } from '../../graphql/global-id.ts';
import { ERRORS_DESCRIPTION, mutationPayload, runMutation } from '../../graphql/mutation.ts';
import { HealthStatusEnum } from '../issues/issue-enums.schema.ts';
import type { IssueNode } from '../issues/issues.types.ts';
import { ProjectRef } from '../projects/projects.schema.ts';
import { WorkItemRef, WorkItemRelatedLinkTypeEnum, WorkItemStateEventEnum } from './work-items.schema.ts';
import {
  type LinkedItemsResult,
  MAX_LINKED_ITEMS,
  type WorkItemAttributes,
  type WorkItemLinksInput,
} from './work-items.service.ts';

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

const LABEL_TYPES = ['Label', 'GroupLabel', 'ProjectLabel'];

const DescriptionInput = builder.inputType('WorkItemWidgetDescriptionInput', {
  description: 'The description widget of a work item.',
  fields: (t) => ({ description: t.string({ required: true, description: 'Description of the work item.' }) }),
});

const HierarchyCreateInput = builder.inputType('WorkItemWidgetHierarchyCreateInput', {
  description: 'The hierarchy widget of a new work item.',
  fields: (t) => ({ parentId: t.id({ required: false, description: 'Global ID of the parent work item.' }) }),
});

const HierarchyUpdateInput = builder.inputType('WorkItemWidgetHierarchyUpdateInput', {
  description: 'The hierarchy widget of a work item: its parent.',
  fields: (t) => ({
    parentId: t.id({
      required: false,
      description: 'Global ID of the parent work item. Use `null` to remove the association.',
    }),
  }),
});

const AssigneesInput = builder.inputType('WorkItemWidgetAssigneesInput', {
  description: 'The assignees widget of a work item.',
  fields: (t) => ({ assigneeIds: t.idList({ required: true, description: 'Global IDs of assignees.' }) }),
});

const LabelsCreateInput = builder.inputType('WorkItemWidgetLabelsCreateInput', {
  description: 'The labels widget of a new work item.',
  fields: (t) => ({
    labelIds: t.idList({ required: true, description: 'IDs of labels to be added to the work item.' }),
  }),
});

const LabelsUpdateInput = builder.inputType('WorkItemWidgetLabelsUpdateInput', {
  description: 'The labels widget of a work item.',
  fields: (t) => ({
    addLabelIds: t.idList({ required: false, description: 'Global IDs of labels to be added to the work item.' }),
    removeLabelIds: t.idList({
      required: false,
      description: 'Global IDs of labels to be removed from the work item.',
    }),
  }),
});

const MilestoneInput = builder.inputType('WorkItemWidgetMilestoneInput', {
  description: 'The milestone widget of a work item.',
  fields: (t) => ({
    milestoneId: t.id({ required: false, description: 'Milestone to assign to the work item (`null` removes it).' }),
  }),
});

const DatesInput = builder.inputType('WorkItemWidgetStartAndDueDateUpdateInput', {
  description: 'The start and due date widget of a work item.',
  fields: (t) => ({
    startDate: t.field({
      type: 'Date',
      required: false,
      description: 'Start date (issues and tasks have none: only null is taken).',
    }),
    dueDate: t.field({ type: 'Date', required: false, description: 'Due date for the work item.' }),
  }),
});

const WeightInput = builder.inputType('WorkItemWidgetWeightInput', {
  description: 'The weight widget of a work item.',
  fields: (t) => ({ weight: t.int({ required: false, description: 'Weight of the work item (`null` removes it).' }) }),
});

const HealthStatusInput = builder.inputType('WorkItemWidgetHealthStatusInput', {
  description: 'The health status widget of a work item.',
  fields: (t) => ({
    healthStatus: t.field({
      type: HealthStatusEnum,
      required: false,
      description: 'Health status to be assigned to the work item (`null` removes it).',
    }),
  }),
});

const TimelogInput = builder.inputType('WorkItemWidgetTimeTrackingTimelogInput', {
  description: 'Time spent on a work item.',
  fields: (t) => ({
    timeSpent: t.string({ required: true, description: 'Amount of time spent in human readable format (`1h 30m`).' }),
    spentAt: t.field({ type: 'Time', required: false, description: 'Timestamp of when the time was spent.' }),
    summary: t.string({ required: false, description: 'Summary of how the time was spent.' }),
  }),
});

const TimeTrackingInput = builder.inputType('WorkItemWidgetTimeTrackingInput', {
  description: 'The time tracking widget of a work item.',
  fields: (t) => ({
    timeEstimate: t.string({ required: false, description: 'Time estimate in human readable format (`1w 2d`).' }),
    timelog: t.field({ type: TimelogInput, required: false, description: 'Timelog data for time spent.' }),
  }),
});

const LinkedItemsCreateInput = builder.inputType('WorkItemWidgetLinkedItemsCreateInput', {
  description: 'The items a new work item is linked to.',
  fields: (t) => ({
    linkType: t.field({
      type: WorkItemRelatedLinkTypeEnum,
      required: false,
      description: 'Type of link. Defaults to `RELATED`.',
    }),
    workItemsIds: t.idList({
      required: true,
      description: `Global IDs of the items to link (at most ${MAX_LINKED_ITEMS}).`,
    }),
  }),
});

type WidgetInputs = {
  descriptionWidget?: { description: string } | null;
  assigneesWidget?: { assigneeIds: (string | number)[] } | null;
  milestoneWidget?: { milestoneId?: string | number | null } | null;
  startAndDueDateWidget?: { startDate?: string | null; dueDate?: string | null } | null;
  weightWidget?: { weight?: number | null } | null;
  healthStatusWidget?: { healthStatus?: string | null } | null;
  timeTrackingWidget?: { timeEstimate?: string | null } | null;
};

type InputFieldBuilder = PothosSchemaTypes.InputFieldBuilder<Types, 'InputObject'>;

/** The input fields `workItemCreate` and `workItemUpdate` share (GitLab's names). */
const sharedInputFields = (t: InputFieldBuilder) => ({
  confidential: t.boolean({ required: false, description: 'Sets the work item confidentiality.' }),
  descriptionWidget: t.field({ type: DescriptionInput, required: false, description: 'Input for description widget.' }),
  assigneesWidget: t.field({ type: AssigneesInput, required: false, description: 'Input for assignees widget.' }),
  milestoneWidget: t.field({ type: MilestoneInput, required: false, description: 'Input for milestone widget.' }),
  startAndDueDateWidget: t.field({
    type: DatesInput,
    required: false,
    description: 'Input for start and due date widget.',
  }),
  weightWidget: t.field({ type: WeightInput, required: false, description: 'Input for weight widget.' }),
  healthStatusWidget: t.field({
    type: HealthStatusInput,
    required: false,
    description: 'Input for health status widget.',
  }),
  timeTrackingWidget: t.field({
    type: TimeTrackingInput,
    required: false,
    description: 'Input for time tracking widget.',
  }),
});

/** The widgets' inputs → the issue's attributes (GraphQL ids parsed; absent means unchanged). */
function attributesOf(
  input: WidgetInputs & { title?: string | null; confidential?: boolean | null },
): WorkItemAttributes {
  const out: WorkItemAttributes = {};
  if (input.title != null) out.title = input.title;
  if (input.confidential != null) out.confidential = input.confidential;
  if (input.descriptionWidget) out.description = input.descriptionWidget.description;
  if (input.assigneesWidget)
    out.assigneeIds = input.assigneesWidget.assigneeIds.map((id) => fromGlobalId(String(id), 'User'));
  if (input.milestoneWidget && input.milestoneWidget.milestoneId !== undefined) {
    const id = input.milestoneWidget.milestoneId;
    out.milestoneId = id === null ? null : fromGlobalId(String(id), 'Milestone');
  }
  const dates = input.startAndDueDateWidget;
  if (dates) {
    if (dates.startDate != null) throw new AppError(422, 'Start date is not available for this work item type.');
    if (dates.dueDate !== undefined) out.dueDate = dates.dueDate;
  }
  if (input.weightWidget && input.weightWidget.weight !== undefined) out.weight = input.weightWidget.weight;
  if (input.healthStatusWidget && input.healthStatusWidget.healthStatus !== undefined) {
    out.healthStatus = input.healthStatusWidget.healthStatus;
  }
  const estimate = input.timeTrackingWidget?.timeEstimate;
  if (estimate !== undefined) out.timeEstimate = estimate ?? 0;
  return out;
}

type TimelogFields = { timeSpent: string; spentAt?: Date | string | null; summary?: string | null };
const timelogOf = (timelog: TimelogFields | null | undefined) =>
  timelog
    ? {
        duration: timelog.timeSpent,
        spentAt: timelog.spentAt ? new Date(timelog.spentAt) : null,
        summary: timelog.summary,
      }
    : undefined;

const labelIds = (ids: (string | number)[] | null | undefined) =>
  ids == null ? undefined : ids.map((id) => fromGlobalId(String(id), ...LABEL_TYPES));

/** The readable work item of a global id (a hidden or missing one is GitLab's top-level error). */
async function findWorkItem(ctx: GraphQLContext, gid: string) {
  const node = await ctx.services.issues.findById(ctx.actor, fromGlobalId(gid, 'WorkItem', 'Issue'));
  if (!node) throw new NotFoundError();
  return node;
}

const WORK_ITEM = { type: WorkItemRef, description: 'Work item after the mutation.' };

builder.relayMutationField(
  'workItemCreate',
  {
    inputFields: (t) => ({
      title: t.string({ required: true, description: 'Title of the work item.' }),
      workItemTypeId: t.id({
        required: true,
        description: 'Global ID of a work item type (`gid://gitlab/WorkItems::Type/N`).',
      }),
      namespacePath: t.id({ required: false, description: 'Full path of the project the work item is created in.' }),
      projectPath: t.id({
        required: false,
        description: 'Full path of the project the work item is created in.',
        deprecationReason: 'Use `namespacePath`. Deprecated in GitLab 16.3.',
      }),
      ...sharedInputFields(t),
      hierarchyWidget: t.field({
        type: HierarchyCreateInput,
        required: false,
        description: 'Input for hierarchy widget.',
      }),
      labelsWidget: t.field({ type: LabelsCreateInput, required: false, description: 'Input for labels widget.' }),
      linkedItemsWidget: t.field({
        type: LinkedItemsCreateInput,
        required: false,
        description: 'Input for linked items widget.',
      }),
    }),
  },
  {
    description: 'Creates a work item (an issue, incident or task of a project).',
    extensions: { ability: 'createIssue' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => {
          const path = input.namespacePath ?? input.projectPath;
          if ((input.namespacePath == null) === (input.projectPath == null)) {
            throw new GraphQLError('Please provide either projectPath or namespacePath argument, but not both.');
          }
          const project = await ctx.services.projects.find(ctx.actor, String(path));
          if (!project) throw new NotFoundError();
          const parentId = input.hierarchyWidget?.parentId;
          const workItem = await ctx.services.workItems.create(ctx.actor, project, {
            ...attributesOf(input),
            title: input.title,
            labelIds: labelIds(input.labelsWidget?.labelIds),
            typeId: fromGlobalId(String(input.workItemTypeId), 'WorkItems::Type'),
            parentId: parentId == null ? undefined : fromGlobalId(String(parentId), 'WorkItem', 'Issue'),
            linkedItems: input.linkedItemsWidget
              ? {
                  linkType: input.linkedItemsWidget.linkType ?? 'relates_to',
                  ids: input.linkedItemsWidget.workItemsIds.map((id) => fromGlobalId(String(id), 'WorkItem', 'Issue')),
                }
              : undefined,
            timelog: timelogOf(input.timeTrackingWidget?.timelog),
          });
          return { workItem };
        },
        { workItem: null },
      ),
  },
  mutationPayload({ workItem: WORK_ITEM }),
);

builder.relayMutationField(
  'workItemUpdate',
  {
    inputFields: (t) => ({
      id: t.id({ required: true, description: 'Global ID of the work item.' }),
      title: t.string({ required: false, description: 'Title of the work item.' }),
      stateEvent: t.field({
        type: WorkItemStateEventEnum,
        required: false,
        description: 'Close or reopen a work item.',
      }),
      ...sharedInputFields(t),
      hierarchyWidget: t.field({
        type: HierarchyUpdateInput,
        required: false,
        description: 'Input for hierarchy widget.',
      }),
      labelsWidget: t.field({ type: LabelsUpdateInput, required: false, description: 'Input for labels widget.' }),
    }),
  },
  {
    description: 'Updates a work item.',
    extensions: { ability: 'updateWorkItem' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => {
          const node = await findWorkItem(ctx, String(input.id));
          const hierarchy = input.hierarchyWidget;
          const parentId =
            hierarchy == null || hierarchy.parentId === undefined
              ? undefined
              : hierarchy.parentId === null
                ? null
                : fromGlobalId(String(hierarchy.parentId), 'WorkItem', 'Issue');
          const workItem = await ctx.services.workItems.update(ctx.actor, node, {
            ...attributesOf(input),
            stateEvent: input.stateEvent ?? undefined,
            addLabelIds: labelIds(input.labelsWidget?.addLabelIds),
            removeLabelIds: labelIds(input.labelsWidget?.removeLabelIds),
            parentId,
            timelog: timelogOf(input.timeTrackingWidget?.timelog),
          });
          return { workItem };
        },
        { workItem: null },
      ),
  },
  mutationPayload({ workItem: WORK_ITEM }),
);

builder.relayMutationField(
  'workItemDelete',
  {
    inputFields: (t) => ({ id: t.id({ required: true, description: 'Global ID of the work item.' }) }),
  },
  {
    description: 'Deletes a work item.',
    extensions: { ability: 'deleteWorkItem' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => {
          const node = await findWorkItem(ctx, String(input.id));
          await ctx.services.workItems.remove(ctx.actor, node);
          return { project: { project: node.project, group: node.group } };
        },
        { project: null },
      ),
  },
  mutationPayload({ project: { type: ProjectRef, description: 'Project the deleted work item belonged to.' } }),
);

// --- linked items ---------------------------------------------------------------------------------

type LinkedItemsPayload = LinkedItemsResult & { workItem: IssueNode | null };

/** The ids of `workItemsIds`, at most MAX_LINKED_ITEMS of them (GitLab's limit, checked before anything runs). */
function linkedItemIds(ids: readonly (string | number)[]): number[] {
  if (ids.length > MAX_LINKED_ITEMS) {
    throw new GraphQLError(`No more than ${MAX_LINKED_ITEMS} work items can be modified at the same time.`);
  }
  return ids.map((id) => fromGlobalId(String(id), 'WorkItem', 'Issue'));
}

/**
 * `workItemAddLinkedItems` / `workItemRemoveLinkedItems`: the work item must be readable (else
 * GitLab's top-level error); the service's answer is GitLab's `message` or `errors`, and the work
 * item comes back with its linked items as they now are.
 */
function linkedItemsMutation(
  name: 'workItemAddLinkedItems' | 'workItemRemoveLinkedItems',
  description: string,
  run: (ctx: GraphQLContext, node: IssueNode, ids: number[], linkType: string | null) => Promise<LinkedItemsResult>,
) {
  const adding = name === 'workItemAddLinkedItems';
  builder.relayMutationField(
    name,
    {
      inputFields: (t) => ({
        id: t.id({ required: true, description: 'Global ID of the work item.' }),
        workItemsIds: t.idList({
          required: true,
          description: `Global IDs of the items to ${adding ? 'link' : 'unlink'}. Maximum number of IDs you can provide: ${MAX_LINKED_ITEMS}.`,
        }),
        ...(adding
          ? {
              linkType: t.field({
                type: WorkItemRelatedLinkTypeEnum,
                required: false,
                description: 'Type of link. Defaults to `RELATED`.',
              }),
            }
          : {}),
      }),
    },
    {
      description,
      extensions: { ability: 'readWorkItem / adminWorkItemLink' },
      authScopes: { signedIn: true },
      resolve: async (_root, { input }, ctx): Promise<LinkedItemsPayload> => {
        const ids = linkedItemIds(input.workItemsIds);
        if (!adding && ids.length === 0) throw new GraphQLError('workItemsIds cannot be empty');
        const node = await ctx.services.issues.findById(ctx.actor, fromGlobalId(String(input.id), 'WorkItem', 'Issue'));
        if (!node) throw new GraphQLError(NOT_FOUND_MESSAGE);
        const linkType = 'linkType' in input ? ((input.linkType as string | null | undefined) ?? null) : null;
        const outcome = await runMutation(async () => ({ result: await run(ctx, node, ids, linkType) }), {
          result: null,
        });
        return {
          workItem: node,
          message: outcome.result?.message ?? '',
          errors: outcome.result?.errors ?? outcome.errors,
        };
      },
    },
    {
      outputFields: (t: PothosSchemaTypes.ObjectFieldBuilder<Types, LinkedItemsPayload>) => ({
        workItem: t.field({
          type: WorkItemRef,
          nullable: true,
          description: 'Updated work item.',
          resolve: (p) => p.workItem,
        }),
        errors: t.stringList({ description: ERRORS_DESCRIPTION, resolve: (p) => p.errors }),
        message: t.string({
          nullable: true,
          description: 'Linked items update result message.',
          resolve: (p) => p.message,
        }),
      }),
    },
  );
}

linkedItemsMutation('workItemAddLinkedItems', 'Add linked items to the work item.', (ctx, node, ids, linkType) =>
  ctx.services.workItems.addLinks(ctx.actor, node, {
    ids,
    linkType: (linkType ?? 'relates_to') as WorkItemLinksInput['linkType'],
  }),
);

linkedItemsMutation('workItemRemoveLinkedItems', 'Remove items linked to the work item.', (ctx, node, ids) =>
  ctx.services.workItems.removeLinks(ctx.actor, node, ids),
);
