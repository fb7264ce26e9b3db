/** An epic's progress on the roadmap, by issue weight or issue count (spec §9 texts). */
import { PROGRESS_TRACKING, type ProgressTracking } from './constants.ts';

export type IssueTotals = { openedIssues: number; closedIssues: number };

export type EpicProgressInput = {
  descendantCounts?: IssueTotals | null;
  descendantWeightSum?: IssueTotals | null;
};

export type EpicProgress = {
  /** round(closed / (opened + closed) × 100), or null when there is nothing to count. */
  percentage: number | null;
  /** '40% issues closed' or '40% weight completed' (0% when there is nothing to count). */
  title: string;
  /** '2 of 5 issues closed', '3 of 10 weight completed', or '- of - issues closed' without totals. */
  detail: string;
};

/**
 * Progress of an epic's descendant issues. COUNT uses `descendantCounts`, WEIGHT uses
 * `descendantWeightSum`. Without totals, or with a total of zero, the percentage is null (no bar
 * fill) and the title shows 0% as GitLab does.
 */
export function epicProgress(epic: EpicProgressInput, kind: ProgressTracking): EpicProgress {
  const byCount = kind === PROGRESS_TRACKING.COUNT;
  const totals = byCount ? epic.descendantCounts : epic.descendantWeightSum;
  const unit = byCount ? 'issues closed' : 'weight completed';
  if (!totals) return { percentage: null, title: `0% ${unit}`, detail: `- of - ${unit}` };
  const total = totals.openedIssues + totals.closedIssues;
  const percentage = total > 0 ? Math.round((totals.closedIssues / total) * 100) : null;
  return {
    percentage,
    title: `${percentage ?? 0}% ${unit}`,
    detail: `${totals.closedIssues} of ${total} ${unit}`,
  };
}
