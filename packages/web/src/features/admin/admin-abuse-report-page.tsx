import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAlerts } from '../../app/alerts/use-alerts.ts';
import { NotFoundPage } from '../../app/not-found-page.tsx';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { AdminAbuseReportQueryDocument, type AdminAbuseReportQueryQuery } from '../../gql/graphql.ts';
import { formatDate } from '../../lib/format-date.ts';
import { RestError } from '../../lib/rest.ts';
import { routes } from '../../lib/routes.ts';
import { ServerHtml } from '../issuables/server-html.tsx';
import { numericId } from '../iterations/iteration-state.ts';
import { setAbuseReportStatus } from './abuse-report-requests.ts';
import { AdminOnly } from './admin-only.tsx';
import styles from './admin-user.module.css';
import { STATE_LABELS } from './admin-user.ts';
import { AbuseReportBody, categoryLabel } from './components/abuse-report-body.tsx';
import { stateActions, UserActionButton, useUserActions } from './components/user-account-actions.tsx';

type Report = NonNullable<AdminAbuseReportQueryQuery['abuseReport']>;

/** `/admin/abuse_reports/<id>`: the report, the reported content, blocking the user and closing the report. */
export function AdminAbuseReportPage() {
  return (
    <AdminOnly>
      <AbuseReportDetail />
    </AdminOnly>
  );
}

function AbuseReportDetail() {
  const id = useParams().id ?? '';
  const { data, error, refetch } = useQuery(AdminAbuseReportQueryDocument, {
    variables: { id: `gid://gitlab/AbuseReport/${id}` },
    skip: !/^\d{1,15}$/.test(id),
  });
  const report = data?.abuseReport;
  if (!/^\d{1,15}$/.test(id) || (data && !report)) return <NotFoundPage />;
  const crumbs = [
    { label: 'Admin area', to: routes.admin() },
    { label: 'Abuse reports', to: `${routes.admin()}?tab=abuse_reports` },
    { label: `Report #${id}`, to: routes.adminAbuseReport(id) },
  ];
  if (!report) {
    return (
      <>
        <PageHeader breadcrumbs={crumbs} title={`Abuse report #${id}`} />
        {error ? (
          <Alert variant="danger">Something went wrong while fetching the abuse report.</Alert>
        ) : (
          <SkeletonList rows={4} label="Loading abuse report" />
        )}
      </>
    );
  }
  return (
    <>
      <PageHeader
        breadcrumbs={crumbs}
        title={`Abuse report #${id}`}
        subtitle={
          <span className={styles.badges}>
            <span className={styles.badge}>{report.status === 'OPEN' ? 'Open' : 'Closed'}</span>
            <span>{categoryLabel(report.category)}</span>
          </span>
        }
        actions={<ReportStatusButton id={Number(id)} status={report.status} onChanged={() => refetch()} />}
      />
      <div className={styles.layout}>
        <div className={styles.column}>
          <section className={styles.card} aria-labelledby="report-heading">
            <h2 id="report-heading" className={styles.cardTitle}>
              Report
            </h2>
            <AbuseReportBody report={report} />
          </section>
          <ReportedContent report={report} />
        </div>
        <ReportedUser user={report.user} onChanged={() => refetch()} />
      </div>
    </>
  );
}

function ReportStatusButton({ id, status, onChanged }: { id: number; status: string; onChanged: () => void }) {
  const { pushAlert } = useAlerts();
  const [busy, setBusy] = useState(false);
  const next = status === 'OPEN' ? 'closed' : 'open';
  const handlePress = async () => {
    setBusy(true);
    try {
      await setAbuseReportStatus(id, next);
      pushAlert({ variant: 'success', message: next === 'closed' ? 'Report closed.' : 'Report reopened.' });
      onChanged();
    } catch (caught) {
      const reason = caught instanceof RestError ? caught.message : 'Try again.';
      pushAlert({ variant: 'danger', message: `The report was not changed: ${reason}` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant={next === 'closed' ? 'primary' : 'default'} isDisabled={busy} onPress={handlePress}>
      {next === 'closed' ? 'Close report' : 'Reopen report'}
    </Button>
  );
}

function ReportedUser({ user, onChanged }: { user: Report['user']; onChanged: () => void }) {
  const state = user.state === 'blocked' || user.state === 'deactivated' ? user.state : 'active';
  const { start, running, dialog } = useUserActions(
    { id: Number(numericId(user.id)), username: user.username },
    { onChanged },
  );
  // From a report, the administrator blocks or unblocks; the rest is on the user's page.
  const actions = stateActions({ state, locked: false }).filter((a) => a === 'block' || a === 'unblock');
  return (
    <section className={styles.card} aria-labelledby="reported-user-heading">
      <h2 id="reported-user-heading" className={styles.cardTitle}>
        Reported user
      </h2>
      <div className={styles.person}>
        <Avatar name={user.name} src={user.avatarUrl} seed={user.id} size="l" />
        <div>
          <Link to={user.webPath}>{user.name}</Link>
          <div className={styles.help}>@{user.username}</div>
          {state !== 'active' && <span className={styles.badge}>{STATE_LABELS[state]}</span>}
        </div>
      </div>
      <div className={styles.actionList}>
        {actions.map((action) => (
          <UserActionButton key={action} action={action} running={running} onStart={start} />
        ))}
        <ButtonLink to={routes.adminUser(user.username)}>Open in Admin area</ButtonLink>
      </div>
      {dialog}
    </section>
  );
}

type Author = { name: string; webPath: string } | null | undefined;

function ContentByline({ what, author, createdAt }: { what: string; author: Author; createdAt?: string | null }) {
  return (
    <p className={styles.help}>
      {what} by {author ? <Link to={author.webPath}>{author.name}</Link> : 'a deleted user'}
      {createdAt && (
        <>
          {' on '}
          <time dateTime={createdAt}>{formatDate(createdAt)}</time>
        </>
      )}
    </p>
  );
}

/** The issue, epic or comment the report came from, as it is now. */
function ReportedContent({ report }: { report: Report }) {
  const content = report.reportedContent;
  const item = content?.issue ?? content?.epic ?? null;
  const kind = content?.issue ? 'Issue' : 'Epic';
  return (
    <section className={styles.card} aria-labelledby="content-heading">
      <h2 id="content-heading" className={styles.cardTitle}>
        Reported content
      </h2>
      {!item ? (
        <p className={styles.help}>
          {report.reportedFromUrl
            ? 'The report came from a page that is not an issue, epic or comment, or what it showed was deleted. Open the link above to see the page.'
            : 'The report does not name the page it came from.'}
        </p>
      ) : (
        <>
          <h3 className={styles.contentTitle}>
            <Link to={item.webPath}>{item.title}</Link>
          </h3>
          {content?.note ? (
            <>
              <ContentByline what="Comment" author={content.note.author} createdAt={content.note.createdAt} />
              <ServerHtml html={content.note.bodyHtml ?? ''} className={styles.quote} />
            </>
          ) : (
            <>
              <ContentByline what={kind} author={item.author} createdAt={item.createdAt} />
              {item.descriptionHtml ? (
                <ServerHtml html={item.descriptionHtml} className={styles.quote} />
              ) : (
                <p className={styles.help}>No description.</p>
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}
