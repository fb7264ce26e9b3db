import { useEffect, useState } from 'react';

/**
 * Whether the element (null: none) is in the viewport below the top bar. Read from the element's
 * place on the page whenever that can have changed (a scroll, a resize, the page's size changing,
 * an intersection change), never from an observer's last word alone: a CI run kept an
 * IntersectionObserver's 'out of view' after a full-page screenshot with the title in view, and the
 * sticky header it brought stayed over the header's Edit. True while the element has no box (not
 * laid out, or a test DOM), so nothing sticky appears then.
 */
export function useInView(element: Element | null, topOffsetPx: number): boolean {
  const [inView, setInView] = useState(true);
  useEffect(() => {
    setInView(true);
    if (!element) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      if (!element.isConnected) return;
      const rect = element.getBoundingClientRect();
      const laidOut = rect.width > 0 || rect.height > 0;
      setInView(!laidOut || (rect.bottom > topOffsetPx && rect.top < window.innerHeight));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    check();
    // Capture: a scroll of the page or of any box the element is in.
    window.addEventListener('scroll', schedule, { passive: true, capture: true });
    window.addEventListener('resize', schedule);
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(schedule) : null;
    resized?.observe(document.documentElement);
    const crossed =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver(schedule, { rootMargin: `-${topOffsetPx}px 0px 0px 0px` })
        : null;
    crossed?.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      resized?.disconnect();
      crossed?.disconnect();
    };
  }, [element, topOffsetPx]);
  return inView;
}
