import { useState } from 'react';
import { useAlerts } from '../../app/alerts/use-alerts.ts';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { routes } from '../../lib/routes.ts';
import { AccountNav } from './account-nav.tsx';
import { errorTexts, sendJson } from './json-request.ts';
import styles from './profile.module.css';
import { useAccount } from './use-account.ts';

/** `/-/profile/active_sessions`: where you are signed in, with 'Revoke' for the others. */
export function ActiveSessionsPage() {
  const { account, loaded, refetch } = useAccount();
  const { pushAlert } = useAlerts();
  const [revoking, setRevoking] = useState<string | null>(null);

  const handleRevoke = async (id: string) => {
    setRevoking(id);
    try {
      await sendJson('DELETE', `/-/profile/active_sessions/${id}`);
      await refetch();
      pushAlert({ variant: 'success', message: 'The session was revoked.' });
    } catch (caught) {
      pushAlert({ variant: 'danger', message: errorTexts(caught).join(' ') });
    } finally {
      setRevoking(null);
    }
  };

  return (
    <>
      <PageHeader breadcrumbs={[{ label: 'User settings', to: routes.editProfile() }]} title="Active sessions" />
      <AccountNav />
      <p className={styles.meta}>Browsers signed in to your account. Revoke any you do not recognize.</p>
      {!account ? (
        loaded ? null : (
          <SkeletonList rows={2} label="Loading sessions" />
        )
      ) : (
        <ul className={styles.sessions} aria-label="Active sessions">
          {account.activeSessions.map((session) => (
            <li key={session.id} className={styles.session}>
              <div className={styles.sessionMain}>
                <div>{session.userAgent || 'Unknown browser'}</div>
                <div className={styles.meta}>
                  {session.ipAddress ?? 'Unknown address'} · Signed in on {formatDate(session.createdAt)} · Last used{' '}
                  {formatDate(session.lastActivityAt)}
                </div>
              </div>
              {session.current ? (
                <span className={styles.current}>This is your current session</span>
              ) : (
                <Button
                  variant="danger"
                  compact
                  isDisabled={revoking === session.id}
                  aria-label={`Revoke session of ${session.userAgent || 'an unknown browser'}`}
                  onPress={() => handleRevoke(session.id)}
                >
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
