/** `Group.epics` and `Group.epic`: the roadmap's and the epic page's entry points. */
import { builder } from '../../graphql/builder.ts';
import type { ConnectionArgs } from '../../graphql/pagination.ts';
import { EpicRef } from '../../graphql/refs.ts';
import { GroupRef } from '../groups/groups.schema.ts';
import {
  EpicConnection,
  type EpicListArgs,
  epicConnection,
  epicListArgs,
  toEpicListInput,
} from './epic-types.schema.ts';
import { epicLoaders } from './epics.loaders.ts';

builder.objectFields(GroupRef, (t) => ({
  roadmapEpicsLimit: t.int({
    nullable: true,
    description:
      'The most epics the roadmap lists for the group; past it the roadmap shows a warning (the server setting `MILEPOST_ROADMAP_EPICS_LIMIT`). Null when no limit is set: the roadmap lists every epic.',
    resolve: (_group, _args, ctx) => ctx.config.roadmapEpicsLimit,
  }),
  epics: t.field({
    type: EpicConnection,
    nullable: true,
    description: 'Find epics of the group (and, by default, of its subgroups) that the current user can see.',
    args: {
      ...epicListArgs(t),
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
    },
    resolve: (group, args, ctx) => epicConnection(ctx, args as EpicListArgs & ConnectionArgs, { group }),
  }),
  epic: t.field({
    type: EpicRef,
    nullable: true,
    description: 'Find a single epic of the group (or its subgroups) by the same arguments as `epics`.',
    args: epicListArgs(t),
    resolve: async (group, args, ctx) => {
      const input = { ...toEpicListInput(args as EpicListArgs), group };
      const first = { limit: 1, offset: 0 };
      // iids are per group: the group's own epic comes first, then its subgroups'.
      const own = await ctx.services.epics.list(ctx.actor, { ...input, includeDescendantGroups: false }, first);
      const rows = own.rows.length ? own.rows : (await ctx.services.epics.list(ctx.actor, input, first)).rows;
      const found = rows[0];
      if (!found) return null;
      // Read through the viewer's visibility rules: its children's `relationPath` needs it again.
      epicLoaders(ctx).visibleEpic.prime(found.epic.id, { epic: found.epic, group: found.group });
      return { ...found, timeframe: input.timeframe };
    },
  }),
}));
