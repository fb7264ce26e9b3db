import { type FirstDayOfWeek, isFirstDayOfWeek } from '@milepost/shared';

/**
 * What the server wrote into the app page about the signed-in viewer (`<meta name="milepost-viewer">`,
 * only for a signed-in viewer): their first day of the week, so that a first load whose first
 * request depends on it (a roadmap with weekly columns) need not ask for it first. Null without the
 * hint (signed out, a page not served by the server, tests) or with a value out of range.
 */
export function viewerFirstDayOfWeekHint(): FirstDayOfWeek | null {
  if (typeof document === 'undefined') return null;
  const content = document.querySelector('meta[name="milepost-viewer"]')?.getAttribute('content');
  try {
    const value = content ? (JSON.parse(content) as { firstDayOfWeek?: unknown }).firstDayOfWeek : undefined;
    return isFirstDayOfWeek(value) ? value : null;
  } catch {
    return null;
  }
}
