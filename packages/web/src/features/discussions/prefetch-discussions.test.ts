// biome-ignore-all lint/correctness/noComponentHookFactories: the PascalCase keys are GraphQL operation names answered by the test client, not components
import { ApolloClient, HttpLink } from '@apollo/client';
import type { DocumentNode } from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import { createCache } from '../../app/apollo-client.ts';
import { GRAPHQL_ENDPOINT, handOverFetch, startFirstRequests } from '../../app/first-requests.ts';
import { prefetchInitialRoute } from '../../app/prefetch.ts';
import { prepareDocument } from '../../app/prepared-document.ts';
import { createTestClient } from '../roadmap/test/render-roadmap.tsx';
import { discussionStoreOf } from './load-pages.ts';
import { prefetchDiscussions, rememberedNotesPreferences } from './prefetch-discussions.ts';
import { ALICE, buildDiscussion, buildNote, issueAnswer, page, viewer } from './test/discussion-fixtures.ts';
import { NOTEABLE } from './test/render-section.tsx';

afterEach(() => {
  window.localStorage.clear();
  Reflect.deleteProperty(globalThis, Symbol.for('milepost.firstRequests'));
});

/**
 * A stand-in for the server over `fetch`: answers each POSTed operation with `answer(name, variables)`
 * (`{ data: null }` without one) and records the discussion pages asked for (`sort:after:first`).
 */
function fakeServer(answer: (name: string, variables: Record<string, unknown>) => unknown) {
  const pages: string[] = [];
  const fetch = async (_input: RequestInfo | URL, init: RequestInit = {}) => {
    const body = JSON.parse(String(init.body)) as { operationName: string; variables: Record<string, unknown> };
    const { operationName: name, variables } = body;
    if (name === 'IssueDiscussionsQuery') pages.push(`${variables.sort}:${variables.after ?? '-'}:${variables.first}`);
    return new Response(JSON.stringify({ data: answer(name, variables) ?? null }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, pages };
}

/** The first pages asked for, as `filter/sort`, once the requests have settled. */
async function firstPagesAsked(filter: string, sort: string) {
  let pageAskedBeforePreferences = false;
  const { client, calls } = createTestClient({
    NotesPreferencesQuery: () => {
      pageAskedBeforePreferences = calls.some((c) => c.operationName === 'IssueDiscussionsQuery');
      return viewer(ALICE, filter, sort);
    },
    IssueDiscussionsQuery: () => issueAnswer(page([buildDiscussion([buildNote()])])),
  });
  prefetchDiscussions(client, NOTEABLE);
  await new Promise((resolve) => setTimeout(resolve, 50));
  // The first page does not wait for the viewer's filter and sort.
  expect(pageAskedBeforePreferences).toBe(true);
  return calls
    .filter((c) => c.operationName === 'IssueDiscussionsQuery')
    .map((c) => `${c.variables.filter}/${c.variables.sort}`);
}

describe('prefetchDiscussions', () => {
  it("asks for the first page with GitLab's defaults at once, and only once when the viewer keeps them", async () => {
    expect(await firstPagesAsked('ALL_NOTES', 'ASC')).toEqual(['ALL_NOTES/ASC']);
  });

  it("asks again with the viewer's saved choice when it differs, and guesses it the next time", async () => {
    expect(await firstPagesAsked('ONLY_COMMENTS', 'DESC')).toEqual(['ALL_NOTES/ASC', 'ONLY_COMMENTS/DESC']);
    expect(rememberedNotesPreferences('Issue')).toEqual({ filter: 'ONLY_COMMENTS', sort: 'DESC' });
    expect(rememberedNotesPreferences('Epic')).toEqual({ filter: 'ALL_NOTES', sort: 'ASC' });
    expect(await firstPagesAsked('ONLY_COMMENTS', 'DESC')).toEqual(['ONLY_COMMENTS/DESC']);
  });

  it("puts the first page and the further ones into the section's store, each asked for once", async () => {
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
    const store = discussionStoreOf(client);
    // The section mounting meanwhile asks for the same: it joins what is on its way.
    await store.loadFirstPage(NOTEABLE, 'ALL_NOTES', 'ASC');
    await expect.poll(() => store.state(NOTEABLE, 'ALL_NOTES', 'ASC').discussions.length).toBe(30);
    await store.loadRest(NOTEABLE, 'ALL_NOTES', 'ASC');
    expect(store.state(NOTEABLE, 'ALL_NOTES', 'ASC')).toMatchObject({ status: 'ready', next: null, count: 30 });
    expect(calls.filter((c) => c.operationName === 'IssueDiscussionsQuery').map((c) => c.variables.after)).toEqual([
      undefined,
      '20',
    ]);
    // Nothing of the thread went into Apollo's cache; the issue's lock and permissions did.
    const cached = JSON.stringify(client.cache.extract());
    expect(cached).not.toContain('Discussion:');
    expect(cached).toContain('"discussionLocked":false');
  });

  it("has the early script send the further pages too, and the app's store takes each of them", async () => {
    const all = Array.from({ length: 250 }, () => buildDiscussion([buildNote()]));
    const answer = (name: string, variables: Record<string, unknown>) => {
      if (name === 'NotesPreferencesQuery') return viewer(ALICE);
      if (name !== 'IssueDiscussionsQuery') return null;
      const list = variables.sort === 'DESC' ? [...all].reverse() : all;
      const start = variables.after ? Number(String(variables.after).split('-')[1]) : 0;
      const end = start + Number(variables.first);
      return issueAnswer(
        page(list.slice(start, end), end < all.length ? `${variables.sort}-${end}` : null, all.length),
      );
    };
    const early = fakeServer(answer);
    const path = '/acme/app/-/issues/7';
    startFirstRequests(path, '', early.fetch, (document) => prepareDocument(document as DocumentNode));
    // The first page, then both ends of the rest, each run going on as its pages come.
    await expect.poll(() => early.pages.length).toBe(5);
    expect([...early.pages].sort()).toEqual(
      ['ASC:-:20', 'ASC:ASC-20:100', 'ASC:ASC-120:15', 'DESC:-:100', 'DESC:DESC-100:16'].sort(),
    );

    const app = fakeServer(answer);
    const client = new ApolloClient({
      link: new HttpLink({ uri: GRAPHQL_ENDPOINT, credentials: 'same-origin', fetch: handOverFetch(app.fetch) }),
      cache: createCache(),
    });
    prefetchInitialRoute(client, path, '');
    const store = discussionStoreOf(client);
    await expect.poll(() => store.state(NOTEABLE, 'ALL_NOTES', 'ASC').discussions.length).toBe(250);
    expect(store.state(NOTEABLE, 'ALL_NOTES', 'ASC').next).toBeNull();
    expect(app.pages).toEqual([]);
  });

  it('guesses the defaults when what the browser kept is not a filter and sort', () => {
    window.localStorage.setItem('milepost:notes-preferences:Issue', '{"filter":"EVERYTHING","sort":1}');
    expect(rememberedNotesPreferences('Issue')).toEqual({ filter: 'ALL_NOTES', sort: 'ASC' });
    window.localStorage.setItem('milepost:notes-preferences:Issue', 'not json');
    expect(rememberedNotesPreferences('Issue')).toEqual({ filter: 'ALL_NOTES', sort: 'ASC' });
  });
});
