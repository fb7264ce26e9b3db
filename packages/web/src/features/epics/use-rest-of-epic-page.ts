import { useCallback, useEffect, useRef, useState } from 'react';
import { afterPaint } from '../../lib/after-paint.ts';

/** How long the rest of the page waits for the tree's first page after the page's own answer, at most. */
export const TREE_FIRST_MS = 1000;

/**
 * When the epic page's rest (the sidebar's sections, the linked items' list, the activity) mounts: in
 * the task after the paint that follows both first answers — the page's (`loaded`) and the tree's
 * first page drawn (`onTreeFirstPage`, which the tree calls from its effect) — or `TREE_FIRST_MS`
 * after the page's answer when the tree is slower (decision 0068).
 *
 * The tree's report sets no state: it only starts the wait for the paint. As a state of the page it
 * drew the whole page again (header, description, reactions, sidebar) in the same pass as the tree's
 * rows, before their first paint (decision 0085).
 */
export function useRestOfEpicPage(loaded: boolean): { rest: boolean; onTreeFirstPage: () => void } {
  const [rest, setRest] = useState(false);
  const treeDrawn = useRef(false);
  const loadedNow = useRef(loaded);
  loadedNow.current = loaded;
  const waiting = useRef<(() => void) | null>(null);
  const start = useCallback(() => {
    if (waiting.current) return;
    waiting.current = afterPaint(() => setRest(true));
  }, []);
  const onTreeFirstPage = useCallback(() => {
    treeDrawn.current = true;
    if (loadedNow.current) start();
  }, [start]);
  useEffect(() => {
    if (!loaded || rest) return;
    if (treeDrawn.current) start();
    const timer = window.setTimeout(start, TREE_FIRST_MS);
    return () => window.clearTimeout(timer);
  }, [loaded, rest, start]);
  useEffect(
    () => () => {
      waiting.current?.();
      waiting.current = null;
    },
    [],
  );
  return { rest, onTreeFirstPage };
}
