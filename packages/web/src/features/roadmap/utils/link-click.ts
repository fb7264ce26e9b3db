import type { MouseEvent } from 'react';

/**
 * Client-side navigation for a plain `<a href>` (cheaper than a router link in thousands of rows):
 * a plain left click navigates in the app; modified clicks (new tab, new window) stay the browser's.
 */
export function navigateOnClick(navigate: (to: string) => void) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const href = event.currentTarget.getAttribute('href');
    if (!href || event.currentTarget.target) return;
    event.preventDefault();
    navigate(href);
  };
}
