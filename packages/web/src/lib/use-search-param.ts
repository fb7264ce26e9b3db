import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** A text filter kept in the URL (`?search=…`), so it survives reloads and can be shared. */
export function useSearchParam(name = 'search'): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(name) ?? '';
  const setValue = useCallback(
    (next: string) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next.trim()) updated.set(name, next.trim());
          else updated.delete(name);
          return updated;
        },
        { replace: true },
      );
    },
    [name, setParams],
  );
  return [value, setValue];
}
