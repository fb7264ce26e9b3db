import { groupSubPage, profileUsername, projectSubPage } from '@milepost/shared';
import { Navigate } from 'react-router';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { lazyPage } from '../../app/lazy-page.ts';
import { NotFoundPage } from '../../app/not-found-page.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { GroupOverviewPage } from '../groups/group-overview-page.tsx';
import { IssuePage } from '../issues/issue-page.tsx';
import { IssuesListPage } from '../issues/issues-list-page.tsx';
import { NewIssuePage } from '../issues/new-issue-page.tsx';
import { LabelsPage } from '../labels/labels-page.tsx';
import { MilestonePage } from '../milestones/milestone-page.tsx';
import { MilestonesPage } from '../milestones/milestones-page.tsx';
import { ProjectOverviewPage } from '../projects/project-overview-page.tsx';
import { UserProfilePage } from '../users/user-profile-page.tsx';
import { useNamespaceContext } from './use-namespace-context.ts';

// Settings and members are rarely a first page: they load when first shown (the router's Suspense).
const IssueTemplatesSettingsPage = lazyPage(
  () => import('../issue-templates/issue-templates-settings-page.tsx'),
  'IssueTemplatesSettingsPage',
);
const MembersPage = lazyPage(() => import('../members/members-page.tsx'), 'MembersPage');
const ProjectSettingsPage = lazyPage(
  () => import('../namespace-settings/namespace-settings-page.tsx'),
  'ProjectSettingsPage',
);

/**
 * The catch-all route: `/<path>` and `/<path>/-/<page>`. Asks the server whether the path is a
 * group, a project or a user, then shows that page. Group sub-pages move to their `/groups/…` address.
 */
export function NamespacePage() {
  const context = useNamespaceContext();
  useErrorAlert(context.kind === 'error' ? context.error : null, 'Something went wrong while loading this page.');

  switch (context.kind) {
    case 'loading':
      return <SkeletonList rows={4} label="Loading" />;
    case 'error':
      return null;
    case 'none':
      return <NotFoundPage />;
    case 'not-found': {
      const username = profileUsername(context.location);
      return username ? <UserProfilePage username={username} /> : <NotFoundPage signInIfSignedOut />;
    }
    case 'group': {
      const sub = groupSubPage(context.location.subPath);
      if (!sub) return <NotFoundPage />;
      if (sub.page === 'overview') return <GroupOverviewPage fullPath={context.group.fullPath} />;
      return <Navigate to={`/groups/${context.location.fullPath}/-/${context.location.subPath.join('/')}`} replace />;
    }
    case 'project': {
      const sub = projectSubPage(context.location.subPath);
      const { project } = context;
      if (!sub) return <NotFoundPage />;
      if (sub.page === 'overview') return <ProjectOverviewPage fullPath={project.fullPath} />;
      if (sub.page === 'issues') return <IssuesListPage project={project} />;
      if (sub.page === 'newIssue') return <NewIssuePage project={project} />;
      // A work item is one of the project's issues: its page is the issue page (decision 0036).
      if (sub.page === 'issue' || sub.page === 'incident' || sub.page === 'workItem') {
        return <IssuePage project={project} iid={sub.iid} />;
      }
      if (sub.page === 'issueTemplates') return <IssueTemplatesSettingsPage project={project} />;
      if (sub.page === 'settings') return <ProjectSettingsPage fullPath={project.fullPath} />;
      if (sub.page === 'labels' || sub.page === 'milestones' || sub.page === 'milestone') {
        const scope = { kind: 'project', fullPath: project.fullPath, fullName: project.nameWithNamespace } as const;
        if (sub.page === 'labels') return <LabelsPage scope={scope} />;
        if (sub.page === 'milestones') return <MilestonesPage scope={scope} />;
        return <MilestonePage scope={scope} iid={sub.iid} />;
      }
      return (
        <MembersPage
          kind="project"
          namespace={{
            id: project.id,
            name: project.name,
            fullPath: project.fullPath,
            fullName: project.nameWithNamespace,
          }}
        />
      );
    }
  }
}
