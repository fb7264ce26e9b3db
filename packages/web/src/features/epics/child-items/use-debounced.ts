import { useEffect, useState } from 'react';

/** Search debounce of the pickers (spec 001 §9). */
export const SEARCH_DEBOUNCE_MS = 500;

/** `value`, updated only after it has stayed the same for `delayMs`. */
export function useDebounced<T>(value: T, delayMs = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
