import { useCallback, useState } from 'react';

const PREFIX = 'milepost:draft:';

function read(key: string): string {
  try {
    return window.localStorage.getItem(PREFIX + key) ?? '';
  } catch {
    return '';
  }
}

/**
 * Text kept in the browser while it is written (GitLab's autosave of comment forms): it survives a
 * reload or a failed request, per page and form, and is dropped once saved or cancelled.
 */
export function useDraft(key: string): [string, (value: string) => void, () => void] {
  const [value, setValue] = useState(() => read(key));
  const set = useCallback(
    (next: string) => {
      setValue(next);
      try {
        if (next.trim() === '') window.localStorage.removeItem(PREFIX + key);
        else window.localStorage.setItem(PREFIX + key, next);
      } catch {
        // Storage full or blocked: the text stays in the form, only not across reloads.
      }
    },
    [key],
  );
  const clear = useCallback(() => set(''), [set]);
  return [value, set, clear];
}
