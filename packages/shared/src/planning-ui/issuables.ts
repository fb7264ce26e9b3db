/** Small texts and states shared by epics and issues (badges, delete confirmation). */

export type IssuableBadgeVariant = 'success' | 'info';

/** Open and reopened issuables get a 'success' badge, every other state 'info'. */
export function issuableBadgeVariant(state: string | null | undefined): IssuableBadgeVariant {
  const normalized = (state ?? '').toLowerCase();
  return normalized === 'opened' || normalized === 'open' || normalized === 'reopened' ? 'success' : 'info';
}

/** 'Open' or 'Closed' (and 'Reopened' stays 'Open') for an issuable state from GraphQL or REST. */
export function issuableStatusText(state: string | null | undefined): string {
  const normalized = (state ?? '').toLowerCase();
  if (issuableBadgeVariant(normalized) === 'success') return 'Open';
  if (normalized === 'closed') return 'Closed';
  if (normalized === 'merged') return 'Merged';
  if (normalized === 'locked') return 'Locked';
  return normalized ? normalized.charAt(0).toUpperCase() + normalized.slice(1) : '';
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Body of the delete confirmation: a stronger text for epics (their children are released). */
export function deleteConfirmBody(issuableType: string): string {
  if (issuableType.toLowerCase() === 'epic') return 'Delete this epic and release all child items?';
  return '%{issuableType} will be removed! Are you sure?'.replace('%{issuableType}', capitalize(issuableType));
}

/** Default title and confirm-button text: 'Delete epic', 'Delete issue'. */
export function deleteConfirmTitle(issuableType: string): string {
  return `Delete ${issuableType.toLowerCase()}`;
}
