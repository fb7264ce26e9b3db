import { useQuery } from '@apollo/client/react';
import { LinkedItemsPermissionsQueryDocument } from '../../../gql/graphql.ts';
import { relatedLinksPath } from '../../issuables/linked-items/linked-items-api.ts';
import { LinkedItemsSection, linkedItemsEmptyText } from '../../issuables/linked-items/linked-items-section.tsx';

export const EMPTY_TEXT = linkedItemsEmptyText('epic');

type LinkedItemsProps = {
  groupFullPath: string;
  iid: string;
  /** Whether to ask for the list now (the epic page asks once its first screen is drawn). */
  ready?: boolean;
};

/** The epic page's 'Linked items': related epics, for users who may administer them editable. */
export function LinkedItems({ groupFullPath, iid, ready = true }: LinkedItemsProps) {
  const permissions = useQuery(LinkedItemsPermissionsQueryDocument, { variables: { fullPath: groupFullPath, iid } });
  const epic = permissions.data?.group?.epic;
  if (permissions.data && !epic) return null;
  return (
    <LinkedItemsSection
      type="epic"
      listPath={relatedLinksPath(groupFullPath, iid)}
      enabled={Boolean(epic) && ready}
      canAdmin={epic?.userPermissions.adminEpicRelation ?? false}
    />
  );
}
