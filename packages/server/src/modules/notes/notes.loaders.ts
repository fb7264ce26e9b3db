/** Per-request DataLoaders of notes: the award emoji of a page of notes in one query. */
import DataLoader from 'dataloader';
import type { GraphQLContext } from '../../graphql/context.ts';
import type { AwardRow } from '../awards/awards.repository.ts';
import type { DiscussionNode, NoteableNode } from './notes.types.ts';

const keyOf = (n: NoteableNode) => `${n.type}:${n.type === 'Issue' ? n.node.issue.id : n.node.epic.id}`;

function createLoaders(ctx: GraphQLContext) {
  return {
    /** The discussions of a page of notes: one query per noteable. */
    discussion: new DataLoader<{ noteable: NoteableNode; id: string }, DiscussionNode | null, string>(
      async (keys) => {
        const byNoteable = new Map<string, { noteable: NoteableNode; ids: string[] }>();
        for (const k of keys) {
          const entry = byNoteable.get(keyOf(k.noteable)) ?? { noteable: k.noteable, ids: [] };
          entry.ids.push(k.id);
          byNoteable.set(keyOf(k.noteable), entry);
        }
        const found = new Map<string, DiscussionNode>();
        for (const { noteable, ids } of byNoteable.values()) {
          for (const d of await ctx.services.notes.discussionsOf(ctx.actor, noteable, ids)) {
            found.set(`${keyOf(noteable)}:${d.id}`, d);
          }
        }
        return keys.map((k) => found.get(`${keyOf(k.noteable)}:${k.id}`) ?? null);
      },
      { cacheKeyFn: (k) => `${keyOf(k.noteable)}:${k.id}` },
    ),
    userCounts: new DataLoader<NoteableNode, { notes: number; discussions: number }, string>(
      async (noteables) => {
        const counts = await ctx.services.notes.userCounts(ctx.actor, noteables);
        return noteables.map((n) => counts.get(n) ?? { notes: 0, discussions: 0 });
      },
      { cacheKeyFn: keyOf },
    ),
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
