/** The Epic's list fields: labels, participants, children, ancestors and blocking epics. */
import { builder } from '../../graphql/builder.ts';
import { type ConnectionArgs, offsetConnection } from '../../graphql/pagination.ts';
import { EpicRef } from '../../graphql/refs.ts';
import { LabelConnection } from '../labels/labels.schema.ts';
import { UserCoreConnection, UserCoreRef } from '../users/users.schema.ts';
import {
  cursorArgs,
  EpicConnection,
  type EpicListArgs,
  epicConnection,
  epicListArgs,
  isDefaultListArgs,
  toEpicListInput,
} from './epic-types.schema.ts';
import { epicLoaders } from './epics.loaders.ts';
import type { EpicNode } from './epics.types.ts';

/** Relay's page arguments. */
// biome-ignore lint/suspicious/noExplicitAny: Pothos' field builder type is generic over the parent.
export const pageArgs = (t: any) => ({
  first: t.arg.int({ required: false, description: 'Returns the first _n_ elements from the list.' }),
  after: t.arg.string({
    required: false,
    description: 'Returns the elements in the list that come after the specified cursor.',
  }),
  last: t.arg.int({ required: false, description: 'Returns the last _n_ elements from the list.' }),
  before: t.arg.string({
    required: false,
    description: 'Returns the elements in the list that come before the specified cursor.',
  }),
});

/** A connection over an in-memory list (already loaded in one batched query). */
function listConnection<T>(args: ConnectionArgs, list: readonly T[]) {
  return offsetConnection(cursorArgs(args), async ({ limit, offset }) => ({
    rows: list.slice(offset, offset + limit),
    total: list.length,
  }));
}

builder.objectFields(EpicRef, (t) => ({
  labels: t.field({
    type: LabelConnection,
    nullable: true,
    description: 'Labels assigned to the epic.',
    args: pageArgs(t),
    resolve: async (e, args, ctx) =>
      listConnection(args as ConnectionArgs, await epicLoaders(ctx).labels.load(e.epic.id)),
  }),
  participants: t.field({
    type: UserCoreConnection,
    nullable: true,
    description: 'List of participants for the epic: its author and the assignees of its issues you can see.',
    args: pageArgs(t),
    resolve: async (e, args, ctx) => {
      const ids = await ctx.services.epics.participantIds(ctx.actor, e);
      const users = (await UserCoreRef.getDataloader(ctx).loadMany(ids)).filter(
        (u): u is Exclude<typeof u, Error> => !(u instanceof Error) && u.state === 'active',
      );
      return listConnection(args as ConnectionArgs, users);
    },
  }),
  children: t.field({
    type: EpicConnection,
    nullable: true,
    description: 'Children (sub-epics) of the epic that the current user can see.',
    args: { ...epicListArgs(t, true), ...pageArgs(t) },
    resolve: (e, args, ctx) =>
      epicConnection(ctx, args as EpicListArgs & ConnectionArgs, {
        parentId: e.epic.id,
        includeAncestorGroups: undefined,
        includeDescendantGroups: undefined,
      }),
  }),
  ancestors: t.field({
    type: EpicConnection,
    nullable: true,
    description: 'Ancestors (parents) of the epic that the current user can see, the top-level one first.',
    args: { ...epicListArgs(t, true), ...pageArgs(t) },
    resolve: async (e, args, ctx) => {
      const pathIds = e.epic.pathIds.filter((id) => id !== e.epic.id);
      let rows: EpicNode[];
      if (isDefaultListArgs(args as EpicListArgs)) {
        // The roadmap's `ancestors { nodes { id } }`: one batched query for the whole page.
        const loaded = await epicLoaders(ctx).visibleEpic.loadMany(pathIds);
        rows = loaded.filter((r): r is EpicNode => r !== null && !(r instanceof Error));
      } else {
        const input = { ...toEpicListInput(args as EpicListArgs), ids: pathIds };
        rows = await ctx.services.epics.listAll(ctx.actor, input);
      }
      const ordered = [...rows].sort((a, b) => pathIds.indexOf(a.epic.id) - pathIds.indexOf(b.epic.id));
      return listConnection(args as ConnectionArgs, ordered);
    },
  }),
  blockedByEpics: t.field({
    type: EpicConnection,
    nullable: true,
    description: 'Epics blocking this epic that the current user can see.',
    args: pageArgs(t),
    resolve: async (e, args, ctx) =>
      listConnection(args as ConnectionArgs, await epicLoaders(ctx).blockers.load(e.epic.id)),
  }),
}));
