import { useEffect, useState } from 'react';

/** UI.md's narrow breakpoint (< 768 px). */
export const NARROW_QUERY = '(max-width: 767px)';

/** Whether the media query matches now (false where `matchMedia` is missing, as in some test DOMs). */
export function matchesMediaQuery(query: string): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/** Whether the media query matches, following resizes. */
export function useMediaQuery(query: string): boolean {
  const [value, setValue] = useState(() => matchesMediaQuery(query));
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const handleChange = () => setValue(list.matches);
    handleChange();
    list.addEventListener('change', handleChange);
    return () => list.removeEventListener('change', handleChange);
  }, [query]);
  return value;
}

/** Whether the viewport is narrow (UI.md: < 768 px), following resizes. */
export function useNarrowScreen(): boolean {
  return useMediaQuery(NARROW_QUERY);
}
