import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
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
import { appendPageAt, nodesOf, PAGE_SIZE } from '../../../lib/paging.ts';
import { routes } from '../../../lib/routes.ts';
import { numericId } from '../../iterations/iteration-state.ts';
import adminStyles from '../admin.module.css';
import { AbuseReportBody } from './abuse-report-body.tsx';
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
  const { user } = report;
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
          <Link to={routes.adminAbuseReport(numericId(report.id))} className={styles.open}>
            Open report
            <span className="visually-hidden"> on @{user.username}</span>
          </Link>
        </div>
        <AbuseReportBody report={report} />
      </div>
    </li>
  );
}
