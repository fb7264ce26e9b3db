import { EpicColorDropdown } from '../../../components/planning/epic-color-dropdown.tsx';
import type { EpicSidebarFieldsFragment } from '../../../gql/graphql.ts';
import styles from './epic-sidebar.module.css';
import { SidebarAncestors } from './sidebar-ancestors.tsx';
import { SidebarConfidentiality } from './sidebar-confidentiality.tsx';
import { SidebarDate } from './sidebar-date.tsx';
import { SidebarLabels } from './sidebar-labels.tsx';
import { SidebarParticipants } from './sidebar-participants.tsx';
import { SidebarSubscription } from './sidebar-subscription.tsx';

type EpicSidebarSectionsProps = {
  epic: EpicSidebarFieldsFragment;
  fullPath: string;
  canEdit: boolean;
  isSignedIn: boolean;
  /** Today's calendar date for the date pickers (the viewer's local date when omitted). */
  today?: string;
};

/** The sidebar's sections in GitLab's order; each is read-only without update rights. */
export function EpicSidebarSections({ epic, fullPath, canEdit, isSignedIn, today }: EpicSidebarSectionsProps) {
  return (
    <div className={styles.sections}>
      {isSignedIn && <SidebarSubscription fullPath={fullPath} iid={epic.iid} subscribed={epic.subscribed} />}
      <SidebarDate kind="start" epic={epic} fullPath={fullPath} canEdit={canEdit} today={today} />
      <SidebarDate kind="due" epic={epic} fullPath={fullPath} canEdit={canEdit} today={today} />
      <SidebarLabels epic={epic} fullPath={fullPath} canEdit={canEdit} />
      <section className={styles.section} aria-label="Color" data-section="color">
        <EpicColorDropdown
          variant="sidebar"
          fullPath={fullPath}
          iid={epic.iid}
          color={epic.color ?? null}
          allowEdit={canEdit}
        />
      </section>
      <SidebarConfidentiality
        fullPath={fullPath}
        iid={epic.iid}
        confidential={epic.confidential ?? false}
        canEdit={canEdit}
      />
      {epic.hasParent && <SidebarAncestors ancestors={epic.ancestors?.nodes ?? []} />}
      <SidebarParticipants fullPath={fullPath} iid={epic.iid} />
    </div>
  );
}
