import { useCallback, useEffect, useRef, useState } from 'react';
import { type AutocompleteMatch, DISPLAY_TIMEOUT_MS, matchAutocomplete, type Suggestion } from './gfm-autocomplete.ts';

/** Keys the open list takes from the text: arrows move, Enter or Tab pick, Escape closes. */
export type AutocompleteKey = 'ArrowDown' | 'ArrowUp' | 'Enter' | 'Tab' | 'Escape';

const isAutocompleteKey = (key: string): key is AutocompleteKey =>
  key === 'ArrowDown' || key === 'ArrowUp' || key === 'Enter' || key === 'Tab' || key === 'Escape';

/**
 * The GFM autocomplete's state, the same for both modes: the editor reports the text before the
 * caret (`update`), hands it keys while the list is open (`keyDown`) and inserts what is picked
 * (`apply`: the match, replaced by the suggestion's reference and a space).
 */
export function useAutocomplete(apply: (match: AutocompleteMatch, item: Suggestion) => void) {
  const [match, setMatch] = useState<AutocompleteMatch | null>(null);
  const [items, setItems] = useState<Suggestion[]>([]);
  const [active, setActive] = useState(0);
  // The start of a reference closed with Escape: typing on in it does not reopen the list.
  const dismissed = useRef<number | null>(null);
  const hideTimer = useRef<number | undefined>(undefined);
  const applyRef = useRef(apply);
  applyRef.current = apply;
  const matchRef = useRef(match);
  matchRef.current = match;

  useEffect(() => () => window.clearTimeout(hideTimer.current), []);

  const update = useCallback((textBefore: string | null) => {
    window.clearTimeout(hideTimer.current);
    const next = textBefore === null ? null : matchAutocomplete(textBefore);
    if (!next) dismissed.current = null;
    const shown = next && dismissed.current !== next.from ? next : null;
    const previous = matchRef.current;
    if (shown?.from === previous?.from && shown?.query === previous?.query && shown?.source === previous?.source)
      return;
    if (shown?.from !== previous?.from || shown?.source !== previous?.source) {
      setItems([]);
      setActive(0);
    }
    setMatch(shown);
  }, []);

  const select = (item: Suggestion) => {
    const current = matchRef.current;
    if (!current) return;
    setMatch(null);
    setItems([]);
    applyRef.current(current, item);
  };

  const open = match !== null && items.length > 0;

  /** A key in the text: true when the open list took it. */
  const keyDown = (key: string): boolean => {
    if (!open || !isAutocompleteKey(key)) return false;
    if (key === 'ArrowDown') setActive((index) => (index + 1) % items.length);
    else if (key === 'ArrowUp') setActive((index) => (index - 1 + items.length) % items.length);
    else if (key === 'Escape') {
      dismissed.current = match.from;
      setMatch(null);
    } else {
      const item = items[Math.min(active, items.length - 1)];
      if (item) select(item);
    }
    return true;
  };

  /** The text lost focus: the list goes after the display timeout (a click on it lands first). */
  const blur = () => {
    window.clearTimeout(hideTimer.current);
    hideTimer.current = window.setTimeout(() => setMatch(null), DISPLAY_TIMEOUT_MS);
  };

  return { match, items, setItems, active, open, update, keyDown, blur, select };
}
