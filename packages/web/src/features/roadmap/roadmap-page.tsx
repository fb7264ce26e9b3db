import { PageHeader } from '../../app/shell/page-header.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { namespaceBreadcrumbs } from '../../lib/namespace-breadcrumbs.ts';
import { routes } from '../../lib/routes.ts';
import type { ResolvedGroup } from '../namespaces/use-namespace-context.ts';

/** `/groups/<path>/-/roadmap`: not built yet; says plainly what it will show. */
export function RoadmapPage({ group }: { group: ResolvedGroup }) {
  return (
    <>
      <PageHeader
        breadcrumbs={[
          ...namespaceBreadcrumbs(group.fullPath, group.fullName),
          { label: 'Roadmap', to: routes.groupRoadmap(group.fullPath) },
        ]}
        title="Roadmap"
      />
      <EmptyState
        icon="roadmap"
        title="The roadmap is coming soon"
        description={`The roadmap will show the epics of ${group.name} and its subgroups along a timeline of quarters, months or weeks, with milestones above them. It isn't available in this version of Milepost yet.`}
        actions={<ButtonLink to={routes.group(group.fullPath)}>Back to group overview</ButtonLink>}
      />
    </>
  );
}
