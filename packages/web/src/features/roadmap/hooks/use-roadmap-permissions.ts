import { useQuery } from '@apollo/client/react';
import { RoadmapGroupPermissionsQueryDocument } from '../../../gql/graphql.ts';
import { useAfterPaint } from '../../../lib/after-paint.ts';
import { useCan } from '../../../lib/use-can.ts';

/**
 * What the viewer may do on the roadmap's group, as the server decided it. Asked once the first bars
 * are painted (nothing before them needs it; decision 0091): until then the viewer may do nothing.
 */
export function useRoadmapPermissions(groupFullPath: string) {
  const painted = useAfterPaint();
  const { data } = useQuery(RoadmapGroupPermissionsQueryDocument, {
    variables: { fullPath: groupFullPath },
    skip: !painted,
  });
  return { canCreateEpic: useCan(data?.group, 'createEpic') };
}
