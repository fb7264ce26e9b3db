/** The words and badge styles of iteration states, as GitLab shows them. */
export type IterationStateName = 'upcoming' | 'current' | 'closed';

export const ITERATION_STATE_LABELS: Record<IterationStateName, string> = {
  upcoming: 'Upcoming',
  current: 'Current',
  closed: 'Done',
};

/** The cadence list's tabs: open (upcoming and current), done, all — kept in `?state=`. */
export const CADENCE_LIST_TABS = [
  { id: 'opened', label: 'Open' },
  { id: 'closed', label: 'Done' },
  { id: 'all', label: 'All' },
] as const;
export type CadenceListTab = (typeof CADENCE_LIST_TABS)[number]['id'];

export function cadenceListTab(value: string | null): CadenceListTab {
  return CADENCE_LIST_TABS.some((t) => t.id === value) ? (value as CadenceListTab) : 'opened';
}

/** Open iterations soonest first; done and all iterations latest first (GitLab's order). */
export function cadenceListSort(tab: CadenceListTab): 'CADENCE_AND_DUE_DATE_ASC' | 'CADENCE_AND_DUE_DATE_DESC' {
  return tab === 'opened' ? 'CADENCE_AND_DUE_DATE_ASC' : 'CADENCE_AND_DUE_DATE_DESC';
}

/** 'Every 2 weeks, automatic' / 'Manual'. */
export function cadenceSummary(c: { automatic: boolean; durationInWeeks?: number | null; active: boolean }): string {
  const parts: string[] = [];
  if (c.automatic && c.durationInWeeks) {
    parts.push(c.durationInWeeks === 1 ? 'Every week' : `Every ${c.durationInWeeks} weeks`);
    parts.push('automatic scheduling');
  } else parts.push('Manual scheduling');
  if (!c.active) parts.push('inactive');
  return parts.join(', ');
}

/** `gid://gitlab/Iterations::Cadence/7` → `7` (the id in GitLab's paths). */
export function numericId(gid: string): string {
  return gid.slice(gid.lastIndexOf('/') + 1);
}
