import { useQuery } from '@apollo/client/react';
import { burndownSeries, burndownTotals } from '@milepost/shared';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { NotFoundPage } from '../../app/not-found-page.tsx';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { MilestonePageQueryDocument } from '../../gql/graphql.ts';
import { preferredToday } from '../../lib/format-date.ts';
import { useRestResource } from '../../lib/rest.ts';
import { routes } from '../../lib/routes.ts';
import { ServerHtml } from '../issuables/server-html.tsx';
import { type PlanningScope, scopeBreadcrumbs, usePlanningPermissions } from '../labels/planning-scope.ts';
import type { BurndownMeasure } from './burndown-chart.tsx';
import { MilestoneActions } from './milestone-actions.tsx';
import { milestoneDatesText, milestoneStatus } from './milestone-dates.ts';
import { MilestoneEpics } from './milestone-epics.tsx';
import { MilestoneIssues } from './milestone-issues.tsx';
import styles from './milestones.module.css';
import {
  type BurndownEvent,
  burndownEventsUrl,
  milestoneByIidUrl,
  milestoneIssuesUrl,
  milestonePath,
  type RestIssue,
  type RestMilestone,
} from './milestones-requests.ts';

export const MILESTONE_LOAD_ERROR = 'Something went wrong while loading the milestone.';

const BurndownChart = lazy(async () => ({ default: (await import('./burndown-chart.tsx')).BurndownChart }));

/** The group a project (`group/sub/project`) belongs to. */
const parentPath = (projectPath: string) => projectPath.slice(0, Math.max(projectPath.lastIndexOf('/'), 0));

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.floor((part / whole) * 100));

/**
 * `/groups/<g>/-/milestones/<iid>` and `/<project>/-/milestones/<iid>`: the description (markdown),
 * progress, burndown, the issues by state and the epics holding them.
 */
export function MilestonePage({ scope, iid }: { scope: PlanningScope; iid: string }) {
  const found = useRestResource<RestMilestone[]>(milestoneByIidUrl(scope, iid));
  const milestone = found.data?.[0];
  const events = useRestResource<BurndownEvent[]>(milestone ? burndownEventsUrl(scope, milestone.id) : null);
  const issues = useRestResource<RestIssue[]>(milestone ? milestoneIssuesUrl(scope, milestone.id) : null);
  const details = useQuery(MilestonePageQueryDocument, {
    variables: milestone
      ? {
          id: `gid://gitlab/Milestone/${milestone.id}`,
          groupPath: scope.kind === 'group' ? scope.fullPath : parentPath(scope.fullPath),
          title: milestone.title,
        }
      : { id: '', groupPath: '', title: '' },
    skip: !milestone,
  });
  useErrorAlert(found.error ?? events.error ?? issues.error ?? details.error, MILESTONE_LOAD_ERROR);
  const can = usePlanningPermissions(scope);
  const navigate = useNavigate();
  const [measure, setMeasure] = useState<BurndownMeasure>('count');
  const [actionError, setActionError] = useState<string | null>(null);
  const today = preferredToday();
  const days = useMemo(
    () =>
      milestone && events.data ? burndownSeries(events.data, milestone.start_date, milestone.due_date, today) : [],
    [milestone, events.data, today],
  );

  if (found.data && !milestone) return <NotFoundPage />;
  const listUrl =
    scope.kind === 'group' ? routes.groupMilestones(scope.fullPath) : routes.projectMilestones(scope.fullPath);
  const crumbs = scopeBreadcrumbs(scope, { label: 'Milestones', to: listUrl });
  if (!milestone) {
    return found.error ? null : <SkeletonList rows={4} label="Loading milestone" />;
  }
  const totals = events.data ? burndownTotals(events.data) : null;
  const status = milestoneStatus(milestone, today);

  return (
    <>
      <PageHeader
        breadcrumbs={[...crumbs, { label: milestone.title, to: milestonePath(milestone) }]}
        title={milestone.title}
        titleHtml={details.data?.milestone?.titleHtml}
        subtitle={
          <span className={styles.subtitle}>
            <span className={styles.badge} data-status={status.toLowerCase()}>
              {status}
            </span>
            {milestoneDatesText(milestone)}
          </span>
        }
        actions={
          <MilestoneActions
            scope={scope}
            milestone={milestone}
            canAdmin={can.adminMilestone && (scope.kind === 'group' || milestone.project_id !== undefined)}
            promoteTo={can.parent?.adminMilestone ? can.parent : null}
            onChanged={(changed) => {
              if (!changed) navigate(listUrl);
              else if (changed.id !== milestone.id) navigate(milestonePath(changed));
              else found.reload();
            }}
            onError={setActionError}
          />
        }
      />
      {actionError && (
        <Alert variant="danger" onDismiss={() => setActionError(null)} className={styles.alert}>
          {actionError}
        </Alert>
      )}
      {milestone.description &&
        (details.data?.milestone?.descriptionHtml ? (
          <ServerHtml html={details.data.milestone.descriptionHtml} className={styles.description} />
        ) : (
          <p className={styles.descriptionText}>{milestone.description}</p>
        ))}
      <section className={styles.progress} aria-label="Progress">
        {totals ? (
          <>
            <div>
              <div className={styles.progressHead}>
                <strong>{percent(totals.closedCount, totals.count)}% complete</strong>
                <span>
                  {totals.closedCount} of {totals.count} {totals.count === 1 ? 'issue' : 'issues'} closed
                </span>
              </div>
              <progress
                className={styles.bar}
                value={totals.closedCount}
                max={Math.max(totals.count, 1)}
                aria-label="Issues closed"
              />
            </div>
            <div className={styles.stat}>
              <span className={styles.statLabel}>Weight</span>
              <span>
                {totals.closedWeight} of {totals.weight} closed
              </span>
            </div>
          </>
        ) : (
          <SkeletonList rows={1} label="Loading progress" />
        )}
      </section>
      <section className={styles.burndown} aria-labelledby="burndown-title">
        <div className={styles.burndownHead}>
          <h2 id="burndown-title" className={styles.sectionTitle}>
            Burndown chart
          </h2>
          <fieldset className={styles.toggle}>
            <legend className="visually-hidden">Measure</legend>
            <Button compact aria-pressed={measure === 'count'} onPress={() => setMeasure('count')}>
              Issues
            </Button>
            <Button compact aria-pressed={measure === 'weight'} onPress={() => setMeasure('weight')}>
              Issue weight
            </Button>
          </fieldset>
        </div>
        {events.data ? (
          <Suspense fallback={<SkeletonList rows={4} label="Loading burndown chart" />}>
            <BurndownChart days={days} measure={measure} />
          </Suspense>
        ) : (
          <SkeletonList rows={4} label="Loading burndown chart" />
        )}
      </section>
      {issues.data ? <MilestoneIssues issues={issues.data} /> : <SkeletonList rows={3} label="Loading issues" />}
      {details.data
        ? details.data.group?.epics && (
            <MilestoneEpics epics={details.data.group.epics.nodes} total={details.data.group.epics.count} />
          )
        : !details.error && <SkeletonList rows={2} label="Loading epics" />}
    </>
  );
}
