import { useQuery } from '@apollo/client/react';
import { useErrorAlert } from '../../../app/alerts/use-alerts.ts';
import { useCurrentUser } from '../../../app/use-current-user.ts';
import { DetailSidebar } from '../../../components/planning/detail-sidebar.tsx';
import { useSidebarCollapsed } from '../../../components/planning/use-sidebar-collapsed.ts';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { EpicSidebarQueryDocument } from '../../../gql/graphql.ts';
import { useCan } from '../../../lib/use-can.ts';
import { CollapsedRail } from './collapsed-rail.tsx';
import styles from './epic-sidebar.module.css';
import { EpicSidebarSections } from './epic-sidebar-sections.tsx';

type EpicSidebarProps = {
  groupFullPath: string;
  iid: string;
  /**
   * Whether to draw the sections now: the epic page says so once its query has answered (it carries
   * the sidebar's fields) and its first screen is drawn. Until then the sidebar draws its skeleton
   * and asks for nothing, then reads its fields from the cache.
   */
  ready?: boolean;
};

const FETCH_ERROR = 'Something went wrong while fetching the epic sidebar.';

/**
 * The epic's right sidebar (spec 001 §2.3): the to-do button, notifications, start and due dates,
 * labels, colour, confidentiality, ancestors and participants. Collapsible (kept in the
 * `collapsed_gutter` cookie); on narrow screens it starts collapsed and opens as a drawer.
 */
export function EpicSidebar({ groupFullPath, iid, ready = true }: EpicSidebarProps) {
  const { data, error } = useQuery(EpicSidebarQueryDocument, {
    variables: { fullPath: groupFullPath, iid },
    skip: !ready,
  });
  useErrorAlert(error, FETCH_ERROR);
  const { currentUser } = useCurrentUser();
  const sidebar = useSidebarCollapsed();
  const epic = data?.group?.epic ?? null;
  const canEdit = useCan(epic, 'updateEpic');

  const content = error ? (
    <p className={styles.fieldError}>{FETCH_ERROR}</p>
  ) : !epic ? (
    <SkeletonList rows={6} label="Loading sidebar" />
  ) : (
    <EpicSidebarSections epic={epic} fullPath={groupFullPath} canEdit={canEdit} isSignedIn={currentUser !== null} />
  );

  return (
    <DetailSidebar
      label="Epic details"
      state={sidebar}
      shortcuts={['editLabels']}
      rail={epic && <CollapsedRail epic={epic} onExpand={() => sidebar.setCollapsed(false)} />}
    >
      {content}
    </DetailSidebar>
  );
}
