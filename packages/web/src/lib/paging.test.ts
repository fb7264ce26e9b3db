import { describe, expect, it } from 'vitest';
import { appendPageIn } from './paging.ts';

type Query = {
  group: {
    id: string;
    projects: { nodes: { id: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
  } | null;
};

const page = (ids: string[], endCursor: string | null): Query => ({
  group: {
    id: 'g',
    projects: { nodes: ids.map((id) => ({ id })), pageInfo: { hasNextPage: endCursor !== null, endCursor } },
  },
});

describe('appendPageIn', () => {
  const update = appendPageIn('group', 'projects');

  it("appends the next page's nodes under the root field and keeps the new page info", () => {
    const merged = update(page(['1', '2'], 'c2'), { fetchMoreResult: page(['3'], null) });
    expect(merged.group?.projects.nodes.map((n) => n.id)).toEqual(['1', '2', '3']);
    expect(merged.group?.projects.pageInfo).toEqual({ hasNextPage: false, endCursor: null });
    expect(merged.group?.id).toBe('g');
  });

  it('answers the new result as it is when either side has no root object', () => {
    const next = page(['3'], null);
    expect(update({ group: null }, { fetchMoreResult: next })).toBe(next);
    const gone: Query = { group: null };
    expect(update(page(['1'], 'c1'), { fetchMoreResult: gone })).toBe(gone);
  });
});
