import { truncate } from '../format/text.ts';

/** Rules and texts of the issue sidebar (spec 002 §3.3, §9) shared by the server and the web. */

/** Health status: the page's value, its text and the REST value (spec 002 §3.3). */
export const HEALTH_STATUS_OPTIONS = [
  { value: 'onTrack', text: 'On track', api: 'on_track' },
  { value: 'needsAttention', text: 'Needs attention', api: 'needs_attention' },
  { value: 'atRisk', text: 'At risk', api: 'at_risk' },
] as const;
export type HealthStatusValue = (typeof HEALTH_STATUS_OPTIONS)[number]['value'];

export function healthStatusText(value: string | null | undefined): string | null {
  return HEALTH_STATUS_OPTIONS.find((o) => o.value === value || o.api === value)?.text ?? null;
}

/** Weight: the dropdown offers 0–20 and accepts any typed whole number up to the sidebar maximum. */
export const WEIGHT_OPTIONS: readonly number[] = Array.from({ length: 21 }, (_, i) => i);
export const MAX_SIDEBAR_VALUE = 99999;

/** Why a typed weight cannot be saved, or null (empty clears the weight). */
export function weightInputError(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return 'Weight must be a whole number of 0 or more.';
  if (Number(trimmed) > MAX_SIDEBAR_VALUE) return `Weight must be ${MAX_SIDEBAR_VALUE} or less.`;
  return null;
}

/** Blocking popover (spec 002 §9): at most 3 blockers, titles cut at 80 characters, '+ N more'. */
export const BLOCKING_POPOVER_MAX_ITEMS = 3;
export const BLOCKING_POPOVER_TITLE_LENGTH = 80;

export function truncateBlockerTitle(title: string): string {
  return truncate(title, BLOCKING_POPOVER_TITLE_LENGTH);
}

/** The blockers the popover lists and the '+ N more' remainder (null when nothing is left out). */
export function blockingPopoverItems<T>(
  items: readonly T[],
  total: number,
): { shown: readonly T[]; more: string | null } {
  const shown = items.slice(0, BLOCKING_POPOVER_MAX_ITEMS);
  const rest = Math.max(total, items.length) - shown.length;
  return { shown, more: rest > 0 ? `+ ${rest} more` : null };
}

/** 'Boards|Failed to fetch blocking {type}s' (the 'Boards|' context is not shown). */
export function blockingFetchError(type: 'issue' | 'epic'): string {
  return `Failed to fetch blocking ${type}s`;
}
