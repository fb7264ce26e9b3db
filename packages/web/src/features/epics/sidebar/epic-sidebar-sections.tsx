import { useMutation, useQuery } from '@apollo/client/react';
import { useErrorAlert } from '../../../app/alerts/use-alerts.ts';
import { EpicColorDropdown } from '../../../components/planning/epic-color-dropdown.tsx';
import { SidebarAncestors } from '../../../components/planning/sidebar-ancestors.tsx';
import { SidebarConfidentiality } from '../../../components/planning/sidebar-confidentiality.tsx';
import { SidebarLabels } from '../../../components/planning/sidebar-labels.tsx';
import { SidebarParticipants } from '../../../components/planning/sidebar-participants.tsx';
import { SidebarSubscription } from '../../../components/planning/sidebar-subscription.tsx';
import { useSidebarSave } from '../../../components/planning/use-sidebar-save.ts';
import {
  EpicParticipantsQueryDocument,
  EpicSetSubscriptionMutationDocument,
  type EpicSidebarFieldsFragment,
} from '../../../gql/graphql.ts';
import { featureSwitches } from '../../../lib/instance-settings.ts';
import { SidebarTodo } from '../../todos/sidebar-todo.tsx';
import styles from './epic-sidebar.module.css';
import { SidebarDate } from './sidebar-date.tsx';
import { useUpdateEpicSidebar } from './use-update-epic-sidebar.ts';

type EpicSidebarSectionsProps = {
  epic: EpicSidebarFieldsFragment;
  fullPath: string;
  canEdit: boolean;
  isSignedIn: boolean;
  /** Today's calendar date for the date pickers (the viewer's local date when omitted). */
  today?: string;
};

const PARTICIPANTS_ERROR = 'There was an error getting the epic participants.';

/** The sidebar's sections in GitLab's order; each is read-only without update rights. */
export function EpicSidebarSections({ epic, fullPath, canEdit, isSignedIn, today }: EpicSidebarSectionsProps) {
  const { save, isSaving } = useUpdateEpicSidebar(fullPath, epic.iid);
  const [setSubscription] = useMutation(EpicSetSubscriptionMutationDocument);
  const saveSubscription = useSidebarSave(async (subscribedState: boolean) => {
    const result = await setSubscription({
      variables: { input: { groupPath: fullPath, iid: epic.iid, subscribedState } },
    });
    const payload = result.data?.epicSetSubscription;
    return payload ? { saved: Boolean(payload.epic), errors: payload.errors } : null;
  });
  const participants = useQuery(EpicParticipantsQueryDocument, { variables: { fullPath, iid: epic.iid } });
  useErrorAlert(participants.error, PARTICIPANTS_ERROR);

  return (
    <div className={styles.sections}>
      {isSignedIn && <SidebarTodo issuableType="epic" groupPath={fullPath} iid={epic.iid} />}
      {isSignedIn && <SidebarSubscription issuableType="epic" subscribed={epic.subscribed} save={saveSubscription} />}
      <SidebarDate kind="start" epic={epic} fullPath={fullPath} canEdit={canEdit} today={today} />
      <SidebarDate kind="due" epic={epic} fullPath={fullPath} canEdit={canEdit} today={today} />
      <SidebarLabels
        fullPath={fullPath}
        labels={epic.labels?.nodes ?? []}
        canEdit={canEdit}
        isSaving={isSaving}
        save={save}
      />
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
        issuableType="epic"
        confidential={epic.confidential ?? false}
        canEdit={canEdit}
        save={(confidential, fallback) => save({ confidential }, fallback)}
      />
      {epic.hasParent && featureSwitches().subEpics && <SidebarAncestors ancestors={epic.ancestors?.nodes ?? []} />}
      <SidebarParticipants
        participants={
          participants.data
            ? (participants.data.group?.epic?.participants?.nodes?.filter((p) => p !== null) ?? [])
            : null
        }
        error={participants.error ? PARTICIPANTS_ERROR : null}
      />
    </div>
  );
}
