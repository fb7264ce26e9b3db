import { useMutation, useQuery } from '@apollo/client/react';
import { useErrorAlert } from '../../../app/alerts/use-alerts.ts';
import { useCurrentUser } from '../../../app/use-current-user.ts';
import { type SidebarAncestor, SidebarAncestors } from '../../../components/planning/sidebar-ancestors.tsx';
import { SidebarConfidentiality } from '../../../components/planning/sidebar-confidentiality.tsx';
import { SidebarLabels } from '../../../components/planning/sidebar-labels.tsx';
import { SidebarParticipants } from '../../../components/planning/sidebar-participants.tsx';
import shared from '../../../components/planning/sidebar-section.module.css';
import { SidebarSubscription } from '../../../components/planning/sidebar-subscription.tsx';
import { useSidebarSave } from '../../../components/planning/use-sidebar-save.ts';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import {
  IssueSetSubscriptionMutationDocument,
  type IssueSidebarFieldsFragment,
  IssueSidebarQueryDocument,
} from '../../../gql/graphql.ts';
import { featureSwitches } from '../../../lib/instance-settings.ts';
import { IssueIterationWidget } from '../../iterations/issue-iteration-widget.tsx';
import { SidebarTodo } from '../../todos/sidebar-todo.tsx';
import styles from './issue-sidebar.module.css';
import { SidebarAssignees } from './sidebar-assignees.tsx';
import { SidebarDueDate } from './sidebar-due-date.tsx';
import { SidebarEpic } from './sidebar-epic.tsx';
import { SidebarHealth } from './sidebar-health.tsx';
import { SidebarLock } from './sidebar-lock.tsx';
import { SidebarMilestone } from './sidebar-milestone.tsx';
import { SidebarReference } from './sidebar-reference.tsx';
import { SidebarTimeTracking } from './sidebar-time-tracking.tsx';
import { SidebarWeight } from './sidebar-weight.tsx';
import { useUpdateIssueSidebar } from './use-update-issue-sidebar.ts';

const FETCH_ERROR = 'Something went wrong while fetching the issue sidebar.';

type IssueSidebarProps = { projectPath: string; iid: string; today?: string };

/** The chain above the issue: its epic's ancestors, then the epic; hidden ones say so (null). */
function ancestorsOf(issue: IssueSidebarFieldsFragment): SidebarAncestor[] {
  const epic = issue.epic;
  if (!epic) return issue.hasEpic ? [null] : [];
  const above = epic.ancestors?.nodes ?? [];
  return [...(epic.hasParent && above.length === 0 ? [null] : []), ...above, epic];
}

/**
 * The issue's sidebar sections (spec 002 §2.1, §3, §6, §8) in GitLab's order: assignees, labels,
 * milestone, weight, due date, health status, epic and ancestors, time tracking, confidentiality,
 * lock, participants, notifications and reference. Metadata needs Reporter+ (`adminIssue`).
 */
export function IssueSidebar({ projectPath, iid, today }: IssueSidebarProps) {
  const { data, error } = useQuery(IssueSidebarQueryDocument, { variables: { fullPath: projectPath, iid } });
  useErrorAlert(error, FETCH_ERROR);
  const { currentUser } = useCurrentUser();
  const { save, isSaving } = useUpdateIssueSidebar(projectPath, iid);
  const [setSubscription] = useMutation(IssueSetSubscriptionMutationDocument);
  const saveSubscription = useSidebarSave(async (subscribedState: boolean) => {
    const result = await setSubscription({ variables: { input: { projectPath, iid, subscribedState } } });
    const payload = result.data?.issueSetSubscription;
    return payload ? { saved: Boolean(payload.issue), errors: payload.errors } : null;
  });

  const issue = data?.project?.issue;
  if (error) return <p className={shared.fieldError}>{FETCH_ERROR}</p>;
  if (!issue) return <SkeletonList rows={8} label="Loading sidebar" />;

  const groupPath = data?.project?.group?.fullPath ?? projectPath.split('/').slice(0, -1).join('/');
  const canEdit = issue.userPermissions.adminIssue;
  const widget = { issue, canEdit, save };
  const paths = { projectPath, groupPath };
  const ancestors = ancestorsOf(issue);

  return (
    <div className={styles.sections}>
      {currentUser && <SidebarTodo issuableType="issue" projectPath={projectPath} iid={iid} />}
      <SidebarAssignees {...widget} {...paths} currentUserId={currentUser?.id ?? null} />
      <SidebarLabels
        fullPath={groupPath}
        labels={issue.labels?.nodes ?? []}
        canEdit={canEdit}
        isSaving={isSaving}
        save={save}
      />
      <SidebarMilestone {...widget} {...paths} />
      <IssueIterationWidget projectPath={projectPath} iid={iid} />
      <SidebarWeight {...widget} />
      <SidebarDueDate {...widget} today={today} />
      {featureSwitches().healthStatus && <SidebarHealth {...widget} />}
      <SidebarEpic {...widget} {...paths} />
      {ancestors.length > 1 && <SidebarAncestors ancestors={ancestors.slice(0, -1)} />}
      <SidebarTimeTracking {...widget} />
      <SidebarConfidentiality
        issuableType="issue"
        confidential={issue.confidential}
        canEdit={canEdit}
        save={(confidential, fallback) => save({ confidential }, fallback)}
      />
      {currentUser && <SidebarLock {...widget} />}
      <SidebarParticipants participants={issue.participants?.nodes?.filter((p) => p !== null) ?? []} />
      {currentUser && (
        <SidebarSubscription issuableType="issue" subscribed={issue.subscribed} save={saveSubscription} />
      )}
      <SidebarReference reference={issue.reference} />
    </div>
  );
}
