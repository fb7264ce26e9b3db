import { avatarCounterLabel } from '../format/numbers.ts';

/** Assignee avatar lists: how many avatars show, the overflow counter and sized image URLs. */

/** Avatars shown before the rest collapse into a counter. */
export const DEFAULT_MAX_VISIBLE_ASSIGNEES = 3;
/** Display size of an assignee avatar, in CSS pixels. */
export const DEFAULT_ASSIGNEE_AVATAR_SIZE = 24;
export type AssigneeOverflow = {
  /** How many avatars to render. */
  visible: number;
  /** How many assignees the counter stands for (0: no counter). */
  hidden: number;
  /** '+N', or '99+' past 99; null when nothing is hidden. */
  counterLabel: string | null;
  /** '%{count} more assignees'; null when nothing is hidden. */
  counterTooltip: string | null;
};

/** Splits `total` assignees into visible avatars and a counter for the rest. */
export function assigneeOverflow(total: number, maxVisible: number = DEFAULT_MAX_VISIBLE_ASSIGNEES): AssigneeOverflow {
  const count = Math.max(0, Math.floor(total));
  const max = Math.max(1, Math.floor(Number.isFinite(maxVisible) ? maxVisible : DEFAULT_MAX_VISIBLE_ASSIGNEES));
  const visible = Math.min(count, max);
  const hidden = count - visible;
  if (hidden === 0) return { visible, hidden, counterLabel: null, counterTooltip: null };
  return {
    visible,
    hidden,
    counterLabel: avatarCounterLabel(hidden),
    counterTooltip: '%{count} more assignees'.replace('%{count}', String(hidden)),
  };
}

/** 'Assigned to %{assigneeName}': the avatar's alternative text. */
export function assigneeAvatarAlt(assigneeName: string): string {
  return 'Assigned to %{assigneeName}'.replace('%{assigneeName}', assigneeName);
}

/**
 * The avatar URL asking for an image `width` pixels wide (twice the display size for sharp
 * images on dense screens): `?width=48` or `&width=48`, replacing any width already there and
 * keeping a `#fragment` last. Absolute and relative URLs alike; `data:` and `blob:` URLs are
 * returned as they are (they take no parameters).
 */
export function avatarUrlWithWidth(url: string, width: number): string {
  if (/^(data|blob):/i.test(url)) return url;
  const hashAt = url.indexOf('#');
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const params = (queryAt === -1 ? '' : beforeHash.slice(queryAt + 1))
    .split('&')
    .filter((param) => param !== '' && param.split('=')[0] !== 'width');
  params.push(`width=${Math.round(width)}`);
  return `${path}?${params.join('&')}${hash}`;
}
