import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { ListPager } from '../../components/issuable-list/list-pager.tsx';
import { StateTabs } from '../../components/issuable-list/state-tabs.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { preferredToday } from '../../lib/format-date.ts';
import { useRestResource } from '../../lib/rest.ts';
import { routes } from '../../lib/routes.ts';
import { type PlanningScope, scopeBreadcrumbs, usePlanningPermissions } from '../labels/planning-scope.ts';
import { MilestoneActions } from './milestone-actions.tsx';
import { milestoneDatesText, milestoneStatus } from './milestone-dates.ts';
import { MilestoneFormDialog } from './milestone-form-dialog.tsx';
import styles from './milestones.module.css';
import {
  MILESTONES_PER_PAGE,
  type MilestoneListState,
  milestonePath,
  milestonesListUrl,
  type RestMilestone,
} from './milestones-requests.ts';
import { useMilestoneCounts } from './use-milestone-counts.ts';

export const MILESTONES_LOAD_ERROR = 'Something went wrong while loading milestones.';

const TABS: { state: MilestoneListState; label: string; url: string }[] = [
  { state: 'active', label: 'Open', url: 'opened' },
  { state: 'closed', label: 'Closed', url: 'closed' },
  { state: 'all', label: 'All', url: 'all' },
];

/** `/groups/<g>/-/milestones` and `/<project>/-/milestones`: tabs Open / Closed / All, search, create. */
export function MilestonesPage({ scope }: { scope: PlanningScope }) {
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t.url === params.get('state')) ?? (TABS[0] as (typeof TABS)[number]);
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useRestResource<RestMilestone[]>(milestonesListUrl(scope, tab.state, search, page));
  useErrorAlert(list.error, MILESTONES_LOAD_ERROR);
  const [changes, setChanges] = useState(0);
  const counts = useMilestoneCounts(scope, search, changes);
  const reload = () => {
    list.reload();
    setChanges((n) => n + 1);
  };
  const can = usePlanningPermissions(scope);
  const [creating, setCreating] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const pageUrl =
    scope.kind === 'group' ? routes.groupMilestones(scope.fullPath) : routes.projectMilestones(scope.fullPath);
  const hrefFor = (state: MilestoneListState) => {
    const next = new URLSearchParams(params);
    next.set('state', TABS.find((t) => t.state === state)?.url ?? 'opened');
    next.delete('page');
    return `${pageUrl}?${next}`;
  };
  const pageHref = (n: number) => {
    const next = new URLSearchParams(params);
    if (n > 1) next.set('page', String(n));
    else next.delete('page');
    return `${pageUrl}?${next}`;
  };
  const newButton = can.adminMilestone && (
    <Button variant="primary" onPress={() => setCreating(true)}>
      New milestone
    </Button>
  );
  const milestones = list.data ?? [];
  const today = preferredToday();
  // Past 100 milestones, pages: the tab's count says how many there are (else a full page hints at more).
  const total = counts[tab.state];
  const hasNextPage = total === null ? milestones.length === MILESTONES_PER_PAGE : page * MILESTONES_PER_PAGE < total;

  return (
    <>
      <PageHeader
        breadcrumbs={scopeBreadcrumbs(scope, { label: 'Milestones', to: pageUrl })}
        title="Milestones"
        actions={newButton}
      />
      <div className={styles.toolbar}>
        <StateTabs
          tabs={TABS.map((t) => ({ state: t.state, label: t.label, count: counts[t.state] }))}
          current={tab.state}
          hrefFor={hrefFor}
          label="Milestone state"
        />
        <SearchInput
          label="Search by title or description"
          placeholder="Search by title or description"
          value={search}
          onSearch={(value) => {
            const next = new URLSearchParams(params);
            if (value) next.set('search', value);
            else next.delete('search');
            next.delete('page');
            setParams(next, { replace: true });
          }}
          className={styles.search}
        />
      </div>
      {actionError && (
        <Alert variant="danger" onDismiss={() => setActionError(null)} className={styles.alert}>
          {actionError}
        </Alert>
      )}
      {!list.data && !list.error && <SkeletonList rows={4} label="Loading milestones" />}
      {list.data && milestones.length === 0 && (
        <EmptyState
          icon="milestone"
          title={
            search ? 'No milestones match this search' : 'Use milestones to track issues over a fixed period of time'
          }
          description={
            search
              ? 'Try a different search, or another tab.'
              : 'Milestones group issues toward a date; their pages show progress and a burndown chart.'
          }
          actions={!search && newButton}
        />
      )}
      {milestones.length > 0 && (
        <ul className={styles.list}>
          {milestones.map((m) => {
            const status = milestoneStatus(m, today);
            return (
              <li key={m.id} className={styles.row}>
                <div className={styles.rowMain}>
                  <Link to={milestonePath(m)} className={styles.title}>
                    {m.title}
                  </Link>
                  <span className={styles.meta}>
                    {milestoneDatesText(m)}
                    {m.group_id !== undefined && scope.kind === 'project' ? ' · Group milestone' : ''}
                  </span>
                </div>
                <span className={styles.badge} data-status={status.toLowerCase()}>
                  {status}
                </span>
                <MilestoneActions
                  scope={scope}
                  milestone={m}
                  canAdmin={can.adminMilestone && (scope.kind === 'group' || m.project_id !== undefined)}
                  promoteTo={can.parent?.adminMilestone ? can.parent : null}
                  onChanged={reload}
                  onError={setActionError}
                />
              </li>
            );
          })}
        </ul>
      )}
      {list.data && (
        <ListPager
          previousHref={page > 1 ? pageHref(page - 1) : null}
          nextHref={hasNextPage ? pageHref(page + 1) : null}
          status={
            total === null ? `Page ${page}` : `Page ${page} of ${Math.max(1, Math.ceil(total / MILESTONES_PER_PAGE))}`
          }
        />
      )}
      {creating && (
        <MilestoneFormDialog
          scope={scope}
          onClose={() => setCreating(false)}
          onSaved={() => {
            setCreating(false);
            reload();
          }}
        />
      )}
    </>
  );
}
