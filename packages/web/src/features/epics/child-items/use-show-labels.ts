import { useCallback, useState } from 'react';

/** The local-storage key of the 'Show labels' toggle (shared with GitLab's boards). */
export const SHOW_LABELS_KEY = 'gl-show-board-labels';

function read(): boolean {
  try {
    return window.localStorage.getItem(SHOW_LABELS_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Whether the tree shows labels, kept in localStorage across pages and visits. */
export function useShowLabels(): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(read);
  const update = useCallback((next: boolean) => {
    setValue(next);
    try {
      window.localStorage.setItem(SHOW_LABELS_KEY, String(next));
    } catch {
      // Storage disabled: the toggle still works for this page.
    }
  }, []);
  return [value, update];
}
