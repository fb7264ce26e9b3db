import type { ApolloClient } from '@apollo/client';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import {
  RoadmapGroupEpicsQueryDocument,
  type RoadmapGroupEpicsQueryQuery,
  type RoadmapGroupEpicsQueryQueryVariables,
} from '../../../gql/graphql.ts';

/** A group roadmap's first page as the server answered it (or its failure). */
export type FirstPageResult = { data: RoadmapGroupEpicsQueryQuery | null; error: unknown };

type Entry = {
  /** The latest answer; null until the first one. */
  result: FirstPageResult | null;
  /** The request on its way, if one is. */
  inFlight: Promise<void> | null;
  /** When the latest request was sent. */
  sentAt: number;
  listeners: Set<() => void>;
};

/** First pages kept per client (the lists last shown, the least recently asked for dropped first). */
const KEPT = 8;
/** An answer this recent (or on its way) is the page's own: the boot request and the page's render ask together. */
const FRESH_MS = 2_000;

const pagesOf = new WeakMap<ApolloClient, Map<string, Entry>>();

function entryFor(client: ApolloClient, key: string): Entry {
  let pages = pagesOf.get(client);
  if (!pages) {
    pages = new Map();
    pagesOf.set(client, pages);
  }
  let entry = pages.get(key);
  if (entry) pages.delete(key);
  else entry = { result: null, inFlight: null, sentAt: Number.NEGATIVE_INFINITY, listeners: new Set() };
  // Most recently asked for last.
  pages.set(key, entry);
  for (const old of pages.keys()) {
    if (pages.size <= KEPT) break;
    pages.delete(old);
  }
  return entry;
}

/**
 * Asks for a group roadmap's first page (`RoadmapGroupEpicsQuery`, the page's variables) unless an
 * answer for them is on its way or only just came (FRESH_MS). Its rows go to the roadmap's own row
 * store (hooks/use-roadmap-windows.ts), as every later window's do, not to Apollo's normalised cache:
 * writing 50 epics there and reading them back cost the page ~100–200 ms of main-thread work before
 * its first bars under load (decision 0064). The boot prefetch (roadmap-first-page.ts) and the page's
 * hook share the one request. Settles (never rejects) once the answer for these variables is kept:
 * at once when one only just came; what the app's first render may wait for (decision 0082).
 */
export function requestRoadmapFirstPage(
  client: ApolloClient,
  variables: RoadmapGroupEpicsQueryQueryVariables,
  now = Date.now(),
): Promise<void> {
  const entry = entryFor(client, JSON.stringify(variables));
  if (entry.inFlight) return entry.inFlight;
  if (now - entry.sentAt < FRESH_MS) return Promise.resolve();
  entry.sentAt = now;
  const settle = (result: FirstPageResult) => {
    entry.inFlight = null;
    entry.result = result;
    for (const listener of entry.listeners) listener();
  };
  entry.inFlight = client.query({ query: RoadmapGroupEpicsQueryDocument, variables, fetchPolicy: 'no-cache' }).then(
    ({ data }) => settle({ data: data ?? null, error: null }),
    // The page shows it (and the next visit asks again).
    (error: unknown) => settle({ data: null, error }),
  );
  return entry.inFlight;
}

const NONE = { result: null, loading: false } as const;

/**
 * A group roadmap's first page for the page: the answer kept for these variables at once (a list
 * shown before: it is asked again in the background and replaced when the answer comes), else
 * loading until it comes. `skip`: no list (one epic's children, or the variables are not final).
 */
export function useRoadmapFirstPage(
  client: ApolloClient,
  variables: RoadmapGroupEpicsQueryQueryVariables,
  skip: boolean,
): { result: FirstPageResult | null; loading: boolean } {
  const key = JSON.stringify(variables);
  // Sent while the page renders (an effect would wait for the commit and the paint), once per mount
  // and list; a no-op when the boot request for the same variables is on its way or just answered.
  const asked = useRef<string | null>(null);
  if (!skip && asked.current !== key) {
    asked.current = key;
    requestRoadmapFirstPage(client, variables);
  }
  const entry = skip ? null : entryFor(client, key);
  const subscribe = useCallback(
    (listener: () => void) => {
      entry?.listeners.add(listener);
      return () => {
        entry?.listeners.delete(listener);
      };
    },
    [entry],
  );
  const read = () => entry?.result ?? null;
  const result = useSyncExternalStore(subscribe, read, read);
  // A kept entry can be dropped by other lists meanwhile: ask again once committed if so.
  useEffect(() => {
    if (!skip && !entry?.result && !entry?.inFlight) requestRoadmapFirstPage(client, variables);
  });
  if (!entry) return NONE;
  return { result, loading: result === null };
}
