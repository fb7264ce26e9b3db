/** Per-request DataLoaders of notes: the award emoji of a page of notes in one query. */
import DataLoader from 'dataloader';
import type { GraphQLContext } from '../../graphql/context.ts';
import type { AwardRow } from '../awards/awards.repository.ts';

function createLoaders(ctx: GraphQLContext) {
  return {
    awards: new DataLoader<number, AwardRow[]>(async (ids) => {
      const grouped = new Map<number, AwardRow[]>();
      for (const r of await ctx.services.awards.listFor('Note', ids)) {
        grouped.set(r.awardableId, [...(grouped.get(r.awardableId) ?? []), r]);
      }
      return ids.map((id) => grouped.get(id) ?? []);
    }),
  };
}

const cache = new WeakMap<GraphQLContext, ReturnType<typeof createLoaders>>();

export function noteLoaders(ctx: GraphQLContext): ReturnType<typeof createLoaders> {
  let loaders = cache.get(ctx);
  if (!loaders) {
    loaders = createLoaders(ctx);
    cache.set(ctx, loaders);
  }
  return loaders;
}
