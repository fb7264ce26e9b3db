/**
 * How the Apollo cache keeps a noteable's discussions: one list per filter and sort (the pages
 * fetched one after another are appended to it), and the edits the section makes to it after a
 * comment is added or deleted, so the page never re-reads the whole list.
 */
import type { ApolloCache, FieldPolicy, Reference, TypePolicies } from '@apollo/client';

type Page = {
  count?: number;
  nodes?: readonly Reference[] | null;
  pageInfo?: { hasNextPage?: boolean; endCursor?: string | null };
};

const discussionsField: FieldPolicy<Page, Page, Page> = {
  keyArgs: ['filter', 'sort'],
  merge(existing, incoming, { args }) {
    if (!existing || !args?.after) return incoming;
    // A page asked for twice (a retry) must not list its discussions twice.
    const seen = new Set((existing.nodes ?? []).map((node) => node.__ref));
    const added = (incoming.nodes ?? []).filter((node) => !seen.has(node.__ref));
    return { ...incoming, nodes: [...(existing.nodes ?? []), ...added] };
  },
};

export const discussionsTypePolicies: TypePolicies = {
  Issue: { fields: { discussions: discussionsField } },
  Epic: { fields: { discussions: discussionsField } },
};

/** The sort a stored `discussions` field was fetched with (`discussions:{"filter":…,"sort":"DESC"}`). */
function storedSort(storeFieldName: string): 'ASC' | 'DESC' {
  return storeFieldName.includes('"sort":"DESC"') ? 'DESC' : 'ASC';
}

function storedFilter(storeFieldName: string): string {
  return /"filter":"([A-Z_]+)"/.exec(storeFieldName)?.[1] ?? 'ALL_NOTES';
}

/**
 * Adds a new discussion (a comment or a thread the viewer started) to every stored list of the
 * noteable that shows comments: at the end oldest first, at the top newest first.
 */
export function addDiscussion(cache: ApolloCache, noteableCacheId: string, discussion: Reference): void {
  cache.modify({
    id: noteableCacheId,
    fields: {
      discussions(value, { storeFieldName }) {
        const existing = value as Page;
        if (!existing?.nodes || storedFilter(storeFieldName) === 'ONLY_ACTIVITY') return value;
        if (existing.nodes.some((node) => node.__ref === discussion.__ref)) return value;
        const nodes =
          storedSort(storeFieldName) === 'DESC' ? [discussion, ...existing.nodes] : [...existing.nodes, discussion];
        return { ...existing, nodes, count: (existing.count ?? 0) + 1 } as typeof value;
      },
    },
  });
}

/** Takes a deleted note out of the cache; its discussion goes too when it was its last note. */
export function removeNote(
  cache: ApolloCache,
  noteableCacheId: string,
  discussionCacheId: string,
  noteCacheId: string,
  wasLast: boolean,
): void {
  if (wasLast) {
    cache.modify({
      id: noteableCacheId,
      fields: {
        discussions(value) {
          const existing = value as Page;
          if (!existing?.nodes) return value;
          const nodes = existing.nodes.filter((node) => node.__ref !== discussionCacheId);
          if (nodes.length === existing.nodes.length) return value;
          return { ...existing, nodes, count: Math.max(0, (existing.count ?? 1) - 1) } as typeof value;
        },
      },
    });
    cache.evict({ id: discussionCacheId });
  } else {
    cache.modify({
      id: discussionCacheId,
      fields: {
        notes(value) {
          const existing = value as Page;
          if (!existing?.nodes) return value;
          return { ...existing, nodes: existing.nodes.filter((node) => node.__ref !== noteCacheId) } as typeof value;
        },
      },
    });
  }
  cache.evict({ id: noteCacheId });
  cache.gc();
}

/**
 * Completes a stored list (the noteable's `discussions` with `filter` and `sort`) with its far end,
 * fetched in the other order (`farIds`: those discussions' ids in this list's order). The far end
 * must start with the list's last discussion and the two must make the list's count: then the list
 * is whole and has no next page. Answers whether it was joined (not: the list changed meanwhile).
 */
export function joinListEnds(
  cache: ApolloCache,
  noteableCacheId: string,
  filter: string,
  sort: 'ASC' | 'DESC',
  farIds: readonly string[],
): boolean {
  let joined = false;
  cache.modify({
    id: noteableCacheId,
    fields: {
      discussions(value, { storeFieldName, toReference }) {
        const existing = value as Page;
        if (storedFilter(storeFieldName) !== filter || storedSort(storeFieldName) !== sort) return value;
        const near = existing?.nodes ?? [];
        const far = farIds.map((id) => toReference({ __typename: 'Discussion', id }));
        const seam = far.findIndex((ref) => ref?.__ref === near.at(-1)?.__ref);
        if (seam < 0 || far.some((ref) => !ref)) return value;
        const nodes = [...near, ...(far.slice(seam + 1) as Reference[])];
        if (nodes.length !== existing.count) return value;
        joined = true;
        return {
          ...existing,
          nodes,
          pageInfo: { ...existing.pageInfo, hasNextPage: false, endCursor: null },
        } as typeof value;
      },
    },
  });
  return joined;
}
