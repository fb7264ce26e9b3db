import { useCallback, useEffect, useRef } from 'react';

/** Spec 001: while dragging, hovering over an epic with children for 1000 ms expands it. */
export const DRAG_EXPAND_DELAY_MS = 1000;

/**
 * A timer for the tree's drag-hover expansion: `hover(key)` on every drag move over a row (null
 * over anything else) starts the timer when the row changes, and `expand(key)` runs once the same
 * row stayed under the pointer for `delayMs`; `cancel()` when the drag ends. It only ever expands.
 */
export function useDragHoverExpand(expand: (key: string) => void, delayMs = DRAG_EXPAND_DELAY_MS) {
  const current = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const expandRef = useRef(expand);
  expandRef.current = expand;

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    current.current = null;
  }, []);

  const hover = useCallback(
    (key: string | null) => {
      if (key === current.current) return;
      cancel();
      current.current = key;
      if (key === null) return;
      timer.current = setTimeout(() => {
        timer.current = undefined;
        expandRef.current(key);
      }, delayMs);
    },
    [cancel, delayMs],
  );

  useEffect(() => cancel, [cancel]);
  return { hover, cancel };
}
