import { PageHeader } from '../../app/shell/page-header.tsx';
import { NewEpicButton } from '../../components/planning/new-epic-button.tsx';
import { namespaceBreadcrumbs } from '../../lib/namespace-breadcrumbs.ts';
import { routes } from '../../lib/routes.ts';
import type { ResolvedGroup } from '../namespaces/use-namespace-context.ts';
import { Roadmap } from './roadmap.tsx';

/** `/groups/<path>/-/roadmap`: the group's epics and milestones along a timeline. */
export function RoadmapPage({ group }: { group: ResolvedGroup }) {
  return (
    <>
      <PageHeader
        breadcrumbs={[
          ...namespaceBreadcrumbs(group.fullPath, group.fullName),
          { label: 'Roadmap', to: routes.groupRoadmap(group.fullPath) },
        ]}
        title="Roadmap"
        actions={<NewEpicButton groupFullPath={group.fullPath} />}
      />
      <Roadmap groupFullPath={group.fullPath} />
    </>
  );
}
