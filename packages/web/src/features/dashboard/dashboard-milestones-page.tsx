import { useQuery } from '@apollo/client/react';
import { Link, useSearchParams } from 'react-router';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { StateTabs } from '../../components/issuable-list/state-tabs.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadMore } from '../../components/ui/item-list.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { DashboardMilestonesQueryDocument, type MilestoneStateEnum } from '../../gql/graphql.ts';
import { preferredToday } from '../../lib/format-date.ts';
import { appendPageIn, loadMoreOf, nodesOf, PAGE_SIZE } from '../../lib/paging.ts';
import { routes } from '../../lib/routes.ts';
import { useSearchParam } from '../../lib/use-search-param.ts';
import { milestoneDatesText, milestoneStatus } from '../milestones/milestone-dates.ts';
import milestoneStyles from '../milestones/milestones.module.css';
import styles from './dashboard.module.css';

type Tab = 'opened' | 'closed' | 'all';
const TABS: { state: Tab; label: string }[] = [
  { state: 'opened', label: 'Open' },
  { state: 'closed', label: 'Closed' },
  { state: 'all', label: 'All' },
];
const STATE_OF: Record<Tab, MilestoneStateEnum | null> = {
  opened: 'active',
  closed: 'closed',
  all: null,
};

/** '3 of 5 issues closed (60%)', or 'No issues'. */
export function milestoneProgressText(stats: { totalIssuesCount: number; closedIssuesCount: number } | null) {
  if (!stats || stats.totalIssuesCount === 0) return 'No issues';
  const percent = Math.floor((stats.closedIssuesCount / stats.totalIssuesCount) * 100);
  return `${stats.closedIssuesCount} of ${stats.totalIssuesCount} issues closed (${percent}%)`;
}

/**
 * `/dashboard/milestones`: the milestones of your groups and projects (and their subgroups and
 * projects) — Open / Closed / All with counts, a title search in the URL, each with where it
 * lives, its dates, status and issue progress, by due date.
 */
export function DashboardMilestonesPage() {
  const [params] = useSearchParams();
  const [search, setSearch] = useSearchParam();
  const tab = TABS.find((t) => t.state === params.get('state'))?.state ?? 'opened';
  const result = useQuery(DashboardMilestonesQueryDocument, {
    variables: { state: STATE_OF[tab], searchTitle: search || null, first: PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  const { data, error } = result;
  useErrorAlert(error, 'Something went wrong while loading milestones.');
  const user = data?.currentUser;
  const connection = user?.milestones;
  const milestones = nodesOf(connection);
  const today = preferredToday();
  const linkWith = (change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    change(next);
    return next.size ? `${routes.dashboardMilestones()}?${next}` : routes.dashboardMilestones();
  };
  const hrefFor = (state: Tab) =>
    linkWith((next) => (state === 'opened' ? next.delete('state') : next.set('state', state)));

  return (
    <>
      <PageHeader breadcrumbs={[{ label: 'Milestones', to: routes.dashboardMilestones() }]} title="Milestones" />
      <div className={styles.toolbar}>
        <StateTabs
          label="Milestone state"
          tabs={TABS.map((t) => ({ state: t.state, label: t.label, count: user ? user[t.state].count : null }))}
          current={tab}
          hrefFor={hrefFor}
        />
        <SearchInput
          label="Search by title"
          placeholder="Search by title"
          value={search}
          onSearch={setSearch}
          className={styles.search}
        />
      </div>
      {!data && !error ? (
        <SkeletonList rows={4} label="Loading milestones" />
      ) : milestones.length === 0 ? (
        search ? (
          <EmptyState
            icon="search"
            title="No milestones match this search"
            description="Try a different search, or another tab."
            actions={<ButtonLink to={linkWith((next) => next.delete('search'))}>Clear search</ButtonLink>}
          />
        ) : (
          <EmptyState
            icon="milestone"
            title="No milestones to show"
            description="Milestones of your groups and projects appear here. Create them from a group's or project's Milestones page."
            actions={<ButtonLink to={routes.dashboardGroups()}>Your groups</ButtonLink>}
          />
        )
      ) : (
        <>
          <ul className={milestoneStyles.list} aria-label="Milestones">
            {milestones.map((m) => {
              const status = milestoneStatus(
                {
                  state: m.state === 'closed' ? 'closed' : 'active',
                  expired: m.expired,
                  start_date: m.startDate ?? null,
                },
                today,
              );
              const parent = m.project
                ? { name: m.project.nameWithNamespace, to: m.project.webPath }
                : m.group
                  ? { name: m.group.fullName, to: routes.group(m.group.fullPath) }
                  : null;
              return (
                <li key={m.id} className={milestoneStyles.row}>
                  <div className={milestoneStyles.rowMain}>
                    <Link to={m.webPath} className={milestoneStyles.title}>
                      {m.title}
                    </Link>
                    <span className={milestoneStyles.meta}>
                      {parent && (
                        <Link to={parent.to} className={styles.inlineLink}>
                          {parent.name}
                        </Link>
                      )}
                      {parent && ' · '}
                      {milestoneDatesText({ start_date: m.startDate ?? null, due_date: m.dueDate ?? null })}
                      {' · '}
                      {milestoneProgressText(m.stats ?? null)}
                    </span>
                  </div>
                  <span className={milestoneStyles.badge} data-status={status.toLowerCase()}>
                    {status}
                  </span>
                </li>
              );
            })}
          </ul>
          <LoadMore
            {...loadMoreOf(result.networkStatus, connection, (after) =>
              result.fetchMore({ variables: { after }, updateQuery: appendPageIn('currentUser', 'milestones') }),
            )}
          />
        </>
      )}
    </>
  );
}
