/** Per-request DataLoaders of the work item hierarchy: parents and child counts of a page at once. */
import DataLoader from 'dataloader';
import type { GraphQLContext } from '../../graphql/context.ts';
import type { ChildCount } from './work-item-links.repository.ts';

function createLoaders(ctx: GraphQLContext) {
  const workItems = ctx.services.workItems;
  return {
    /** The parent's issue id of each child (null without a parent; access decided by the reader). */
    parentId: new DataLoader<number, number | null>(async (ids) => {
      const found = await workItems.parentIds(ids);
      return ids.map((id) => found.get(id) ?? null);
    }),
    /** Each parent's children by type and state. */
    childCounts: new DataLoader<number, ChildCount[]>(async (ids) => {
      const found = await workItems.childCounts(ids);
      return ids.map((id) => found.get(id) ?? []);
    }),
  };
}

const cache = new WeakMap<GraphQLContext, ReturnType<typeof createLoaders>>();

export function workItemLoaders(ctx: GraphQLContext): ReturnType<typeof createLoaders> {
  let loaders = cache.get(ctx);
  if (!loaders) {
    loaders = createLoaders(ctx);
    cache.set(ctx, loaders);
  }
  return loaders;
}
