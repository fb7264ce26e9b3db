/** Where a closed issue went, for its state badge: 'Closed (duplicated)', 'Closed (moved)', … */
export type ClosedStatusLink = { reason: 'duplicated' | 'moved' | 'promoted'; url: string };

type ClosedTargets = {
  state: string;
  duplicatedToIssueUrl?: string | null;
  movedToIssueUrl?: string | null;
  promotedToEpicUrl?: string | null;
};

/**
 * The link a closed issue's badge shows (spec 002 §4.1): its duplicate, the issue it was moved to,
 * or the epic it was promoted to, in that order; none for open issues.
 */
export function closedStatusLink(issue: ClosedTargets): ClosedStatusLink | null {
  if (issue.state.toLowerCase() !== 'closed') return null;
  if (issue.duplicatedToIssueUrl) return { reason: 'duplicated', url: issue.duplicatedToIssueUrl };
  if (issue.movedToIssueUrl) return { reason: 'moved', url: issue.movedToIssueUrl };
  if (issue.promotedToEpicUrl) return { reason: 'promoted', url: issue.promotedToEpicUrl };
  return null;
}

/** '%{completedCount} of %{count} checklist items completed'; '' without a checklist. */
export function checklistText(status: { count: number; completedCount: number } | null | undefined): string {
  if (!status || status.count <= 0) return '';
  return `${status.completedCount} of ${status.count} checklist items completed`;
}

/** 'issue', 'incident' or 'task' from the GraphQL `type` (ISSUE, INCIDENT, TASK). */
export function issueTypeName(type: string | null | undefined): 'issue' | 'incident' | 'task' {
  const lower = (type ?? '').toLowerCase();
  return lower === 'incident' || lower === 'task' ? lower : 'issue';
}
