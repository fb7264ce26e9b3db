// GraphQL fields of `Issue` that only the issue page reads: whether it is the author's first issue.
import DataLoader from 'dataloader';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { IssueRef } from '../../graphql/refs.ts';

const firstContributionLoaders = new WeakMap<GraphQLContext, DataLoader<number, boolean>>();

/** Per request: one query for every issue whose `isFirstContribution` is asked. */
function firstContributionLoader(ctx: GraphQLContext): DataLoader<number, boolean> {
  let loader = firstContributionLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader<number, boolean>(async (ids) => {
      const first = await ctx.services.issuePage.firstContributions(ids);
      return ids.map((id) => first.has(id));
    });
    firstContributionLoaders.set(ctx, loader);
  }
  return loader;
}

builder.objectField(IssueRef, 'isFirstContribution', (t) =>
  t.boolean({
    description:
      "Indicates the issue is its author's first issue in the project (GitLab's `is_first_contribution`; the issue page shows '1st contribution!').",
    resolve: (i, _args, ctx) => firstContributionLoader(ctx).load(i.issue.id),
  }),
);
