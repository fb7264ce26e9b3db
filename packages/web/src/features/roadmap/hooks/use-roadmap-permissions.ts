import { useQuery } from '@apollo/client/react';
import { RoadmapGroupPermissionsQueryDocument } from '../../../gql/graphql.ts';
import { useCan } from '../../../lib/use-can.ts';

/** What the viewer may do on the roadmap's group, as the server decided it. */
export function useRoadmapPermissions(groupFullPath: string) {
  const { data } = useQuery(RoadmapGroupPermissionsQueryDocument, { variables: { fullPath: groupFullPath } });
  return { canCreateEpic: useCan(data?.group, 'createEpic') };
}
