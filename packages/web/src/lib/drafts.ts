/**
 * Drafts of titles, descriptions and comments, autosaved in the browser per page path and query
 * (spec 002 §4.2; GitLab's `autosave/<path><query>/…` keys), with the lock version they were
 * written against. Storage that is full or switched off just keeps no draft.
 */

export type IssueDraft = { title?: string; description?: string; lockVersion?: number };

const FIELDS = ['title', 'description', 'lockVersion'] as const;

/** The autosave key of a page: `autosave/<pathname><search>`. */
export function draftKey(location: { pathname: string; search: string }): string {
  return `autosave/${location.pathname}${location.search}`;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The draft kept under `key`, or null when there is none. */
export function readDraft(key: string): IssueDraft | null {
  const store = storage();
  if (!store) return null;
  try {
    const title = store.getItem(`${key}/title`);
    const description = store.getItem(`${key}/description`);
    const lockVersion = store.getItem(`${key}/lockVersion`);
    if (title === null && description === null) return null;
    const version = lockVersion === null ? undefined : Number(lockVersion);
    return {
      ...(title === null ? {} : { title }),
      ...(description === null ? {} : { description }),
      ...(version === undefined || Number.isNaN(version) ? {} : { lockVersion: version }),
    };
  } catch {
    return null;
  }
}

/** Keeps the form's text under `key`, with the lock version it is based on (the fields given). */
export function writeDraft(key: string, draft: IssueDraft): void {
  const store = storage();
  if (!store) return;
  try {
    if (draft.title !== undefined) store.setItem(`${key}/title`, draft.title);
    if (draft.description !== undefined) store.setItem(`${key}/description`, draft.description);
    if (draft.lockVersion !== undefined) store.setItem(`${key}/lockVersion`, String(draft.lockVersion));
  } catch {
    // Full or refused: the form works on without a draft.
  }
}

/** Forgets the draft under `key` (after a save, Cancel, or deleting the issue). */
export function clearDraft(key: string): void {
  const store = storage();
  if (!store) return;
  try {
    for (const field of FIELDS) store.removeItem(`${key}/${field}`);
  } catch {
    // Nothing to forget.
  }
}
