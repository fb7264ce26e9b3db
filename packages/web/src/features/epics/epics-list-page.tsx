import { PageHeader } from '../../app/shell/page-header.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { namespaceBreadcrumbs } from '../../lib/namespace-breadcrumbs.ts';
import { routes } from '../../lib/routes.ts';
import type { ResolvedGroup } from '../namespaces/use-namespace-context.ts';

/** `/groups/<path>/-/epics`: not built yet; says plainly what it will show. */
export function EpicsListPage({ group }: { group: ResolvedGroup }) {
  return (
    <>
      <PageHeader
        breadcrumbs={[
          ...namespaceBreadcrumbs(group.fullPath, group.fullName),
          { label: 'Epics', to: routes.groupEpics(group.fullPath) },
        ]}
        title="Epics"
      />
      <EmptyState
        icon="epic"
        title="Epics are coming soon"
        description={`This page will list the epics of ${group.name} and its subgroups, with open, closed and all tabs, filters by author, label and milestone, and sorting. It isn't available in this version of Milepost yet.`}
        actions={<ButtonLink to={routes.group(group.fullPath)}>Back to group overview</ButtonLink>}
      />
    </>
  );
}
