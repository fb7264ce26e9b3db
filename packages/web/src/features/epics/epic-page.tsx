import { PageHeader } from '../../app/shell/page-header.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { namespaceBreadcrumbs } from '../../lib/namespace-breadcrumbs.ts';
import { routes } from '../../lib/routes.ts';
import type { ResolvedGroup } from '../namespaces/use-namespace-context.ts';

/** `/groups/<path>/-/epics/<iid>`: not built yet; says plainly what it will show. */
export function EpicPage({ group, iid }: { group: ResolvedGroup; iid: string }) {
  return (
    <>
      <PageHeader
        breadcrumbs={[
          ...namespaceBreadcrumbs(group.fullPath, group.fullName),
          { label: 'Epics', to: routes.groupEpics(group.fullPath) },
          { label: `&${iid}`, to: routes.groupEpic(group.fullPath, iid) },
        ]}
        title={`Epic &${iid}`}
      />
      <EmptyState
        icon="epic"
        title="The epic page is coming soon"
        description="This page will show the epic's title, description and status, its child issues and epics in a tree, and a sidebar with dates, labels, health status and participants. It isn't available in this version of Milepost yet."
        actions={<ButtonLink to={routes.group(group.fullPath)}>Back to group overview</ButtonLink>}
      />
    </>
  );
}
