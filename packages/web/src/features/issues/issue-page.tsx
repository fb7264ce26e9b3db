import { useApolloClient, useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { NotFoundPage } from '../../app/not-found-page.tsx';
import { Breadcrumbs } from '../../app/shell/breadcrumbs.tsx';
import { DetailSidebar } from '../../components/planning/detail-sidebar.tsx';
import { useSidebarCollapsed } from '../../components/planning/use-sidebar-collapsed.ts';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { type IssuePageIssueFragment, IssuePageQueryDocument } from '../../gql/graphql.ts';
import { useAfterPaint } from '../../lib/after-paint.ts';
import { namespaceBreadcrumbs } from '../../lib/namespace-breadcrumbs.ts';
import { routes } from '../../lib/routes.ts';
import { useCan } from '../../lib/use-can.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { DiscussionSection } from '../discussions/discussion-section.tsx';
import { IssuableAwards } from '../discussions/issuable-awards.tsx';
import { prefetchDiscussions } from '../discussions/prefetch-discussions.ts';
import styles from '../issuables/detail-page.module.css';
import { IssuableBody } from '../issuables/issuable-body.tsx';
import type { ResolvedProject } from '../namespaces/use-namespace-context.ts';
import { WorkItemHierarchy } from '../work-items/hierarchy/work-item-hierarchy.tsx';
import { IssueTaskList } from '../work-items/task-list/issuable-task-lists.tsx';
import { IssueActions } from './actions/issue-actions.tsx';
import { IssueEditForm } from './header/issue-edit-form.tsx';
import { IssueHeader } from './header/issue-header.tsx';
import type { SavedIssue } from './header/issue-requests.ts';
import { IssueStickyHeader } from './header/issue-sticky-header.tsx';
import { useInView } from './header/use-in-view.ts';
import { type RemoteEdit, useIssueRealtime } from './header/use-issue-realtime.ts';
import { IncidentTabs } from './incident-tabs.tsx';
import { RelatedIssues } from './related/related-issues.tsx';
import { IssueSidebar } from './sidebar/issue-sidebar.tsx';

/** The top bar's height: the sticky header appears once the title passes under it. */
const TOP_BAR_PX = 48;

/**
 * `/<project>/-/issues/<iid>` and `/<project>/-/issues/incident/<iid>` (spec 002 §2.1): the header
 * with the issue's state and badges, its title and description (or the edit form), and the sidebar
 * column. The page polls for other users' edits while open.
 *
 * Mount points for the other parts of the page (each one import and one element):
 * - the actions dropdown (issue-actions): the `actions` of `IssueHeader`;
 * - below the description: related issues, then the discussion, inside `styles.below`;
 * - the sidebar widgets: the children of `DetailSidebar` ('Issue details').
 */
export function IssuePage({ project, iid }: { project: ResolvedProject; iid: string }) {
  const client = useApolloClient();
  const { data, error } = useQuery(IssuePageQueryDocument, { variables: { fullPath: project.fullPath, iid } });
  // The activity's first page is asked for with the issue, not after it (no waterfall).
  useEffect(
    () => prefetchDiscussions(client, { type: 'Issue', fullPath: project.fullPath, iid }),
    [client, project.fullPath, iid],
  );
  useErrorAlert(error, 'Something went wrong while fetching the issue.');
  const issue = data?.project?.issue;
  useDocumentTitle(issue ? `${issue.title} (#${issue.iid})` : `Issue #${iid}`);
  const breadcrumbs = [
    ...namespaceBreadcrumbs(project.fullPath, project.nameWithNamespace),
    { label: 'Issues', to: routes.projectIssues(project.fullPath) },
    { label: `#${iid}`, to: issue?.webPath ?? routes.projectIssue(project.fullPath, iid) },
  ];

  if (!data) return error ? null : <SkeletonList rows={4} label="Loading issue" />;
  if (!issue) return <NotFoundPage />;

  return (
    <>
      <div className={styles.breadcrumbs}>
        <Breadcrumbs items={breadcrumbs} />
      </div>
      <IssueView
        issue={issue}
        projectFullPath={project.fullPath}
        canCreateIncident={data.project?.userPermissions.createIncident ?? false}
      />
    </>
  );
}

type IssueViewProps = { issue: IssuePageIssueFragment; projectFullPath: string; canCreateIncident: boolean };

/** The loaded issue: header, body or edit form, the place below it, the sidebar. */
function IssueView({ issue, projectFullPath, canCreateIncident }: IssueViewProps) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const sidebar = useSidebarCollapsed();
  const canUpdate = useCan(issue, 'updateIssue');
  const [isEditing, setEditing] = useState(false);
  const [remoteEdit, setRemoteEdit] = useState<RemoteEdit | null>(null);
  const [taskListBusy, setTaskListBusy] = useState(false);
  const [titleElement, setTitleElement] = useState<HTMLHeadingElement | null>(null);
  const titleInView = useInView(titleElement, TOP_BAR_PX);
  const topId = useId();
  const isIncident = issue.type === 'INCIDENT';
  // The header, title and description are painted first; what is below them and the sidebar's
  // widgets mount in the task after that paint (decision 0062).
  const painted = useAfterPaint();

  useIssueRealtime(
    projectFullPath,
    issue,
    useCallback((edit: RemoteEdit) => setRemoteEdit(edit), []),
    taskListBusy,
  );

  const handleEdit = () => {
    setRemoteEdit(null);
    setEditing(true);
  };

  const handleSaved = async (saved: SavedIssue, typeChanged: boolean) => {
    setEditing(false);
    if (typeChanged && saved.webUrl) navigate(saved.webUrl);
    await client.refetchQueries({ include: [IssuePageQueryDocument] }).catch(() => undefined);
  };

  return (
    <div className={styles.layout} id={topId}>
      <div className={styles.main}>
        <IssueStickyHeader issue={issue} visible={!titleInView && !isEditing} topId={topId} />
        <IssueHeader
          issue={issue}
          sidebar={sidebar}
          canUpdate={canUpdate}
          isEditing={isEditing}
          onEdit={handleEdit}
          actions={
            <IssueActions projectFullPath={projectFullPath} iid={issue.iid} onEdit={handleEdit} isEditing={isEditing} />
          }
        />
        {isEditing ? (
          <IssueEditForm
            issue={issue}
            projectFullPath={projectFullPath}
            canCreateIncident={canCreateIncident}
            remoteEdit={remoteEdit}
            onCancel={() => setEditing(false)}
            onSaved={handleSaved}
          />
        ) : (
          <IssuableBody
            title={issue.title}
            titleHtml={issue.titleHtml}
            descriptionHtml={isIncident ? null : (issue.descriptionHtml ?? null)}
            titleRef={setTitleElement}
            renderDescription={(_html, className) => (
              <IssueTaskList
                projectPath={projectFullPath}
                issue={issue}
                editable={canUpdate}
                className={className}
                onBusyChange={setTaskListBusy}
              />
            )}
          />
        )}
        {isIncident && !isEditing && <IncidentTabs descriptionHtml={issue.descriptionHtml ?? null} />}
        <div className={styles.below}>
          <IssuableAwards type="Issue" awardable={issue} />
          {painted && (
            <>
              <WorkItemHierarchy projectPath={projectFullPath} iid={issue.iid} />
              <RelatedIssues projectPath={projectFullPath} iid={issue.iid} />
              <DiscussionSection noteable={{ type: 'Issue', fullPath: projectFullPath, iid: issue.iid }} />
            </>
          )}
        </div>
      </div>
      <DetailSidebar
        label="Issue details"
        state={sidebar}
        narrowBar={false}
        shortcuts={['editLabels', 'editAssignees', 'editMilestone']}
      >
        {painted ? (
          <IssueSidebar projectPath={projectFullPath} iid={issue.iid} />
        ) : (
          <SkeletonList rows={8} label="Loading sidebar" />
        )}
      </DetailSidebar>
    </div>
  );
}
