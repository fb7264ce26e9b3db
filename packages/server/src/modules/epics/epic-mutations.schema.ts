/** Epic mutations (GitLab's names and inputs): createEpic, updateEpic, epicTreeReorder, epicSetSubscription. */
import { GraphQLError } from 'graphql';
import type { Actor } from '../../authz/actor.ts';
import { NotFoundError } from '../../errors.ts';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { fromGlobalId } from '../../graphql/global-id.ts';
import { mutationPayload, runMutation } from '../../graphql/mutation.ts';
import { EpicRef } from '../../graphql/refs.ts';
import { type EpicInput, hasEpicAttributes } from './epic-input.ts';
import type { TreeNodeId } from './epic-tree.service.ts';
import { EpicStateEventEnum, MoveTypeEnum } from './epic-types.schema.ts';

/** Label ids as GitLab accepts them: `gid://gitlab/GroupLabel/5` or a bare `5`. */
function labelIds(list: readonly (string | number)[] | null | undefined): number[] | undefined {
  if (!list) return undefined;
  return list.map((raw) => {
    const s = String(raw);
    return /^\d+$/.test(s) ? Number(s) : fromGlobalId(s, 'GroupLabel', 'ProjectLabel', 'Label');
  });
}

function epicId(raw: string | number): number {
  const s = String(raw);
  return /^\d+$/.test(s) ? Number(s) : fromGlobalId(s, 'Epic');
}

type SharedArgs = {
  title?: string | null;
  description?: string | null;
  confidential?: boolean | null;
  color?: string | null;
  startDateFixed?: string | null;
  dueDateFixed?: string | null;
  startDateIsFixed?: boolean | null;
  dueDateIsFixed?: boolean | null;
  addLabelIds?: readonly (string | number)[] | null;
  removeLabelIds?: readonly (string | number)[] | null;
  addLabels?: readonly string[] | null;
  removeLabels?: readonly string[] | null;
  parentId?: string | number | null;
  stateEvent?: 'close' | 'reopen' | null;
};

/** Mutation input → service input: absent (undefined/null) attributes are left alone. */
function toEpicInput(a: SharedArgs): EpicInput {
  const opt = <T>(v: T | null | undefined) => (v === null ? undefined : v);
  return {
    title: opt(a.title),
    description: opt(a.description),
    confidential: opt(a.confidential),
    color: opt(a.color),
    startDateFixed: a.startDateFixed,
    dueDateFixed: a.dueDateFixed,
    startDateIsFixed: opt(a.startDateIsFixed),
    dueDateIsFixed: opt(a.dueDateIsFixed),
    addLabelIds: labelIds(a.addLabelIds),
    removeLabelIds: labelIds(a.removeLabelIds),
    addLabels: opt(a.addLabels),
    removeLabels: opt(a.removeLabels),
    parentId: a.parentId === undefined ? undefined : a.parentId === null ? null : epicId(a.parentId),
    stateEvent: opt(a.stateEvent),
  };
}

async function groupOf(ctx: GraphQLContext, groupPath: string | number) {
  return await ctx.services.groups.get(ctx.actor, String(groupPath));
}

async function epicOf(ctx: GraphQLContext, actor: Actor, groupPath: string | number, iid: string | number) {
  const group = await groupOf(ctx, groupPath);
  const found = await ctx.services.epics.find(actor, group, Number(iid));
  if (!found) throw new NotFoundError();
  return found;
}

// biome-ignore lint/suspicious/noExplicitAny: shared input fields for two input types.
const sharedInputFields = (t: any) => ({
  title: t.string({ required: false, description: 'Title of the epic.' }),
  description: t.string({ required: false, description: 'Description of the epic.' }),
  confidential: t.boolean({ required: false, description: 'Indicates if the epic is confidential.' }),
  color: t.string({ required: false, description: 'Color of the epic (`#rrggbb`).' }),
  startDateFixed: t.string({ required: false, description: 'Start date of the epic.' }),
  dueDateFixed: t.string({ required: false, description: 'End date of the epic.' }),
  startDateIsFixed: t.boolean({
    required: false,
    description: 'Indicates start date should be sourced from start_date_fixed field not the issue milestones.',
  }),
  dueDateIsFixed: t.boolean({
    required: false,
    description: 'Indicates end date should be sourced from due_date_fixed field not the issue milestones.',
  }),
  addLabelIds: t.idList({ required: false, description: 'IDs of labels to be added to the epic.' }),
  removeLabelIds: t.idList({ required: false, description: 'IDs of labels to be removed from the epic.' }),
  addLabels: t.stringList({ required: false, description: 'Array of labels to be added to the epic.' }),
  removeLabels: t.stringList({ required: false, description: 'Array of labels to be removed from the epic.' }),
  parentId: t.id({
    required: false,
    description: 'ID of the parent epic (`gid://gitlab/Epic/N`); null removes the parent.',
  }),
});

const epicPayload = (description: string) => mutationPayload({ epic: { type: EpicRef, description } });

builder.relayMutationField(
  'createEpic',
  {
    inputFields: (t) => ({
      groupPath: t.id({ required: true, description: 'Group the epic to mutate is in.' }),
      ...sharedInputFields(t),
    }),
  },
  {
    description: 'Creates an epic in a group.',
    extensions: { ability: 'createEpic' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => {
          const group = await groupOf(ctx, input.groupPath);
          return { epic: await ctx.services.epics.create(ctx.actor, group, toEpicInput(input as SharedArgs)) };
        },
        { epic: null },
      ),
  },
  epicPayload('Created epic.'),
);

builder.relayMutationField(
  'updateEpic',
  {
    inputFields: (t) => ({
      groupPath: t.id({ required: true, description: 'Group the epic to mutate is in.' }),
      iid: t.id({ required: true, description: 'IID of the epic to mutate.' }),
      ...sharedInputFields(t),
      stateEvent: t.field({ type: EpicStateEventEnum, required: false, description: 'State event for the epic.' }),
      lockVersion: t.int({
        required: false,
        description:
          'Version of the epic the edit is based on (`Epic.lockVersion`); when the epic has changed since, nothing is saved and `errors` says so.',
      }),
    }),
  },
  {
    description: 'Updates an epic.',
    extensions: { ability: 'updateEpic' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) => {
      const {
        groupPath,
        iid,
        lockVersion,
        clientMutationId: _c,
        ...rest
      } = input as typeof input & { clientMutationId?: unknown };
      const epicInput = toEpicInput(rest as SharedArgs);
      if (!hasEpicAttributes(epicInput)) throw new GraphQLError('The list of epic attributes is empty');
      if (lockVersion !== undefined && lockVersion !== null) epicInput.lockVersion = lockVersion;
      return runMutation(
        async () => {
          const found = await epicOf(ctx, ctx.actor, groupPath, iid);
          return { epic: await ctx.services.epics.update(ctx.actor, found, epicInput) };
        },
        { epic: null },
      );
    },
  },
  epicPayload('Epic after mutation.'),
);

builder.relayMutationField(
  'epicSetSubscription',
  {
    inputFields: (t) => ({
      groupPath: t.id({ required: true, description: 'Group the epic to mutate belongs to.' }),
      iid: t.id({ required: true, description: 'IID of the epic to mutate.' }),
      subscribedState: t.boolean({ required: true, description: 'Desired state of the subscription.' }),
    }),
  },
  {
    description: 'Subscribes the current user to an epic or unsubscribes them.',
    extensions: { ability: 'readEpic' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) =>
      runMutation(
        async () => {
          const found = await epicOf(ctx, ctx.actor, input.groupPath, input.iid);
          return { epic: await ctx.services.epics.setSubscription(ctx.actor, found, input.subscribedState) };
        },
        { epic: null },
      ),
  },
  epicPayload('Epic after mutation.'),
);

const EpicTreeNodeFieldsInput = builder.inputType('EpicTreeNodeFieldsInputType', {
  description: 'A node of an epic tree.',
  fields: (t) => ({
    id: t.id({ required: true, description: 'ID of the epic issue or epic that is being moved.' }),
    adjacentReferenceId: t.id({
      required: false,
      description: 'ID of the epic issue or issue the epic or issue is switched with.',
    }),
    relativePosition: t.field({
      type: MoveTypeEnum,
      required: false,
      description: 'Type of switch. Valid values are `after` or `before`.',
    }),
    newParentId: t.id({ required: false, description: 'ID of the new parent epic.' }),
  }),
});

function treeNodeId(raw: string | number): TreeNodeId {
  const m = /^gid:\/\/gitlab\/(Epic|EpicIssue)\/(\d+)$/.exec(String(raw));
  if (!m) throw new GraphQLError(`"${raw}" does not represent an instance of Epic or EpicIssue`);
  return { type: m[1] as TreeNodeId['type'], id: Number(m[2]) };
}

builder.relayMutationField(
  'epicTreeReorder',
  {
    inputFields: (t) => ({
      baseEpicId: t.id({ required: true, description: 'ID of the base epic of the tree.' }),
      moved: t.field({
        type: EpicTreeNodeFieldsInput,
        required: true,
        description: 'Parameters for updating the tree positions.',
      }),
    }),
  },
  {
    description: 'Reorders an epic tree: moves a child epic or issue next to a sibling, optionally under a new parent.',
    extensions: { ability: 'adminEpicRelation' },
    authScopes: { signedIn: true },
    resolve: (_root, { input }, ctx) => {
      const moved = treeNodeId(input.moved.id);
      const adjacent = input.moved.adjacentReferenceId ? treeNodeId(input.moved.adjacentReferenceId) : undefined;
      const baseEpicId = fromGlobalId(String(input.baseEpicId), 'Epic');
      const newParentId = input.moved.newParentId ? fromGlobalId(String(input.moved.newParentId), 'Epic') : undefined;
      return runMutation(async () => {
        await ctx.services.epics.treeReorder(ctx.actor, {
          baseEpicId,
          moved,
          adjacent,
          relativePosition: input.moved.relativePosition ?? undefined,
          newParentId,
        });
        return {};
      }, {});
    },
  },
  mutationPayload({}),
);
