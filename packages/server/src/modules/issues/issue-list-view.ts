/**
 * The web issue list's URL (GitLab's keys, read by `issuesListViewFromUrl` in shared) as the
 * service's filter, for the downloads that carry the list's query: CSV export and the Atom feed.
 * An epic token names the epic by iid in the list's group; a hidden or missing one matches nothing.
 */
import { filterValueToIssuesQuery, issuesListViewFromUrl } from '@milepost/shared';
import type { Actor } from '../../authz/actor.ts';
import type { GroupRow } from '../../db/schema.ts';
import type { HealthStatus, IssueFilter, IssueSort, IssueType } from './issue-filters.ts';

const HEALTH: Record<string, HealthStatus> = {
  onTrack: 'on_track',
  needsAttention: 'needs_attention',
  atRisk: 'at_risk',
};
const lowerTypes = (types: readonly string[] | undefined) => types?.map((type) => type.toLowerCase() as IssueType);
const weightOf = (value: string | undefined) => (value === undefined ? undefined : Number(value));

/** `findEpicId(iid)`: the id of the readable epic with that iid in the list's group, or undefined. */
export async function issueFilterFromListUrl(
  pairs: Iterable<readonly [string, string]>,
  findEpicId: (iid: number) => Promise<number | undefined>,
): Promise<IssueFilter> {
  const view = issuesListViewFromUrl(pairs);
  const { filters: f, epicIid, notEpicIid } = filterValueToIssuesQuery(view.filter, view.searchIn);
  const n = f.not ?? {};
  const health = f.healthStatusFilter;
  // No epic has id 0: an epic that cannot be read matches no issue (with '=') or every issue ('!=').
  const epicId = epicIid === null ? undefined : ((await findEpicId(Number(epicIid))) ?? 0);
  const notEpicId = notEpicIid === null ? undefined : ((await findEpicId(Number(notEpicIid))) ?? 0);
  const labelWildcard = f.labelName?.length === 1 && /^(None|Any)$/.test(f.labelName[0] ?? '');
  return {
    state: view.state,
    sort: view.sort as IssueSort,
    search: f.search,
    searchIn: f.in?.map((field) => field.toLowerCase() as 'title' | 'description'),
    authorUsername: f.authorUsername,
    orAuthorUsernames: f.or?.authorUsernames,
    assigneeUsernames: f.assigneeUsernames,
    orAssigneeUsernames: f.or?.assigneeUsernames,
    assigneeWildcard: f.assigneeWildcardId,
    labelNames: labelWildcard ? undefined : f.labelName,
    labelWildcard: labelWildcard ? (f.labelName?.[0]?.toUpperCase() as 'NONE' | 'ANY') : undefined,
    orLabelNames: f.or?.labelNames,
    milestoneTitle: f.milestoneTitle,
    milestoneWildcard: f.milestoneWildcardId,
    weight: weightOf(f.weight),
    weightWildcard: f.weightWildcardId,
    epicId,
    epicWildcard: f.epicWildcardId,
    healthStatus: health && health !== 'NONE' && health !== 'ANY' ? HEALTH[health] : undefined,
    healthStatusWildcard: health === 'NONE' || health === 'ANY' ? health : undefined,
    types: lowerTypes(f.types),
    confidential: f.confidential,
    myReactionEmoji: f.myReactionEmoji,
    not: {
      authorUsername: n.authorUsername,
      assigneeUsernames: n.assigneeUsernames,
      labelNames: n.labelName,
      milestoneTitle: n.milestoneTitle,
      weight: weightOf(n.weight),
      healthStatus: n.healthStatusFilter?.map((status) => HEALTH[status] as HealthStatus),
      types: lowerTypes(n.types),
      epicId: notEpicId,
      myReactionEmoji: n.myReactionEmoji,
    },
  };
}

/** Resolves an epic iid of `group` for `issueFilterFromListUrl`. */
export function epicIdFinder(
  findEpic: (actor: Actor, group: GroupRow, iid: number) => Promise<{ epic: { id: number } } | undefined>,
  actor: Actor,
  group: GroupRow,
) {
  return async (iid: number) => (await findEpic(actor, group, iid))?.epic.id;
}
