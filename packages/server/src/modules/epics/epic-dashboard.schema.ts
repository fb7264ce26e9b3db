/**
 * `Query.epics` (Milepost; GitLab lists epics only per group): the epics of every group you may
 * read, for the dashboard's `/dashboard/epics` ('Created by me'). At least one filter is required,
 * so no request lists every epic of the instance.
 */
import { GraphQLError } from 'graphql';
import { builder } from '../../graphql/builder.ts';
import type { ConnectionArgs } from '../../graphql/pagination.ts';
import { pageArgs } from './epic-connections.schema.ts';
import {
  EpicConnection,
  type EpicListArgs,
  epicConnection,
  epicListArgs,
  toEpicListInput,
} from './epic-types.schema.ts';

builder.queryField('epics', (t) =>
  t.field({
    type: EpicConnection,
    nullable: true,
    description:
      'Epics of every group you may read (at least one filter argument is required, such as `authorUsername`).',
    extensions: { public: true },
    args: {
      ...epicListArgs(t),
      ...pageArgs(t),
    },
    resolve: (_root, args, ctx) => {
      const {
        state: _state,
        sort: _sort,
        includeAncestorGroups: _ancestors,
        includeDescendantGroups: _descendants,
        topLevelHierarchyOnly: _top,
        topLevelInList: _topInList,
        searchIn: _in,
        ...filters
      } = toEpicListInput(args as EpicListArgs);
      const given = (v: unknown) => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0) && v !== '';
      if (!Object.values(filters).some(given)) {
        throw new GraphQLError('You must provide at least one filter argument for this query');
      }
      return epicConnection(ctx, args as EpicListArgs & ConnectionArgs, {});
    },
  }),
);
