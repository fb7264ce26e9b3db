/**
 * The epic page's calls for related epics, to GitLab's UI JSON path
 * `/groups/<g>/-/epics/<iid>/related_epic_links` (decision 0009): list, add by references with a
 * link type, remove through an item's relation path.
 */
import { csrfFetch } from '../../../lib/csrf.ts';

export const LINK_TYPES = ['relates_to', 'blocks', 'is_blocked_by'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

/** One related epic as the server sends it. */
export type RelatedEpicItem = {
  id: number;
  iid: number;
  title: string;
  state: 'opened' | 'closed';
  confidential: boolean;
  created_at: string;
  closed_at: string | null;
  reference: string;
  path: string;
  /** Present only when the user may remove the link. */
  relation_path: string | null;
  related_epic_link_id: number;
  link_type: LinkType;
};

export const FETCH_FAILED = 'Something went wrong while fetching linked epics.';
export const ADD_FAILED = 'Something went wrong while linking epics.';
export const REMOVE_FAILED = 'Something went wrong while removing the linked epic.';
export const REMOVE_NOT_FOUND = 'The link to remove was not found. It may have been removed already.';

/** A failed call with the message to show. */
export class LinkedItemsError extends Error {}

export function relatedLinksPath(groupFullPath: string, iid: string): string {
  return `/groups/${groupFullPath}/-/epics/${iid}/related_epic_links`;
}

async function serverMessage(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message !== '') return body.message;
  } catch {
    // Not JSON: the caller falls back to its generic message.
  }
  return undefined;
}

function isItemList(value: unknown): value is RelatedEpicItem[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'object' && v !== null && 'link_type' in v);
}

export async function fetchRelatedEpics(groupFullPath: string, iid: string): Promise<RelatedEpicItem[]> {
  let response: Response;
  try {
    response = await fetch(relatedLinksPath(groupFullPath, iid), {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new LinkedItemsError(FETCH_FAILED);
  }
  const body: unknown = response.ok ? await response.json().catch(() => undefined) : undefined;
  if (!isItemList(body)) throw new LinkedItemsError(FETCH_FAILED);
  return body;
}

/** Links the references with `linkType`; answers the new list or throws with the server's message. */
export async function addRelatedEpics(
  groupFullPath: string,
  iid: string,
  references: readonly string[],
  linkType: LinkType,
): Promise<RelatedEpicItem[]> {
  let response: Response;
  try {
    response = await csrfFetch(relatedLinksPath(groupFullPath, iid), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ issuable_references: references, link_type: linkType }),
    });
  } catch {
    throw new LinkedItemsError(`${ADD_FAILED} Check your connection and try again.`);
  }
  if (!response.ok) throw new LinkedItemsError((await serverMessage(response)) ?? ADD_FAILED);
  const body = (await response.json().catch(() => undefined)) as { issuables?: unknown } | undefined;
  if (!isItemList(body?.issuables)) throw new LinkedItemsError(FETCH_FAILED);
  return body.issuables;
}

/** Removes the link at `relationPath`; answers the new list or throws with the message to show. */
export async function removeRelatedEpic(relationPath: string): Promise<RelatedEpicItem[]> {
  let response: Response;
  try {
    response = await csrfFetch(relationPath, { method: 'DELETE', headers: { Accept: 'application/json' } });
  } catch {
    throw new LinkedItemsError(REMOVE_FAILED);
  }
  if (response.status === 404) throw new LinkedItemsError(REMOVE_NOT_FOUND);
  if (!response.ok) throw new LinkedItemsError((await serverMessage(response)) ?? REMOVE_FAILED);
  const body = (await response.json().catch(() => undefined)) as { issuables?: unknown } | undefined;
  if (!isItemList(body?.issuables)) throw new LinkedItemsError(FETCH_FAILED);
  return body.issuables;
}
