// biome-ignore-all lint/correctness/noComponentHookFactories: the PascalCase keys are GraphQL operation names answered by the test client, not components
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DiscussionFieldsFragment, NoteFieldsFragment } from '../../gql/graphql.ts';
import { discussionStoreOf } from './load-pages.ts';
import { buildDiscussion, buildNote, issueAnswer, page } from './test/discussion-fixtures.ts';
import { NOTEABLE, renderDiscussionSection } from './test/render-section.tsx';

// Counts the comment form's renders: it is the one caller of `useDraft` with a '…/comment' key.
const renders = vi.hoisted(() => ({ commentForm: 0 }));
vi.mock('./use-draft.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./use-draft.ts')>();
  return {
    ...actual,
    useDraft: (key: string) => {
      if (key.endsWith('/comment')) renders.commentForm++;
      return actual.useDraft(key);
    },
  };
});

afterEach(() => {
  window.localStorage.clear();
  renders.commentForm = 0;
});

describe('CommentForm under a changing thread', () => {
  it('does not render again when the thread gets a new discussion or an edited note', async () => {
    const note = buildNote({ bodyHtml: '<p>First</p>' });
    const { client } = renderDiscussionSection({
      IssueDiscussionsQuery: () => issueAnswer(page([buildDiscussion([note])])),
    });
    await screen.findByRole('form', { name: 'Add a comment' });
    await screen.findByText('First');
    const before = renders.commentForm;
    expect(before).toBeGreaterThan(0);

    const store = discussionStoreOf(client);
    const second = buildDiscussion([buildNote({ bodyHtml: '<p>Second</p>' })]);
    act(() => store.addDiscussion(NOTEABLE, second as unknown as DiscussionFieldsFragment));
    expect(await screen.findByText('Second')).toBeTruthy();
    act(() => store.putNote({ ...note, bodyHtml: '<p>First, edited</p>' } as unknown as NoteFieldsFragment));
    expect(await screen.findByText('First, edited')).toBeTruthy();

    expect(renders.commentForm).toBe(before);
  });
});
