import { useQuery } from '@apollo/client/react';
import { MILESTONES_TYPES, type MilestonesType, type Timeframe, timeframeQueryRange } from '@milepost/shared';
import { useEffect, useMemo } from 'react';
import { RoadmapGroupMilestonesQueryDocument, type RoadmapGroupMilestonesQueryQuery } from '../../../gql/graphql.ts';

export type RoadmapMilestone = NonNullable<RoadmapGroupMilestonesQueryQuery['group']>['milestones']['nodes'][number];

/** Milestones fetched per request (GitLab's sub-group fetches also take 100 at a time). */
export const MILESTONES_PAGE_SIZE = 100;

/** Spec §4: GROUP is a group milestone that is not a subgroup milestone. */
export function milestoneMatchesType(milestone: RoadmapMilestone, type: MilestonesType): boolean {
  switch (type) {
    case MILESTONES_TYPES.ALL:
      return true;
    case MILESTONES_TYPES.GROUP:
      return milestone.groupMilestone && !milestone.subgroupMilestone;
    case MILESTONES_TYPES.SUBGROUP:
      return milestone.subgroupMilestone;
    case MILESTONES_TYPES.PROJECT:
      return milestone.projectMilestone;
  }
}

/** 'Project milestone', 'Subgroup milestone' or 'Group milestone' (the popover's type line). */
export function milestoneTypeText(milestone: RoadmapMilestone): string {
  if (milestone.projectMilestone) return 'Project milestone';
  if (milestone.subgroupMilestone) return 'Subgroup milestone';
  return 'Group milestone';
}

/**
 * The group's active milestones within the timeline (all pages), of the chosen type; for one epic's
 * roadmap (`epicIid`) only the milestones of its children's issues. Skipped while milestones are hidden.
 */
export function useRoadmapMilestones({
  fullPath,
  epicIid,
  timeframe,
  type,
  skip,
}: {
  fullPath: string;
  epicIid?: string;
  timeframe: Timeframe;
  type: MilestonesType;
  skip: boolean;
}) {
  const { data, error, loading, fetchMore } = useQuery(RoadmapGroupMilestonesQueryDocument, {
    variables: { fullPath, epicIid, timeframe: timeframeQueryRange(timeframe), first: MILESTONES_PAGE_SIZE },
    skip,
  });
  const connection = data?.group?.milestones;
  const endCursor = connection?.pageInfo.hasNextPage ? connection.pageInfo.endCursor : null;

  useEffect(() => {
    if (endCursor) fetchMore({ variables: { after: endCursor } }).catch(() => undefined);
  }, [endCursor, fetchMore]);

  const milestones = useMemo(
    () => (connection?.nodes ?? []).filter((milestone) => milestoneMatchesType(milestone, type)),
    [connection?.nodes, type],
  );
  return { milestones, loading: loading && !data, error: skip ? undefined : error };
}
