/**
 * The child-items tree's pure rules (spec 001 §4, §5): references typed into the add form, the
 * order of a branch, moving an item within its branch, and the texts shown for counts.
 */
import type { ChildEpicFieldsFragment, ChildIssueFieldsFragment } from '../../../gql/graphql.ts';

export type ChildEpic = ChildEpicFieldsFragment & { __typename?: 'Epic' };
export type ChildIssue = ChildIssueFieldsFragment & { __typename?: 'EpicIssue' };
export type TreeChild = { kind: 'epic'; item: ChildEpic } | { kind: 'issue'; item: ChildIssue };

/** The tree key of a child: its global id (an issue's relation id if the issue id is missing). */
export function childKey(child: TreeChild): string {
  return child.kind === 'epic' ? child.item.id : (child.item.id ?? child.item.epicIssueId);
}

/** A branch: the loaded children of one epic, with separate paging for epics and issues. */
export type Branch = {
  epics: ChildEpic[];
  issues: ChildIssue[];
  epicEndCursor: string | null;
  issueEndCursor: string | null;
  hasMoreEpics: boolean;
  hasMoreIssues: boolean;
};

/** Epics first, then issues, each in relative-position order (the server's order breaks ties). */
export function branchChildren(branch: Branch): TreeChild[] {
  return [
    ...byPosition(branch.epics).map((item): TreeChild => ({ kind: 'epic', item })),
    ...byPosition(branch.issues).map((item): TreeChild => ({ kind: 'issue', item })),
  ];
}

function byPosition<T extends { relativePosition?: number | null }>(items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => {
      const pa = a.item.relativePosition;
      const pb = b.item.relativePosition;
      if (pa == null || pb == null || pa === pb)
        return pa == null && pb != null ? 1 : pb == null && pa != null ? -1 : a.index - b.index;
      return pa - pb;
    })
    .map(({ item }) => item);
}

/** Whether a typed word is a reference or link (`#3`, `group/project#3`, `&1`, a URL) rather than words to search. */
export function looksLikeReference(word: string): boolean {
  return /^[\w./-]*[#&]\d+$/.test(word) || /^https?:\/\/\S+$/.test(word);
}

/**
 * Adds the references typed in `raw` to `pending`: split on whitespace, blanks dropped, and a
 * reference already pending (or typed twice) is not added again.
 */
export function addReferences(pending: readonly string[], raw: string): string[] {
  const next = [...pending];
  for (const reference of raw.split(/\s+/)) {
    if (reference !== '' && !next.includes(reference)) next.push(reference);
  }
  return next;
}

export type MoveDirection = 'up' | 'down';

/** The sibling of the same kind an item would swap with when moved up or down, or null at an end. */
export function moveTarget<T extends { id?: string | null }>(
  items: readonly T[],
  id: string,
  direction: MoveDirection,
): T | null {
  const index = items.findIndex((item) => item.id === id);
  if (index < 0) return null;
  const target = direction === 'up' ? items[index - 1] : items[index + 1];
  return target ?? null;
}

/** `items` with `id` moved one place up or down (positions swapped so the order sticks). */
export function moveItem<T extends { id?: string | null; relativePosition?: number | null }>(
  items: readonly T[],
  id: string,
  direction: MoveDirection,
): T[] {
  const ordered = byPosition(items);
  const index = ordered.findIndex((item) => item.id === id);
  const other = direction === 'up' ? index - 1 : index + 1;
  if (index < 0 || other < 0 || other >= ordered.length) return [...items];
  const a = ordered[index] as T;
  const b = ordered[other] as T;
  const next = [...ordered];
  next[index] = { ...b, relativePosition: a.relativePosition };
  next[other] = { ...a, relativePosition: b.relativePosition };
  // Without positions on both, keep the array order as the truth.
  if (a.relativePosition == null || b.relativePosition == null) {
    next[index] = b;
    next[other] = a;
    return next.map((item) => ({ ...item, relativePosition: null }));
  }
  return next;
}

/** The heading of a form, confidential when the parent epic is (its children must be too). */
export function formHeading(action: 'create' | 'add', kind: 'epic' | 'issue', confidential: boolean): string {
  const verb = action === 'create' ? 'Create new' : 'Add existing';
  return confidential ? `${verb} confidential ${kind}` : `${verb} ${kind}`;
}
