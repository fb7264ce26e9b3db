import { PageHeader } from '../../app/shell/page-header.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { namespaceBreadcrumbs } from '../../lib/namespace-breadcrumbs.ts';
import { routes } from '../../lib/routes.ts';
import type { ResolvedProject } from '../namespaces/use-namespace-context.ts';

/** `/<project>/-/issues/<iid>`: not built yet; says plainly what it will show. */
export function IssuePage({ project, iid }: { project: ResolvedProject; iid: string }) {
  return (
    <>
      <PageHeader
        breadcrumbs={[
          ...namespaceBreadcrumbs(project.fullPath, project.nameWithNamespace),
          { label: 'Issues', to: routes.projectIssues(project.fullPath) },
          { label: `#${iid}`, to: routes.projectIssue(project.fullPath, iid) },
        ]}
        title={`Issue #${iid}`}
      />
      <EmptyState
        icon="issues"
        title="The issue page is coming soon"
        description="This page will show the issue's title, description and status, its linked items, and a sidebar with assignees, labels, milestone, dates and health status. It isn't available in this version of Milepost yet."
        actions={<ButtonLink to={routes.projectIssues(project.fullPath)}>Back to issues</ButtonLink>}
      />
    </>
  );
}
