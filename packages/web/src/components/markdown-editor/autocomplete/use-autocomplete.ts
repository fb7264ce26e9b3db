import { useCallback, useEffect, useRef, useState } from 'react';
import { afterPaint } from '../../../lib/after-paint.ts';
import { type AutocompleteMatch, DISPLAY_TIMEOUT_MS, matchAutocomplete, type Suggestion } from './gfm-autocomplete.ts';

/** Keys the open list takes from the text: arrows move, Enter or Tab pick, Escape closes. */
export type AutocompleteKey = 'ArrowDown' | 'ArrowUp' | 'Enter' | 'Tab' | 'Escape';

const isAutocompleteKey = (key: string): key is AutocompleteKey =>
  key === 'ArrowDown' || key === 'ArrowUp' || key === 'Enter' || key === 'Tab' || key === 'Escape';

const sameMatch = (a: AutocompleteMatch | null, b: AutocompleteMatch | null) =>
  a?.from === b?.from && a?.query === b?.query && a?.source === b?.source;

/**
 * The GFM autocomplete's state, the same for both modes: the editor reports the text before the
 * caret (`update`), hands it keys while the list is open (`keyDown`) and inserts what is picked
 * (`apply`: the match, replaced by the suggestion's reference and a space).
 *
 * The list follows the text a frame later: `update` only notes the match of the text as it is, and
 * the list renders it in a task after the next paint (one render for the keys of a frame), so the
 * frame that shows a typed key has no render of the editor or the list in it (decision 0070). The
 * keys it takes and what it inserts always go by the match of the text as it is now.
 */
export function useAutocomplete(apply: (match: AutocompleteMatch, item: Suggestion) => void) {
  // The match the list shows (rendered), and the match of the text now (`current`).
  const [match, setMatch] = useState<AutocompleteMatch | null>(null);
  const [items, setItems] = useState<Suggestion[]>([]);
  const [active, setActive] = useState(0);
  const current = useRef<AutocompleteMatch | null>(null);
  const shown = useRef<AutocompleteMatch | null>(null);
  const pending = useRef<(() => void) | null>(null);
  // The start of a reference closed with Escape: typing on in it does not reopen the list.
  const dismissed = useRef<number | null>(null);
  const hideTimer = useRef<number | undefined>(undefined);
  const applyRef = useRef(apply);
  applyRef.current = apply;

  /** The list shows `next` (at once; `update` calls it after a paint). */
  const show = useCallback((next: AutocompleteMatch | null) => {
    pending.current?.();
    pending.current = null;
    current.current = next;
    const previous = shown.current;
    if (sameMatch(next, previous)) return;
    shown.current = next;
    if (next?.from !== previous?.from || next?.source !== previous?.source) {
      setItems([]);
      setActive(0);
    }
    setMatch(next);
  }, []);

  useEffect(
    () => () => {
      window.clearTimeout(hideTimer.current);
      pending.current?.();
    },
    [],
  );

  const update = useCallback(
    (textBefore: string | null) => {
      window.clearTimeout(hideTimer.current);
      const next = textBefore === null ? null : matchAutocomplete(textBefore);
      if (!next) dismissed.current = null;
      const visible = next && dismissed.current !== next.from ? next : null;
      if (sameMatch(visible, current.current)) return;
      current.current = visible;
      pending.current ??= afterPaint(() => {
        pending.current = null;
        show(current.current);
      });
    },
    [show],
  );

  const select = (item: Suggestion) => {
    const now = current.current;
    if (!now) return;
    show(null);
    applyRef.current(now, item);
  };

  // Open while the list shows suggestions and the text still has a reference at the caret.
  const open = match !== null && items.length > 0;

  /** A key in the text: true when the open list took it. */
  const keyDown = (key: string): boolean => {
    const now = current.current;
    if (!open || now === null || !isAutocompleteKey(key)) return false;
    if (key === 'ArrowDown') setActive((index) => (index + 1) % items.length);
    else if (key === 'ArrowUp') setActive((index) => (index - 1 + items.length) % items.length);
    else if (key === 'Escape') {
      dismissed.current = now.from;
      show(null);
    } else {
      const item = items[Math.min(active, items.length - 1)];
      if (item) select(item);
    }
    return true;
  };

  /** The text lost focus: the list goes after the display timeout (a click on it lands first). */
  const blur = () => {
    window.clearTimeout(hideTimer.current);
    hideTimer.current = window.setTimeout(() => show(null), DISPLAY_TIMEOUT_MS);
  };

  /** The list's suggestions: the same ones again (a key that keeps them) render nothing. */
  const takeItems = useCallback(
    (next: Suggestion[]) =>
      setItems((previous) =>
        previous.length === next.length && previous.every((item, i) => item.id === next[i]?.id) ? previous : next,
      ),
    [],
  );

  return { match, items, setItems: takeItems, active, open, update, keyDown, blur, select };
}
