import { useCallback, useState } from 'react';

/** Reads a flag kept for this browser tab; `fallback` when unset or storage is unavailable. */
function readFlag(key: string, fallback: boolean): boolean {
  try {
    const stored = window.sessionStorage.getItem(key);
    return stored === null ? fallback : stored === 'true';
  } catch {
    return fallback;
  }
}

/**
 * A boolean kept for the browser session (sessionStorage): it survives navigation and reloads in
 * this tab, and a new session starts from `fallback` again. Returns the value and a toggle.
 */
export function useSessionFlag(key: string, fallback: () => boolean): [boolean, () => void] {
  const [value, setValue] = useState(() => readFlag(key, fallback()));
  const toggle = useCallback(() => {
    setValue((current) => {
      const next = !current;
      try {
        window.sessionStorage.setItem(key, String(next));
      } catch {
        // Private modes may refuse storage: the flag then lasts as long as the page.
      }
      return next;
    });
  }, [key]);
  return [value, toggle];
}
