/**
 * Numbers as GitLab shows them (spec 002 §9): counts with k and m (one decimal), percentage changes
 * with their sign, and the avatar list's '+N' counter capped at '99+'.
 */

const THOUSAND = 1_000;
const MILLION = 1_000_000;

function oneDecimal(value: number): string {
  return String(Number(value.toFixed(1)));
}

/** 999 → '999', 1500 → '1.5k', 12_000 → '12k', 2_340_000 → '2.3m'; negatives keep their sign. */
export function formatCount(count: number): string {
  if (!Number.isFinite(count)) return '0';
  const sign = count < 0 ? '-' : '';
  const value = Math.abs(Math.round(count));
  if (value < THOUSAND) return `${sign}${value}`;
  // 999,960 rounds to 1000.0k: that is 1m.
  if (value < MILLION && Number((value / THOUSAND).toFixed(1)) < THOUSAND) {
    return `${sign}${oneDecimal(value / THOUSAND)}k`;
  }
  return `${sign}${oneDecimal(value / MILLION)}m`;
}

/**
 * The change from `previous` to `current` in whole percent with its sign: '+25%', '-10%', '0%';
 * null when there was nothing before (no percentage of zero).
 */
export function formatPercentChange(previous: number, current: number): string | null {
  if (!Number.isFinite(previous) || !Number.isFinite(current) || previous === 0) return null;
  const change = Math.round(((current - previous) / Math.abs(previous)) * 100);
  if (change === 0) return '0%';
  return change > 0 ? `+${change}%` : `${change}%`;
}

/** The avatar list's counter never shows more than this; past it, it reads '99+'. */
export const AVATAR_COUNTER_CAP = 99;

/** A badge's count (the top bar's to-dos): the number up to 99, then '99+' (GitLab's counters). */
export function cappedCountLabel(count: number): string {
  const n = Math.max(0, Math.floor(count));
  return n > AVATAR_COUNTER_CAP ? `${AVATAR_COUNTER_CAP}+` : String(n);
}

/** '+N' for N hidden avatars, '99+' past 99; null when nothing is hidden. */
export function avatarCounterLabel(hidden: number): string | null {
  const count = Math.max(0, Math.floor(hidden));
  if (count === 0) return null;
  return count > AVATAR_COUNTER_CAP ? `${AVATAR_COUNTER_CAP}+` : `+${count}`;
}
