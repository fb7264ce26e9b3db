import { useQuery } from '@apollo/client/react';
import { ROADMAP_PAGE_SIZE } from '@milepost/shared';
import { useEffect } from 'react';
import { RoadmapEpicChildrenQueryDocument } from '../../../gql/graphql.ts';
import type { RoadmapListVariables } from '../hooks/use-roadmap-epics.ts';
import type { ChildrenState, RoadmapEpic } from '../utils/roadmap-rows.ts';

type EpicChildrenLoaderProps = {
  epic: Pick<RoadmapEpic, 'id' | 'iid' | 'group'>;
  variables: RoadmapListVariables;
  onChange: (epicId: string, state: ChildrenState) => void;
};

/**
 * Fetches the child epics of one expanded epic (with the list's filters and timeframe), page after
 * page until all are in, and reports them up. Renders nothing. The cache answers a second expand.
 */
export function EpicChildrenLoader({ epic, variables, onChange }: EpicChildrenLoaderProps) {
  const { data, error, loading, fetchMore } = useQuery(RoadmapEpicChildrenQueryDocument, {
    variables: { ...variables, fullPath: epic.group.fullPath, iid: epic.iid, first: ROADMAP_PAGE_SIZE },
  });
  const connection = data?.group?.epic?.children;
  const nodes = connection?.nodes ?? null;
  const endCursor = connection?.pageInfo.hasNextPage ? connection.pageInfo.endCursor : null;

  useEffect(() => {
    if (endCursor) fetchMore({ variables: { after: endCursor } }).catch(() => undefined);
  }, [endCursor, fetchMore]);

  useEffect(() => {
    onChange(epic.id, {
      loading: loading || endCursor !== null,
      error: Boolean(error) || (data !== undefined && !data.group?.epic),
      epics: nodes as readonly RoadmapEpic[] | null,
    });
  }, [epic.id, loading, endCursor, error, data, nodes, onChange]);

  return null;
}
