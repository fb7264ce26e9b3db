import { useEffect, useState } from 'react';

/**
 * Whether the element (null: none) is in the viewport below the top bar (IntersectionObserver); true where the
 * observer is missing (some test DOMs), so nothing sticky appears there.
 */
export function useInView(element: Element | null, topOffsetPx: number): boolean {
  const [inView, setInView] = useState(true);
  useEffect(() => {
    setInView(true);
    if (!element || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? true), {
      rootMargin: `-${topOffsetPx}px 0px 0px 0px`,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, topOffsetPx]);
  return inView;
}
