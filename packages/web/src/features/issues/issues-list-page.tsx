import { PageHeader } from '../../app/shell/page-header.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { namespaceBreadcrumbs } from '../../lib/namespace-breadcrumbs.ts';
import { routes } from '../../lib/routes.ts';
import type { ResolvedProject } from '../namespaces/use-namespace-context.ts';

/** `/<project>/-/issues`: not built yet; says plainly what it will show. */
export function IssuesListPage({ project }: { project: ResolvedProject }) {
  return (
    <>
      <PageHeader
        breadcrumbs={[
          ...namespaceBreadcrumbs(project.fullPath, project.nameWithNamespace),
          { label: 'Issues', to: routes.projectIssues(project.fullPath) },
        ]}
        title="Issues"
      />
      <EmptyState
        icon="issues"
        title="Issues are coming soon"
        description={`This page will list the issues of ${project.name} with open, closed and all tabs, a filtered search by author, assignee, label and milestone, and sorting. It isn't available in this version of Milepost yet.`}
        actions={<ButtonLink to={routes.project(project.fullPath)}>Back to project overview</ButtonLink>}
      />
    </>
  );
}
