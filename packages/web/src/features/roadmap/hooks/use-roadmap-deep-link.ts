import { useQuery } from '@apollo/client/react';
import { useSearchParams } from 'react-router';
import { RoadmapEpicPositionQueryDocument } from '../../../gql/graphql.ts';
import { type RoadmapListVariables, type RoadmapSource, roadmapFirstPageVariables } from './use-roadmap-epics.ts';

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
 * A link to an epic on a group's roadmap (`?show_epic=<iid>`, decision 0056): the server answers
 * where the epic is in the list with the page's filters and sort (`EpicConnection.epicPosition`),
 * beside the first page; the roadmap then fetches only the window holding that row, scrolls to it
 * and highlights it. Every change of filter or sort asks again (the epic's place in the new list).
 */
export function useRoadmapDeepLink(
  source: RoadmapSource,
  variables: RoadmapListVariables,
  /** Not yet: the variables are not final. */
  wait: boolean,
): DeepLink {
  const [params] = useSearchParams();
  const raw = source.kind === 'group' ? (params.get(SHOW_EPIC_PARAM)?.trim() ?? '') : '';
  const linked = parseShowEpic(raw);
  const reference = raw === '' ? null : /^\d+$/.test(raw) ? `&${raw}` : raw;
  const {
    first: _first,
    withLabels: _withLabels,
    ...list
  } = roadmapFirstPageVariables(source, variables).groupVariables;
  const { data } = useQuery(RoadmapEpicPositionQueryDocument, {
    variables: { ...list, iid: linked?.iid ?? '', groupPath: linked?.groupPath ?? null },
    skip: wait || linked === null,
  });
  const none = { reference, target: null, missing: false, key: null };
  if (raw === '') return none;
  // Not an epic reference at all: no such epic.
  if (linked === null) return { ...none, missing: true };
  if (wait || !data) return none;
  const answer = data.group?.epics?.epicPosition;
  if (!answer) return { ...none, missing: true };
  return {
    reference,
    target: { epicId: answer.epicId, position: answer.position, expandIds: answer.expandIds },
    missing: false,
    key: JSON.stringify([raw, list]),
  };
}
