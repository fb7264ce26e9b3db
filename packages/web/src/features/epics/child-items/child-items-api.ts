/**
 * The tree's calls to the epic page's JSON paths (GitLab's controller routes): add existing items
 * by reference and remove a child through its relation path. Everything else goes through GraphQL.
 */
import { csrfFetch } from '../../../lib/csrf.ts';

export type ChildKind = 'epic' | 'issue';

const NOT_FOUND: Record<ChildKind, string> = {
  epic: 'No matching epic found. Make sure that you are adding a valid epic URL.',
  issue: 'No matching issue found. Make sure that you are adding a valid issue URL.',
};

/** Shown when the server answers 409 'Epic hierarchy level too deep'. */
export const TOO_MANY_CHILD_EPICS = 'This epic already has the maximum number of child epics.';
const HIERARCHY_TOO_DEEP = 'Epic hierarchy level too deep';

const REMOVE_FAILED: Record<ChildKind, string> = {
  epic: 'Something went wrong while removing epic.',
  issue: 'Something went wrong while removing issue.',
};
const REMOVE_NOT_FOUND: Record<ChildKind, string> = {
  epic: 'The epic to remove was not found. It may have been removed already.',
  issue: 'The issue to remove was not found. It may have been removed already.',
};

/** A failed call with the message to show. */
export class ChildItemsError extends Error {}

async function bodyMessage(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { message?: unknown; errors?: unknown };
    if (typeof body.message === 'string' && body.message !== '') return body.message;
    if (Array.isArray(body.errors) && typeof body.errors[0] === 'string') return body.errors[0];
  } catch {
    // Not JSON: fall back to the generic message.
  }
  return undefined;
}

/** The parent epic's path for linked items of `kind`: `/groups/<g>/-/epics/<iid>/issues|links`. */
export function referencesPath(groupFullPath: string, iid: string, kind: ChildKind): string {
  return `/groups/${groupFullPath}/-/epics/${iid}/${kind === 'epic' ? 'links' : 'issues'}`;
}

/** POSTs `issuable_references`; throws a ChildItemsError with the message to show on failure. */
export async function addReferencesToEpic(
  groupFullPath: string,
  iid: string,
  kind: ChildKind,
  references: readonly string[],
): Promise<void> {
  let response: Response;
  try {
    response = await csrfFetch(referencesPath(groupFullPath, iid, kind), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ issuable_references: references }),
    });
  } catch {
    throw new ChildItemsError(`Something went wrong while adding ${kind}s. Check your connection and try again.`);
  }
  if (response.ok) return;
  const message = await bodyMessage(response);
  if (response.status === 404) throw new ChildItemsError(NOT_FOUND[kind]);
  if (response.status === 409 && message === HIERARCHY_TOO_DEEP) throw new ChildItemsError(TOO_MANY_CHILD_EPICS);
  throw new ChildItemsError(message ?? `Something went wrong while adding ${kind}s.`);
}

/** DELETEs the relation at `relationPath`; throws a ChildItemsError with the message to show. */
export async function removeRelation(relationPath: string, kind: ChildKind): Promise<void> {
  let response: Response;
  try {
    response = await csrfFetch(relationPath, { method: 'DELETE', headers: { Accept: 'application/json' } });
  } catch {
    throw new ChildItemsError(REMOVE_FAILED[kind]);
  }
  if (response.ok) return;
  throw new ChildItemsError(response.status === 404 ? REMOVE_NOT_FOUND[kind] : REMOVE_FAILED[kind]);
}
