import { useEffect, useState } from 'react';

/** UI.md's narrow breakpoint (< 768 px). */
const NARROW_QUERY = '(max-width: 767px)';

function matchesNarrow(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches;
}

/** Whether the viewport is narrow, following resizes (false where `matchMedia` is missing). */
export function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(matchesNarrow);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(NARROW_QUERY);
    const handleChange = () => setNarrow(query.matches);
    handleChange();
    query.addEventListener('change', handleChange);
    return () => query.removeEventListener('change', handleChange);
  }, []);
  return narrow;
}
