/** Mutations on issues: createIssue, updateIssue, issueSetEpic, issueSetAssignees, promoteToEpic. */

import { NotFoundError } from '../../errors.ts';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { fromGlobalId } from '../../graphql/global-id.ts';
import { mutationPayload, runMutation } from '../../graphql/mutation.ts';
import { EpicRef, IssueRef } from '../../graphql/refs.ts';
import { usersRepository } from '../users/users.repository.ts';
import { HealthStatusEnum, IssueStateEventEnum, IssueTypeEnum } from './issue-enums.schema.ts';
import type { IssueInput } from './issue-input.ts';
import type { IssueNode } from './issues.types.ts';

const LABEL_TYPES = ['Label', 'GroupLabel', 'ProjectLabel'];
export async function findIssue(ctx: GraphQLContext, projectPath: string, iid: string): Promise<IssueNode> {
  const project = await ctx.services.projects.get(ctx.actor, projectPath);
  if (!/^\d{1,9}$/.test(iid)) throw new NotFoundError('Issue Not Found');
  return await ctx.services.issues.get(ctx.actor, project, Number(iid));
}

type Fields = {
  title?: string | null;
  description?: string | null;
  confidential?: boolean | null;
  assigneeIds?: (string | number)[] | null;
  labelIds?: (string | number)[] | null;
  addLabelIds?: (string | number)[] | null;
  removeLabelIds?: (string | number)[] | null;
  labels?: string[] | null;
  milestoneId?: string | number | null;
  weight?: number | null;
  dueDate?: string | null;
  epicId?: string | number | null;
  type?: string | null;
  issueType?: string | null;
  healthStatus?: string | null;
  timeEstimate?: string | null;
  locked?: boolean | null;
  stateEvent?: string | null;
};

/** GraphQL input → the service's input; `null` clears, absent leaves alone. */
function toInput(f: Fields): IssueInput {
  const gids = (v: (string | number)[] | null | undefined, ...types: string[]) =>
    v === undefined || v === null ? undefined : v.map((id) => fromGlobalId(String(id), ...types));
  const gid = (v: string | number | null | undefined, ...types: string[]) =>
    v === undefined ? undefined : v === null ? null : fromGlobalId(String(v), ...types);
  const given = <T>(v: T | null | undefined) => (v === null ? undefined : v);
  return {
    title: given(f.title),
    description: f.description,
    confidential: given(f.confidential),
    assigneeIds: gids(f.assigneeIds, 'User'),
    labelIds: gids(f.labelIds, ...LABEL_TYPES),
    labelTitles: given(f.labels),
    addLabelIds: gids(f.addLabelIds, ...LABEL_TYPES),
    removeLabelIds: gids(f.removeLabelIds, ...LABEL_TYPES),
    milestoneId: gid(f.milestoneId, 'Milestone'),
    weight: f.weight,
    dueDate: f.dueDate,
    epicId: gid(f.epicId, 'Epic'),
    issueType: given(f.type ?? f.issueType),
    healthStatus: f.healthStatus,
    timeEstimate: f.timeEstimate,
    discussionLocked: given(f.locked),
    stateEvent: given(f.stateEvent) as IssueInput['stateEvent'],
  };
}

const ISSUE_OBJECT = { type: IssueRef, description: 'Issue after mutation.' };
const ISSUE_PAYLOAD = mutationPayload({ issue: ISSUE_OBJECT });

builder.relayMutationField(
  'createIssue',
  {
    inputFields: (t) => ({
      projectPath: t.id({ required: true, description: 'Project full path the issue is associated with.' }),
      title: t.string({ required: true, description: 'Title of the issue.' }),
      description: t.string({ required: false, description: 'Description of the issue.' }),
      confidential: t.boolean({ required: false, description: 'Indicates the issue is confidential.' }),
      assigneeIds: t.idList({ required: false, description: 'Array of user IDs to assign to the issue.' }),
      labelIds: t.idList({ required: false, description: 'IDs of labels to be added to the issue.' }),
      labels: t.stringList({ required: false, description: 'Labels of the issue, by title.' }),
      milestoneId: t.id({
        required: false,
        description: 'ID of the milestone to assign to the issue. On update milestone will be removed if set to null.',
      }),
      weight: t.int({ required: false, description: 'Weight of the issue.' }),
      dueDate: t.string({ required: false, description: 'Due date of the issue (YYYY-MM-DD).' }),
      epicId: t.id({ required: false, description: 'ID of an epic to associate the issue with.' }),
      type: t.field({ type: IssueTypeEnum, required: false, description: 'Type of the issue.' }),
      issueType: t.field({ type: IssueTypeEnum, required: false, description: 'Type of the issue (alias of `type`).' }),
      healthStatus: t.field({ type: HealthStatusEnum, required: false, description: 'Desired health status.' }),
      locked: t.boolean({ required: false, description: 'Indicates discussion is locked on the issue.' }),
    }),
  },
  {
    description: 'Creates an issue in a project.',
    extensions: { ability: 'createIssue' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => {
          const project = await ctx.services.projects.get(ctx.actor, String(input.projectPath));
          return { issue: await ctx.services.issues.create(ctx.actor, project, toInput(input as Fields)) };
        },
        { issue: null },
      ),
  },
  ISSUE_PAYLOAD,
);

builder.relayMutationField(
  'updateIssue',
  {
    inputFields: (t) => ({
      projectPath: t.id({ required: true, description: 'Project the issue to mutate is in.' }),
      iid: t.string({ required: true, description: 'IID of the issue to mutate.' }),
      title: t.string({ required: false, description: 'Title of the issue.' }),
      description: t.string({ required: false, description: 'Description of the issue.' }),
      confidential: t.boolean({ required: false, description: 'Indicates the issue is confidential.' }),
      dueDate: t.string({ required: false, description: 'Due date of the issue (YYYY-MM-DD); null removes it.' }),
      labelIds: t.idList({ required: false, description: 'IDs of labels to be set. Replaces existing issue labels.' }),
      addLabelIds: t.idList({ required: false, description: 'IDs of labels to be added to the issue.' }),
      removeLabelIds: t.idList({ required: false, description: 'IDs of labels to be removed from the issue.' }),
      assigneeIds: t.idList({ required: false, description: 'IDs of users to assign (replaces the assignees).' }),
      milestoneId: t.id({
        required: false,
        description: 'ID of the milestone to assign to the issue. On update milestone will be removed if set to null.',
      }),
      stateEvent: t.field({ type: IssueStateEventEnum, required: false, description: 'Close or reopen an issue.' }),
      healthStatus: t.field({
        type: HealthStatusEnum,
        required: false,
        description: 'Desired health status; null removes it.',
      }),
      weight: t.int({ required: false, description: 'Weight of the issue; null removes it.' }),
      timeEstimate: t.string({
        required: false,
        description:
          'Estimated time to complete the issue (`1w 2d 3h`). Use `null` or `0` to remove the current estimate.',
      }),
      locked: t.boolean({ required: false, description: 'Indicates discussion is locked on the issue.' }),
      epicId: t.id({ required: false, description: 'ID of the parent epic. NULL when removing the association.' }),
      type: t.field({ type: IssueTypeEnum, required: false, description: 'Type of the issue.' }),
    }),
  },
  {
    description: 'Updates an issue.',
    extensions: { ability: 'updateIssue' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => {
          const issue = await findIssue(ctx, String(input.projectPath), input.iid);
          return { issue: await ctx.services.issues.update(ctx.actor, issue, toInput(input as Fields)) };
        },
        { issue: null },
      ),
  },
  ISSUE_PAYLOAD,
);

builder.relayMutationField(
  'issueSetEpic',
  {
    inputFields: (t) => ({
      projectPath: t.id({ required: true, description: 'Project the issue to mutate is in.' }),
      iid: t.string({ required: true, description: 'IID of the issue to mutate.' }),
      epicId: t.id({
        required: false,
        description: 'Global ID of the epic to be assigned to the issue, epic will be removed if absent or set to null',
      }),
    }),
  },
  {
    description: 'Sets or removes the epic of an issue.',
    extensions: { ability: 'adminIssueRelation' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => {
          const issue = await findIssue(ctx, String(input.projectPath), input.iid);
          const epicId = input.epicId ? fromGlobalId(String(input.epicId), 'Epic') : null;
          const updated = await ctx.services.issues.setEpic(ctx.actor, issue, epicId);
          return { issue: (await ctx.services.issues.findById(ctx.actor, updated.issue.id)) ?? null };
        },
        { issue: null },
      ),
  },
  ISSUE_PAYLOAD,
);

const SetAssigneesMode = builder.enumType('MutationOperationMode', {
  description: 'Different toggles for changing mutator behavior.',
  values: {
    REPLACE: { value: 'REPLACE', description: 'Performs a replace operation.' },
    APPEND: { value: 'APPEND', description: 'Performs an append operation.' },
    REMOVE: { value: 'REMOVE', description: 'Performs a removal operation.' },
  } as const,
});

builder.relayMutationField(
  'issueSetAssignees',
  {
    inputFields: (t) => ({
      projectPath: t.id({ required: true, description: 'Project the issue to mutate is in.' }),
      iid: t.string({ required: true, description: 'IID of the issue to mutate.' }),
      assigneeUsernames: t.stringList({
        required: true,
        description: 'Usernames to assign to the resource. Replaces existing assignees by default.',
      }),
      operationMode: t.field({
        type: SetAssigneesMode,
        required: false,
        defaultValue: 'REPLACE',
        description: 'Operation to perform. Defaults to REPLACE.',
      }),
    }),
  },
  {
    description: 'Sets the assignees of an issue.',
    extensions: { ability: 'adminIssue' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => {
          const issue = await findIssue(ctx, String(input.projectPath), input.iid);
          const users = usersRepository(ctx.db);
          const found = await Promise.all(input.assigneeUsernames.map((u) => users.findByUsername(u)));
          const ids = found.flatMap((u) => (u ? [u.id] : []));
          const mode = input.operationMode ?? 'REPLACE';
          const assigneeIds =
            mode === 'REPLACE'
              ? ids
              : mode === 'APPEND'
                ? [...issue.assigneeIds, ...ids]
                : issue.assigneeIds.filter((id) => !ids.includes(id));
          return { issue: await ctx.services.issues.update(ctx.actor, issue, { assigneeIds }) };
        },
        { issue: null },
      ),
  },
  ISSUE_PAYLOAD,
);

builder.relayMutationField(
  'promoteToEpic',
  {
    inputFields: (t) => ({
      projectPath: t.id({ required: true, description: 'Project the issue to mutate is in.' }),
      iid: t.string({ required: true, description: 'IID of the issue to mutate.' }),
      groupPath: t.id({
        required: false,
        description: "Group the promoted epic will belong to (the project's group).",
      }),
    }),
  },
  {
    description: "Promotes an issue to an epic in the project's group; the issue is closed.",
    extensions: { ability: 'adminIssue / createEpic' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => {
          const issue = await findIssue(ctx, String(input.projectPath), input.iid);
          const promoted = await ctx.services.issues.promoteToEpic(ctx.actor, issue);
          return { epic: promoted.epic, issue: promoted.issue };
        },
        { epic: null, issue: null },
      ),
  },
  mutationPayload({
    epic: { type: EpicRef, description: 'Epic after issue promotion.' },
    issue: ISSUE_OBJECT,
  }),
);
