import { ROW_FOCUS_ATTRIBUTE } from '../issuable-list/use-row-keyboard.ts';

/**
 * `j` / `k` / `o` / `x` on a list page (spec 002 §9.1): the rows are the page's `data-row-focus`
 * links (issue and epic lists), the current row the one holding focus.
 */
function rowLinks(): HTMLElement[] {
  const main = document.getElementById('content') ?? document.body;
  return [...main.querySelectorAll<HTMLElement>(`[${ROW_FOCUS_ATTRIBUTE}]`)];
}

function currentIndex(rows: readonly HTMLElement[]): number {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement)) return -1;
  return rows.findIndex((row) => row === active || row.closest('li, tr, [role="row"]')?.contains(active));
}

/** Moves focus to the next (`1`) or previous (`-1`) row; the first row when none has focus. */
export function moveRowFocus(step: 1 | -1): void {
  const rows = rowLinks();
  if (rows.length === 0) return;
  const index = currentIndex(rows);
  const next = index === -1 ? 0 : Math.min(Math.max(index + step, 0), rows.length - 1);
  const row = rows[next];
  row?.focus();
  row?.scrollIntoView({ block: 'nearest' });
}

/** Opens the row that has focus (as Enter on its link does). */
export function openFocusedRow(): void {
  const rows = rowLinks();
  rows[currentIndex(rows)]?.click();
}

/** Ticks or clears the focused row's checkbox while bulk editing (the list shows checkboxes then). */
export function toggleFocusedRowSelection(): void {
  const rows = rowLinks();
  const row = rows[currentIndex(rows)]?.closest('li, tr, [role="row"]');
  row?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.click();
}
