import { useQuery } from '@apollo/client/react';
import { useId } from 'react';
import { useErrorAlert } from '../../../app/alerts/use-alerts.ts';
import { useCurrentUser } from '../../../app/use-current-user.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Drawer } from '../../../components/ui/drawer.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { EpicSidebarQueryDocument } from '../../../gql/graphql.ts';
import { useCan } from '../../../lib/use-can.ts';
import { CollapsedRail } from './collapsed-rail.tsx';
import styles from './epic-sidebar.module.css';
import { EpicSidebarSections } from './epic-sidebar-sections.tsx';
import { useSidebarCollapsed } from './use-sidebar-collapsed.ts';

type EpicSidebarProps = { groupFullPath: string; iid: string };

const FETCH_ERROR = 'Something went wrong while fetching the epic sidebar.';

/**
 * The epic's right sidebar (spec 001 §2.3): notifications, start and due dates, labels, colour,
 * confidentiality, ancestors and participants. Collapsible (kept in the `collapsed_gutter`
 * cookie); on narrow screens it starts collapsed and opens as a drawer. There is no to-do section:
 * Milepost has no to-dos yet.
 */
export function EpicSidebar({ groupFullPath, iid }: EpicSidebarProps) {
  const { data, error } = useQuery(EpicSidebarQueryDocument, { variables: { fullPath: groupFullPath, iid } });
  useErrorAlert(error, FETCH_ERROR);
  const { currentUser } = useCurrentUser();
  const { collapsed, isNarrow, setCollapsed } = useSidebarCollapsed();
  const epic = data?.group?.epic ?? null;
  const canEdit = useCan(epic, 'updateEpic');
  const contentId = useId();

  const content = error ? (
    <p className={styles.fieldError}>{FETCH_ERROR}</p>
  ) : !epic ? (
    <SkeletonList rows={6} label="Loading sidebar" />
  ) : (
    <EpicSidebarSections epic={epic} fullPath={groupFullPath} canEdit={canEdit} isSignedIn={currentUser !== null} />
  );

  const toggle = (
    <Button
      variant="tertiary"
      compact
      iconOnly={!isNarrow || !collapsed}
      aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
      aria-expanded={!collapsed}
      aria-controls={collapsed ? undefined : contentId}
      onPress={() => setCollapsed(!collapsed)}
      className={styles.toggle}
    >
      <Icon name={collapsed ? 'sidebar-expand' : 'sidebar-collapse'} />
      {isNarrow && collapsed && <span>Epic details</span>}
    </Button>
  );

  if (isNarrow) {
    return (
      <aside className={styles.narrowBar} aria-label="Epic details">
        {toggle}
        <Drawer
          title="Epic details"
          id={contentId}
          isOpen={!collapsed}
          onOpenChange={(open) => setCollapsed(!open)}
          width="calc(var(--detail-sidebar-width) + var(--space-8))"
          maxWidth="calc(100vw - var(--space-12))"
          placement="viewport"
          inset
          closeLabel="Collapse sidebar"
          closeIcon="sidebar-collapse"
          compactClose
        >
          {content}
        </Drawer>
      </aside>
    );
  }

  if (collapsed) {
    return (
      <aside className={styles.rail} aria-label="Epic details" data-collapsed="true">
        {toggle}
        {epic && <CollapsedRail epic={epic} onExpand={() => setCollapsed(false)} />}
      </aside>
    );
  }

  return (
    <aside className={styles.sidebar} aria-label="Epic details" data-collapsed="false">
      <div className={styles.sidebarTop}>{toggle}</div>
      <div id={contentId}>{content}</div>
    </aside>
  );
}
