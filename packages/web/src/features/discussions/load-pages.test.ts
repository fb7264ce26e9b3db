// biome-ignore-all lint/correctness/noComponentHookFactories: the PascalCase keys are GraphQL operation names answered by the test client, not components
import { describe, expect, it } from 'vitest';
import { createTestClient } from '../roadmap/test/render-roadmap.tsx';
import { loadRemainingPages } from './load-pages.ts';
import { prefetchDiscussions } from './prefetch-discussions.ts';
import { ALICE, buildDiscussion, buildNote, issueAnswer, page, viewer } from './test/discussion-fixtures.ts';
import { NOTEABLE } from './test/render-section.tsx';

describe('loadRemainingPages', () => {
  it('fetches nothing for a list the cache holds whole, whatever older position it is given', async () => {
    const all = Array.from({ length: 30 }, () => buildDiscussion([buildNote()]));
    const { client, calls } = createTestClient({
      NotesPreferencesQuery: () => viewer(ALICE),
      IssueDiscussionsQuery: (variables) => {
        const start = variables.after ? Number(variables.after) : 0;
        const end = start + Number(variables.first);
        return issueAnswer(page(all.slice(start, end), end < all.length ? String(end) : null, all.length));
      },
    });
    prefetchDiscussions(client, NOTEABLE);
    await expect.poll(() => calls.filter((c) => c.operationName === 'IssueDiscussionsQuery').length).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // What a section rendered from the first page alone would ask for.
    await loadRemainingPages(client, NOTEABLE, 'ALL_NOTES', 'ASC', { after: '20', loaded: 20, count: 30 });
    expect(calls.filter((c) => c.operationName === 'IssueDiscussionsQuery').map((c) => c.variables.after)).toEqual([
      undefined,
      '20',
    ]);
  });
});
