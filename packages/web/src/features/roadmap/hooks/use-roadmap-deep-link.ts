import { useMemo } from 'react';

/**
 * The URL key of a link to an epic on the group roadmap: `/groups/<path>/-/roadmap?show_epic=<iid>`
 * for the group's own epic, `show_epic=<group path>&<iid>` (GitLab's epic reference, `&` written
 * `%26`) for a subgroup's.
 */
export const SHOW_EPIC_PARAM = 'show_epic';

/** `12`, `&12` or `group/sub&12`: the epic's IID and, when another group's, that group's path. */
export function parseShowEpic(value: string): { iid: string; groupPath: string | null } | null {
  const match = /^(?:([\w.-]+(?:\/[\w.-]+)*)?&)?(\d{1,9})$/.exec(value.trim());
  return match ? { iid: match[2] as string, groupPath: match[1] ?? null } : null;
}

/** The link's `show_epic` value in a URL's query (a group's roadmap only; '' without a link). */
export function showEpicOf(params: URLSearchParams): string {
  return params.get(SHOW_EPIC_PARAM)?.trim() ?? '';
}

/**
 * What a group roadmap's first page asks besides its rows when the URL links to an epic: where that
 * epic is in the list (`EpicConnection.epicPosition`), with the page's own filters and sort, in the
 * same request — the server answers it from the position index the first page builds.
 */
export function epicPositionVariables(showEpic: string) {
  const linked = showEpic === '' ? null : parseShowEpic(showEpic);
  // All three always (the query's defaults otherwise): the early request and the page's are equal.
  return {
    withEpicPosition: linked !== null,
    showEpicIid: linked?.iid ?? '',
    showEpicGroupPath: linked?.groupPath ?? null,
  };
}

/** Where the linked epic is in the list: its top-level row and the epics to expand down to it. */
export type DeepLinkTarget = {
  /** The linked epic's ID (its row's key). */
  epicId: string;
  /** The position of the top-level row holding it (its own, or the ancestor it nests under). */
  position: number;
  /** The epics to expand, from that row down to the linked epic's parent. */
  expandIds: readonly string[];
};

export type DeepLink = {
  /** The linked epic's reference as given (`show_epic`); null without a link. */
  reference: string | null;
  /** Where it is, once the server has said; null while asking or when it is not in the list. */
  target: DeepLinkTarget | null;
  /** The epic is not in the list (filtered out, outside the date range, missing or hidden). */
  missing: boolean;
  /** A key of the link and the list it is in: the roadmap scrolls to it once per key. */
  key: string | null;
};

/**
 * A link to an epic on a group's roadmap (`?show_epic=<iid>`, decision 0056): the first page asks
 * the server where the epic is in the list (`epicPositionVariables`), so every change of filter or
 * sort asks again (the epic's place in the new list); the roadmap then fetches only the window
 * holding that row, scrolls to it and highlights it.
 */
export function useRoadmapDeepLink(
  /** The link (`show_epic`), '' without one. */
  showEpic: string,
  /** The first page's answer: undefined while it loads (or without a link), null when not in the list. */
  answer: DeepLinkTarget | null | undefined,
  /** The list the link is in (its filters and sort). */
  listKey: string,
): DeepLink {
  return useMemo(() => {
    const reference = showEpic === '' ? null : /^\d+$/.test(showEpic) ? `&${showEpic}` : showEpic;
    const none = { reference, target: null, missing: false, key: null };
    if (showEpic === '') return none;
    // Not an epic reference at all: no such epic.
    if (parseShowEpic(showEpic) === null) return { ...none, missing: true };
    if (answer === undefined) return none;
    if (answer === null) return { ...none, missing: true };
    return {
      reference,
      target: { epicId: answer.epicId, position: answer.position, expandIds: answer.expandIds },
      missing: false,
      key: JSON.stringify([showEpic, listKey]),
    };
  }, [showEpic, answer, listKey]);
}
