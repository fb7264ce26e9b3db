import { useQuery } from '@apollo/client/react';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { NotFoundPage } from '../../app/not-found-page.tsx';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { EpicPageTitleQueryDocument } from '../../gql/graphql.ts';
import { namespaceBreadcrumbs } from '../../lib/namespace-breadcrumbs.ts';
import { routes } from '../../lib/routes.ts';
import type { ResolvedGroup } from '../namespaces/use-namespace-context.ts';
import { ChildItemsPanel } from './child-items/child-items-panel.tsx';
import styles from './epic-page.module.css';
import { EpicSidebar } from './sidebar/epic-sidebar.tsx';

/**
 * `/groups/<path>/-/epics/<iid>`: the epic's title and the roadmap of its child epics. The rest of
 * the epic page (description, child items tree, sidebar) is not built yet, and the page says so.
 */
export function EpicPage({ group, iid }: { group: ResolvedGroup; iid: string }) {
  const { data, error } = useQuery(EpicPageTitleQueryDocument, { variables: { fullPath: group.fullPath, iid } });
  useErrorAlert(error, 'Something went wrong while fetching the epic.');
  const breadcrumbs = [
    ...namespaceBreadcrumbs(group.fullPath, group.fullName),
    { label: 'Epics', to: routes.groupEpics(group.fullPath) },
    { label: `&${iid}`, to: routes.groupEpic(group.fullPath, iid) },
  ];

  if (!data) return error ? null : <SkeletonList rows={4} label="Loading epic" />;
  const epic = data.group?.epic;
  if (!epic) return <NotFoundPage />;

  return (
    <>
      <PageHeader breadcrumbs={breadcrumbs} title={epic.title ?? `Epic &${iid}`} subtitle={`&${epic.iid}`} />
      <div className={styles.layout}>
        <div className={styles.main}>
          <Alert className={styles.comingSoon}>
            The rest of the epic page is coming: its description and status, the tree of child issues and epics, and a
            sidebar with dates, labels, health status and participants aren't available in this version of Milepost yet.
          </Alert>
          <ChildItemsPanel groupFullPath={group.fullPath} iid={epic.iid} />
        </div>
        <EpicSidebar groupFullPath={group.fullPath} iid={epic.iid} />
      </div>
    </>
  );
}
