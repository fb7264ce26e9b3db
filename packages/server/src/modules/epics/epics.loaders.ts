/**
 * Per-request DataLoaders of the Epic fields: every nested field of a page of epics is answered
 * by one batched query, whatever the page size.
 */
import DataLoader from 'dataloader';
import type { LabelRow } from '../../db/schema.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { EMPTY_ROLLUP, type EpicRollup } from './epic-reads.repository.ts';
import type { EpicWithGroup } from './epics.repository.ts';

type Loaders = {
  labels: DataLoader<number, LabelRow[]>;
  rollups: DataLoader<number, EpicRollup>;
  childCounts: DataLoader<number, number>;
  childCountsWithin: Map<string, DataLoader<number, number>>;
  withIssues: DataLoader<number, boolean>;
  blockers: DataLoader<number, EpicWithGroup[]>;
  blockingCounts: DataLoader<number, number>;
  votes: DataLoader<number, { up: number; down: number }>;
  subscribed: DataLoader<number, boolean>;
  /** an epic by id if the actor may read it, else null */
  visibleEpic: DataLoader<number, EpicWithGroup | null>;
};

const cache = new WeakMap<object, Loaders>();

export function epicLoaders(ctx: GraphQLContext): Loaders {
  let loaders = cache.get(ctx);
  if (loaders) return loaders;
  const { services, actor } = ctx;
  const epics = services.epics;
  const many = <V>(fetch: (ids: readonly number[]) => Promise<Map<number, V>>, fallback: V) =>
    new DataLoader<number, V>(async (ids) => {
      const map = await fetch(ids);
      return ids.map((id) => map.get(id) ?? fallback);
    });
  const flags = (fetch: (ids: readonly number[]) => Promise<Set<number>>) =>
    new DataLoader<number, boolean>(async (ids) => {
      const set = await fetch(ids);
      return ids.map((id) => set.has(id));
    });
  loaders = {
    labels: many((ids) => epics.labelsOf(ids), [] as LabelRow[]),
    rollups: many((ids) => epics.rollups(ids), EMPTY_ROLLUP),
    childCounts: many((ids) => epics.childCounts(actor, ids), 0),
    childCountsWithin: new Map(),
    withIssues: flags((ids) => epics.withIssues(actor, ids)),
    blockers: many((ids) => epics.blockers(actor, ids), [] as EpicWithGroup[]),
    blockingCounts: many((ids) => epics.blockingCounts(actor, ids), 0),
    votes: many((ids) => epics.votes(ids), { up: 0, down: 0 }),
    subscribed: flags((ids) => epics.subscribedOf(actor, ids)),
    visibleEpic: new DataLoader<number, EpicWithGroup | null>(async (ids) => {
      const rows = await epics.visibleByIds(actor, ids);
      const byId = new Map(rows.map((r) => [r.epic.id, r]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
  };
  cache.set(ctx, loaders);
  return loaders;
}

/** Visible children within a timeframe: one loader (one query) per distinct timeframe. */
export function childCountsWithin(ctx: GraphQLContext, timeframe: { start: string; end: string }) {
  const loaders = epicLoaders(ctx);
  const key = `${timeframe.start}..${timeframe.end}`;
  let loader = loaders.childCountsWithin.get(key);
  if (!loader) {
    loader = new DataLoader<number, number>(async (ids) => {
      const map = await ctx.services.epics.childCounts(ctx.actor, ids, timeframe);
      return ids.map((id) => map.get(id) ?? 0);
    });
    loaders.childCountsWithin.set(key, loader);
  }
  return loader;
}
