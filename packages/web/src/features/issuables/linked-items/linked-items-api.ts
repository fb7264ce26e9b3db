/**
 * The linked-items calls of the epic and issue pages, to GitLab's UI JSON paths (decision 0009):
 * `/groups/<g>/-/epics/<iid>/related_epic_links` and `/<project>/-/issues/<iid>/links` — list,
 * add by references with a link type, remove through an item's relation path.
 */
import { csrfFetch } from '../../../lib/csrf.ts';

export const LINK_TYPES = ['relates_to', 'blocks', 'is_blocked_by'] as const;
export type LinkType = (typeof LINK_TYPES)[number];
export type LinkedItemType = 'epic' | 'issue';

/** One linked epic or issue as the server sends it. */
export type LinkedItem = {
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
  /** The link's id: `related_epic_link_id` for epics, `issue_link_id` for issues. */
  related_epic_link_id?: number;
  issue_link_id?: number;
  link_type: LinkType;
};

/** @deprecated name kept for the epic page's tests: a linked epic. */
export type RelatedEpicItem = LinkedItem;

export function linkId(item: LinkedItem): number {
  return item.related_epic_link_id ?? item.issue_link_id ?? item.id;
}

/** The messages of one kind of linked item. */
export function linkedItemsMessages(type: LinkedItemType) {
  return {
    fetchFailed: `Something went wrong while fetching linked ${type}s.`,
    addFailed: `Something went wrong while linking ${type}s.`,
    removeFailed: `Something went wrong while removing the linked ${type}.`,
    removeNotFound: 'The link to remove was not found. It may have been removed already.',
  };
}

export const FETCH_FAILED = linkedItemsMessages('epic').fetchFailed;
export const ADD_FAILED = linkedItemsMessages('epic').addFailed;
export const REMOVE_FAILED = linkedItemsMessages('epic').removeFailed;
export const REMOVE_NOT_FOUND = linkedItemsMessages('epic').removeNotFound;

/** A failed call with the message to show. */
export class LinkedItemsError extends Error {}

export function relatedLinksPath(groupFullPath: string, iid: string): string {
  return `/groups/${groupFullPath}/-/epics/${iid}/related_epic_links`;
}

export function issueLinksPath(projectFullPath: string, iid: string): string {
  return `/${projectFullPath}/-/issues/${iid}/links`;
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

function isItemList(value: unknown): value is LinkedItem[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'object' && v !== null && 'link_type' in v);
}

export async function fetchLinkedItems(listPath: string, type: LinkedItemType): Promise<LinkedItem[]> {
  const { fetchFailed } = linkedItemsMessages(type);
  let response: Response;
  try {
    response = await fetch(listPath, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  } catch {
    throw new LinkedItemsError(fetchFailed);
  }
  const body: unknown = response.ok ? await response.json().catch(() => undefined) : undefined;
  if (!isItemList(body)) throw new LinkedItemsError(fetchFailed);
  return body;
}

/** Links the references with `linkType`; answers the new list or throws with the server's message. */
export async function addLinkedItems(
  listPath: string,
  type: LinkedItemType,
  references: readonly string[],
  linkType: LinkType,
): Promise<LinkedItem[]> {
  const { addFailed, fetchFailed } = linkedItemsMessages(type);
  let response: Response;
  try {
    response = await csrfFetch(listPath, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ issuable_references: references, link_type: linkType }),
    });
  } catch {
    throw new LinkedItemsError(`${addFailed} Check your connection and try again.`);
  }
  if (!response.ok) throw new LinkedItemsError((await serverMessage(response)) ?? addFailed);
  const body = (await response.json().catch(() => undefined)) as { issuables?: unknown } | undefined;
  if (!isItemList(body?.issuables)) throw new LinkedItemsError(fetchFailed);
  return body.issuables;
}

/** Removes the link at `relationPath`; answers the new list or throws with the message to show. */
export async function removeLinkedItem(relationPath: string, type: LinkedItemType): Promise<LinkedItem[]> {
  const { removeFailed, removeNotFound, fetchFailed } = linkedItemsMessages(type);
  let response: Response;
  try {
    response = await csrfFetch(relationPath, { method: 'DELETE', headers: { Accept: 'application/json' } });
  } catch {
    throw new LinkedItemsError(removeFailed);
  }
  if (response.status === 404) throw new LinkedItemsError(removeNotFound);
  if (!response.ok) throw new LinkedItemsError((await serverMessage(response)) ?? removeFailed);
  const body = (await response.json().catch(() => undefined)) as { issuables?: unknown } | undefined;
  if (!isItemList(body?.issuables)) throw new LinkedItemsError(fetchFailed);
  return body.issuables;
}
