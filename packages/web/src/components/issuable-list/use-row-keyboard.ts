import type { KeyboardEvent } from 'react';

/** The element of each row that takes focus (its title link). */
export const ROW_FOCUS_ATTRIBUTE = 'data-row-focus';

/**
 * Keyboard navigation through a list's rows: ArrowDown / ArrowUp (or j / k) move focus to the next
 * / previous row's title link, Home / End to the first / last. Put the handler on the list element
 * and `data-row-focus` on each row's link; other keys and other elements are left alone.
 */
export function handleRowKeyDown(event: KeyboardEvent<HTMLElement>): void {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target as HTMLElement;
  if (!target.hasAttribute(ROW_FOCUS_ATTRIBUTE)) return;
  const rows = [...event.currentTarget.querySelectorAll<HTMLElement>(`[${ROW_FOCUS_ATTRIBUTE}]`)];
  const index = rows.indexOf(target);
  let next: number | null = null;
  if (event.key === 'ArrowDown' || event.key === 'j') next = Math.min(index + 1, rows.length - 1);
  else if (event.key === 'ArrowUp' || event.key === 'k') next = Math.max(index - 1, 0);
  else if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = rows.length - 1;
  if (next === null) return;
  event.preventDefault();
  rows[next]?.focus();
}
