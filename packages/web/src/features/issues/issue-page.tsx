import { useQuery } from '@apollo/client/react';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { NotFoundPage } from '../../app/not-found-page.tsx';
import { Breadcrumbs } from '../../app/shell/breadcrumbs.tsx';
import { DetailSidebar } from '../../components/planning/detail-sidebar.tsx';
import { useSidebarCollapsed } from '../../components/planning/use-sidebar-collapsed.ts';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { IssuePageQueryDocument } from '../../gql/graphql.ts';
import { namespaceBreadcrumbs } from '../../lib/namespace-breadcrumbs.ts';
import { routes } from '../../lib/routes.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import styles from '../issuables/detail-page.module.css';
import { IssuableBody } from '../issuables/issuable-body.tsx';
import type { ResolvedProject } from '../namespaces/use-namespace-context.ts';
import { IssueActions } from './actions/issue-actions.tsx';
import { IssueHeader } from './header/issue-header.tsx';

/**
 * `/<project>/-/issues/<iid>` and `/<project>/-/issues/incident/<iid>` (spec 002 §2.1): the header
 * with the issue's state and badges, its title and description, and the sidebar column.
 *
 * Mount points for the other parts of the page (each one import and one element):
 * - header actions (Edit, the actions dropdown): the `actions` of `IssueHeader`;
 * - below the description: related issues, then the discussion, inside `styles.below`;
 * - the sidebar widgets: the children of `DetailSidebar` ('Issue details').
 */
export function IssuePage({ project, iid }: { project: ResolvedProject; iid: string }) {
  const { data, error } = useQuery(IssuePageQueryDocument, { variables: { fullPath: project.fullPath, iid } });
  useErrorAlert(error, 'Something went wrong while fetching the issue.');
  const sidebar = useSidebarCollapsed();
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
      <div className={styles.layout}>
        <div className={styles.main}>
          <IssueHeader
            issue={issue}
            sidebar={sidebar}
            actions={<IssueActions projectFullPath={project.fullPath} iid={issue.iid} />}
          />
          <IssuableBody title={issue.title} descriptionHtml={issue.descriptionHtml ?? null} />
          <div className={styles.below} />
        </div>
        <DetailSidebar label="Issue details" state={sidebar} narrowBar={false} />
      </div>
    </>
  );
}
