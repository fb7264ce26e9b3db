import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { ABUSE_CATEGORY_LABELS, isAbuseCategory } from '@milepost/shared/domain/abuse-report';
import { useState } from 'react';
import { Link } from 'react-router';
import { useErrorAlert } from '../../../app/alerts/use-alerts.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PagedItemList } from '../../../components/ui/item-list.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import {
  type AbuseReportStatus,
  AdminAbuseReportsQueryDocument,
  type AdminAbuseReportsQueryQuery,
} from '../../../gql/graphql.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { appendPageAt, nodesOf, PAGE_SIZE } from '../../../lib/paging.ts';
import adminStyles from '../admin.module.css';
import styles from './admin-abuse-reports-panel.module.css';

type Report = NonNullable<NonNullable<AdminAbuseReportsQueryQuery['abuseReports']>['nodes']>[number] & {};

const STATUS_OPTIONS = [
  { id: 'open', label: 'Open' },
  { id: 'closed', label: 'Closed' },
  { id: 'all', label: 'All' },
] as const;

const STATUS_FILTER: Record<string, AbuseReportStatus | null> = {
  open: 'OPEN',
  closed: 'CLOSED',
  all: null,
};

/** The category's wording from the drawer ('They're posting spam…'); the enum is upper case. */
function categoryLabel(category: string): string {
  const key = category.toLowerCase();
  return isAbuseCategory(key) ? ABUSE_CATEGORY_LABELS[key] : category;
}

/** Abuse reports, newest first: who was reported, by whom, why, from where. */
export function AdminAbuseReportsPanel() {
  const [status, setStatus] = useState('open');
  const { data, error, networkStatus, fetchMore } = useQuery(AdminAbuseReportsQueryDocument, {
    variables: { status: STATUS_FILTER[status] ?? null, first: PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  useErrorAlert(error, 'Something went wrong while fetching abuse reports.');
  const connection = data?.abuseReports;
  const reports = nodesOf(connection);

  const handleLoadMore = () =>
    fetchMore({
      variables: { after: connection?.pageInfo.endCursor },
      updateQuery: appendPageAt('abuseReports'),
    });

  return (
    <>
      <div className={adminStyles.toolbar}>
        <SelectField
          label="Status"
          hideLabel
          options={STATUS_OPTIONS}
          value={status}
          onChange={setStatus}
          className={styles.status}
        />
        {connection && (
          <span className={styles.count}>
            {connection.count} {connection.count === 1 ? 'report' : 'reports'}
          </span>
        )}
      </div>
      <PagedItemList
        label="Abuse reports"
        loadingLabel="Loading abuse reports"
        isLoading={!data && !error}
        emptyState={
          reports.length === 0 &&
          !error && (
            <EmptyState
              icon="warning"
              title="No abuse reports"
              description="Reports that users send about other users appear here."
            />
          )
        }
        hasMore={connection?.pageInfo.hasNextPage ?? false}
        isLoadingMore={networkStatus === NetworkStatus.fetchMore}
        onLoadMore={handleLoadMore}
      >
        {reports.map((report) => (
          <AbuseReportRow key={report.id} report={report} />
        ))}
      </PagedItemList>
    </>
  );
}

function AbuseReportRow({ report }: { report: Report }) {
  const { user, reporter } = report;
  return (
    <li className={styles.row}>
      <Avatar name={user.name} src={user.avatarUrl} seed={user.id} />
      <div className={styles.main}>
        <div className={styles.heading}>
          <Link to={user.webPath} className={styles.user}>
            {user.name}
          </Link>
          <span className={styles.meta}>@{user.username}</span>
          {report.status === 'CLOSED' && <span className={adminStyles.badge}>Closed</span>}
        </div>
        <p className={styles.category}>{categoryLabel(report.category)}</p>
        <p className={styles.message}>{report.message}</p>
        {report.linksToSpam.length > 0 && (
          <ul className={styles.links} aria-label="Links to spam">
            {report.linksToSpam.map((link) => (
              <li key={link}>
                <a href={link} rel="noopener noreferrer nofollow" target="_blank">
                  {link}
                </a>
              </li>
            ))}
          </ul>
        )}
        <p className={styles.meta}>
          Reported by{' '}
          <Link to={reporter.webPath} className={styles.reporter}>
            {reporter.name}
          </Link>
          {' on '}
          <time dateTime={report.createdAt}>{formatDate(report.createdAt)}</time>
          {report.reportedFromUrl && (
            <>
              {' · from '}
              <a href={report.reportedFromUrl} className={styles.from}>
                {report.reportedFromUrl}
              </a>
            </>
          )}
        </p>
      </div>
    </li>
  );
}
