import { PageHeader } from '../../app/shell/page-header.tsx';
import { useCurrentUser } from '../../app/use-current-user.ts';
import { ButtonLink } from '../../components/ui/button.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { routes } from '../../lib/routes.ts';
import { useSearchParam } from '../../lib/use-search-param.ts';
import styles from './groups-dashboard.module.css';
import { NameFilter } from './namespace-list.tsx';
import { ExploreGroupsList, YourGroupsList } from './your-groups-list.tsx';

/** `/dashboard/groups`: 'Your groups' when signed in; public groups ('Explore groups') when not. */
export function GroupsDashboardPage() {
  const { currentUser, loading } = useCurrentUser();
  const [search, setSearch] = useSearchParam();
  const title = currentUser ? 'Your groups' : 'Explore groups';

  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: title, to: routes.dashboardGroups() }]}
        title={loading ? 'Groups' : title}
        actions={
          currentUser ? (
            <>
              <ButtonLink to={routes.exploreGroups()}>Explore groups</ButtonLink>
              <ButtonLink variant="primary" to={routes.newGroup()}>
                New group
              </ButtonLink>
            </>
          ) : undefined
        }
      />
      <div className={styles.toolbar}>
        <NameFilter noun="groups" value={search} onSearch={setSearch} className={styles.search} />
      </div>
      {loading ? (
        <SkeletonList rows={4} label="Loading groups" />
      ) : currentUser ? (
        <YourGroupsList search={search} />
      ) : (
        <ExploreGroupsList search={search} />
      )}
    </>
  );
}
