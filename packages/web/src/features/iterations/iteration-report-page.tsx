import { useQuery } from '@apollo/client/react';
import { type BurnupMeasure, formatIterationPeriod, iterationDisplayTitle } from '@milepost/shared';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { NotFoundPage } from '../../app/not-found-page.tsx';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { AssigneeAvatarList } from '../../components/planning/assignee-avatar-list.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { IterationIssuesQueryDocument, IterationReportQueryDocument } from '../../gql/graphql.ts';
import { namespaceBreadcrumbs } from '../../lib/namespace-breadcrumbs.ts';
import { routes } from '../../lib/routes.ts';
import type { ResolvedGroup } from '../namespaces/use-namespace-context.ts';
import { BurnupChart } from './burnup-chart.tsx';
import { IterationStateBadge } from './iteration-state-badge.tsx';
import styles from './iterations.module.css';

const ISSUES_SHOWN = 100;

/** `/groups/<path>/-/iterations/<id>`: the iteration report — dates, progress, burnup, its issues by state. */
export function IterationReportPage({ group, id }: { group: ResolvedGroup; id: string }) {
  const { data, error } = useQuery(IterationReportQueryDocument, { variables: { id: `gid://gitlab/Iteration/${id}` } });
  useErrorAlert(error, 'Something went wrong while loading the iteration.');
  const [measure, setMeasure] = useState<BurnupMeasure>('count');
  if (!data) return error ? null : <SkeletonList rows={5} label="Loading iteration" />;
  const it = data.iteration;
  if (!it) return <NotFoundPage />;
  if (it.group.fullPath !== group.fullPath) return <Navigate to={it.webPath} replace />;
  const startDate = String(it.startDate);
  const dueDate = String(it.dueDate);
  const title = iterationDisplayTitle({ title: it.title, startDate, dueDate });
  const stats = it.report?.stats;
  const days = it.report?.burnupTimeSeries ?? [];
  const lastDay = days.at(-1);
  const lateJoiners = lastDay && stats ? Math.max(0, stats.total.count - lastDay.scopeCount) : 0;
  const percent = (done: number, total: number) => (total === 0 ? 0 : Math.round((done / total) * 100));

  return (
    <>
      <PageHeader
        breadcrumbs={[
          ...namespaceBreadcrumbs(group.fullPath, group.fullName),
          { label: 'Iteration cadences', to: routes.groupCadences(group.fullPath) },
          { label: title, to: routes.groupIteration(group.fullPath, id) },
        ]}
        title={title}
        subtitle={
          <span className={styles.reportMeta}>
            <IterationStateBadge state={it.state} />
            <span>{it.iterationCadence.title}</span>
            {it.title && <span>{formatIterationPeriod(startDate, dueDate)}</span>}
          </span>
        }
      />
      {it.description && <p className={styles.description}>{it.description}</p>}
      {stats && (
        <dl className={styles.stats}>
          <div>
            <dt>Complete</dt>
            <dd>
              {percent(stats.complete.count, stats.total.count)}%{' '}
              <span className={styles.meta}>
                ({stats.complete.count} of {stats.total.count} issues, weight {stats.complete.weight} of{' '}
                {stats.total.weight})
              </span>
            </dd>
          </div>
          <div>
            <dt>Open</dt>
            <dd>{stats.incomplete.count}</dd>
          </div>
          <div>
            <dt>Closed</dt>
            <dd>{stats.complete.count}</dd>
          </div>
        </dl>
      )}
      <section className={styles.panel} aria-labelledby="burnup-heading">
        <div className={styles.panelHeader}>
          <h2 id="burnup-heading" className={styles.panelTitle}>
            Burnup chart
          </h2>
          {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a fieldset of inputs */}
          <div className={styles.toggle} role="group" aria-label="Measure">
            {(['count', 'weight'] as const).map((m) => (
              <button
                key={m}
                type="button"
                className={styles.toggleButton}
                aria-pressed={measure === m}
                onClick={() => setMeasure(m)}
              >
                {m === 'count' ? 'Issues' : 'Issue weight'}
              </button>
            ))}
          </div>
        </div>
        <BurnupChart days={days} measure={measure} startDate={startDate} dueDate={dueDate} />
        {lateJoiners > 0 && (
          <p className={styles.help}>
            The chart counts each issue from the day it joined the iteration:{' '}
            {lateJoiners === 1 ? '1 issue' : `${lateJoiners} issues`} joined after the last day shown.
          </p>
        )}
      </section>
      <IterationIssues fullPath={group.fullPath} iterationId={it.id} state="opened" />
      <IterationIssues fullPath={group.fullPath} iterationId={it.id} state="closed" />
    </>
  );
}

function IterationIssues({
  fullPath,
  iterationId,
  state,
}: {
  fullPath: string;
  iterationId: string;
  state: 'opened' | 'closed';
}) {
  const { data, error } = useQuery(IterationIssuesQueryDocument, {
    variables: {
      fullPath,
      iterationId,
      state,
      first: ISSUES_SHOWN,
    },
  });
  const heading = state === 'opened' ? 'Open issues' : 'Closed issues';
  const connection = data?.group?.issues;
  const headingId = `iteration-issues-${state}`;
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.panelTitle}>
        {heading} <span className={styles.count}>{connection?.count ?? ''}</span>
      </h2>
      {error && <p className={styles.muted}>Something went wrong while loading the issues of this iteration.</p>}
      {!connection && !error && <SkeletonList rows={2} label={`Loading ${heading.toLowerCase()}`} />}
      {connection && connection.nodes.length === 0 && (
        <p className={styles.muted}>{state === 'opened' ? 'No open issues.' : 'No closed issues.'}</p>
      )}
      {connection && connection.nodes.length > 0 && (
        <ul className={styles.issueList} aria-label={heading}>
          {connection.nodes.map((issue) => (
            <li key={issue.id} className={styles.issueRow}>
              <Icon name="issues" className={state === 'opened' ? styles.openIcon : styles.closedIcon} />
              <Link to={issue.webPath} className={styles.issueTitle}>
                {issue.title}
              </Link>
              <span className={styles.meta}>{issue.reference}</span>
              {issue.weight !== null && issue.weight !== undefined && (
                <span className={styles.meta}>Weight {issue.weight}</span>
              )}
              <AssigneeAvatarList assignees={issue.assignees?.nodes ?? []} />
            </li>
          ))}
        </ul>
      )}
      {connection && connection.count > connection.nodes.length && (
        <p className={styles.muted}>
          Showing the first {connection.nodes.length} of {connection.count} issues.
        </p>
      )}
    </section>
  );
}
