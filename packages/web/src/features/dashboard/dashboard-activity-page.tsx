import { useQuery } from '@apollo/client/react';
import { timeAgo, truncate } from '@milepost/shared';
import { Link, useSearchParams } from 'react-router';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { StateTabs } from '../../components/issuable-list/state-tabs.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ItemList, ItemRow, LoadMore } from '../../components/ui/item-list.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import {
  DashboardActivityQueryDocument,
  type DashboardActivityQueryQuery,
  type EventFilter,
  type EventScope,
} from '../../gql/graphql.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { appendPageIn, loadMoreOf, nodesOf, PAGE_SIZE } from '../../lib/paging.ts';
import { routes } from '../../lib/routes.ts';
import styles from './dashboard-activity.module.css';

type ActivityEvent = NonNullable<DashboardActivityQueryQuery['currentUser']>['activity']['nodes'][number];

const SCOPES: { value: EventScope; url: string; label: string }[] = [
  { value: 'MEMBERSHIPS', url: 'projects', label: 'Your projects' },
  { value: 'OWN', url: 'your_activity', label: 'Your activity' },
];
const FILTERS: { value: EventFilter; url: string; label: string }[] = [
  { value: 'ALL', url: 'all', label: 'All' },
  { value: 'ISSUE', url: 'issue', label: 'Issue events' },
  { value: 'EPIC', url: 'epic', label: 'Epic events' },
  { value: 'COMMENTS', url: 'comments', label: 'Comments' },
  { value: 'MILESTONE', url: 'milestone', label: 'Milestone events' },
];

/** 'opened issue', 'closed epic', 'commented on issue', 'created milestone'. */
export function eventActionText(event: Pick<ActivityEvent, 'action' | 'targetType' | 'noteableType'>): string {
  const noun = (event.noteableType ?? event.targetType).toLowerCase();
  if (event.action === 'COMMENTED') return `commented on ${noun}`;
  if (event.action === 'CLOSED') return `closed ${noun}`;
  if (event.action === 'REOPENED') return `${event.targetType === 'Milestone' ? 'reactivated' : 'reopened'} ${noun}`;
  return `${event.targetType === 'Milestone' ? 'created' : 'opened'} ${noun}`;
}

function EventRow({ event }: { event: ActivityEvent }) {
  const { author } = event;
  return (
    <ItemRow
      leading={
        <Avatar name={author?.name ?? 'Ghost User'} src={author?.avatarUrl ?? undefined} seed={author?.id ?? 'ghost'} />
      }
      title={
        <span className={styles.line}>
          {author ? <Link to={author.webPath}>{author.name}</Link> : 'Ghost User'} {eventActionText(event)}{' '}
          <Link to={event.targetWebPath}>
            <span className={styles.reference}>{event.targetReference}</span>
            {event.targetType !== 'Milestone' && ` ${truncate(event.targetTitle, 80)}`}
          </Link>{' '}
          at <Link to={event.resourceParentWebPath}>{event.resourceParentFullPath}</Link>
        </span>
      }
      meta={event.noteBody ? <q className={styles.note}>{truncate(event.noteBody, 200)}</q> : undefined}
      aside={
        <time className={styles.time} dateTime={event.createdAt} title={formatDateTime(event.createdAt)}>
          {timeAgo(event.createdAt)}
        </time>
      }
    />
  );
}

/**
 * `/dashboard/activity`: what happened in your groups and projects ('Your projects') or what you
 * did ('Your activity') — issues and epics opened, closed and reopened, comments, milestones —
 * newest first, only what you may read; the kind of events as a second row of tabs, both in the URL.
 */
export function DashboardActivityPage() {
  const [params] = useSearchParams();
  const scope = SCOPES.find((s) => s.url === params.get('scope')) ?? (SCOPES[0] as (typeof SCOPES)[number]);
  const filter = FILTERS.find((f) => f.url === params.get('filter')) ?? (FILTERS[0] as (typeof FILTERS)[number]);
  const result = useQuery(DashboardActivityQueryDocument, {
    variables: { scope: scope.value, filter: filter.value, first: PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  const { data, error } = result;
  useErrorAlert(error, 'Something went wrong while fetching activity.');
  const connection = data?.currentUser?.activity;
  const events = nodesOf(connection);
  const href = (scopeUrl: string, filterUrl: string) => {
    const next = new URLSearchParams();
    if (scopeUrl !== 'projects') next.set('scope', scopeUrl);
    if (filterUrl !== 'all') next.set('filter', filterUrl);
    return next.size ? `${routes.dashboardActivity()}?${next}` : routes.dashboardActivity();
  };

  return (
    <>
      <PageHeader breadcrumbs={[{ label: 'Activity', to: routes.dashboardActivity() }]} title="Activity" />
      <StateTabs
        label="Whose activity"
        tabs={SCOPES.map((s) => ({ state: s.url, label: s.label, count: null }))}
        current={scope.url}
        hrefFor={(url) => href(url, filter.url)}
      />
      <StateTabs
        label="Event type"
        tabs={FILTERS.map((f) => ({ state: f.url, label: f.label, count: null }))}
        current={filter.url}
        hrefFor={(url) => href(scope.url, url)}
      />
      {!data && !error ? (
        <SkeletonList rows={5} label="Loading activity" />
      ) : events.length === 0 ? (
        <EmptyState
          icon="history"
          title="No activity yet"
          description={
            scope.url === 'your_activity'
              ? 'Issues and epics you open, close or comment on, and milestones you create, appear here.'
              : 'What happens in your groups and projects appears here.'
          }
        />
      ) : (
        <>
          <ItemList label="Events">
            {events.map((event) => (
              <EventRow key={event.id} event={event} />
            ))}
          </ItemList>
          <LoadMore
            {...loadMoreOf(result.networkStatus, connection, (after) =>
              result.fetchMore({ variables: { after }, updateQuery: appendPageIn('currentUser', 'activity') }),
            )}
          />
        </>
      )}
    </>
  );
}
