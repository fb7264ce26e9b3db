import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAlerts } from '../../app/alerts/use-alerts.ts';
import { NotFoundPage } from '../../app/not-found-page.tsx';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { routes } from '../../lib/routes.ts';
import { AdminOnly } from './admin-only.tsx';
import styles from './admin-user.module.css';
import { type AdminUser, STATE_LABELS, useAdminUser } from './admin-user.ts';
import { UserAccountActions } from './components/user-account-actions.tsx';

/** `/admin/users/<username>`: who the user is, their state, and the administrator's actions on the account. */
export function AdminUserPage() {
  return (
    <AdminOnly>
      <AdminUserDetail />
    </AdminOnly>
  );
}

function AdminUserDetail() {
  const username = useParams().username ?? '';
  const { user, error, reload } = useAdminUser(username);
  const navigate = useNavigate();
  const { pushAlert } = useAlerts();
  const [deleted, setDeleted] = useState(false);

  if (user === null || deleted) return <NotFoundPage />;
  const crumbs = [
    { label: 'Admin area', to: routes.admin() },
    { label: 'Users', to: `${routes.admin()}?tab=users` },
    { label: user?.name ?? username, to: routes.adminUser(username) },
  ];
  if (!user) {
    return (
      <>
        <PageHeader breadcrumbs={crumbs} title={username} />
        {error ? (
          <Alert variant="danger">Something went wrong while fetching the user. {error.message}</Alert>
        ) : (
          <SkeletonList rows={4} label="Loading user" />
        )}
      </>
    );
  }

  const handleDeleted = () => {
    setDeleted(true);
    pushAlert({
      variant: 'success',
      keepOnNavigate: true,
      message: `User @${user.username} was deleted. Their contributions now belong to the Ghost User.`,
    });
    navigate(`${routes.admin()}?tab=users`, { replace: true });
  };

  return (
    <>
      <PageHeader
        breadcrumbs={crumbs}
        title={user.name}
        leading={<Avatar name={user.name} src={user.avatar_url} seed={`gid://gitlab/User/${user.id}`} size="l" />}
        subtitle={<UserBadges user={user} />}
        actions={
          <ButtonLink variant="primary" to={routes.adminUserEdit(user.username)}>
            Edit
          </ButtonLink>
        }
      />
      <div className={styles.layout}>
        <section className={styles.card} aria-labelledby="account-heading">
          <h2 id="account-heading" className={styles.cardTitle}>
            Account
          </h2>
          <dl className={styles.facts}>
            <dt>Username</dt>
            <dd>@{user.username}</dd>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${user.email}`}>{user.email}</a>
            </dd>
            <dt>Administrator</dt>
            <dd>{user.is_admin ? 'Yes' : 'No'}</dd>
            <dt>Projects limit</dt>
            <dd>{user.projects_limit}</dd>
            <dt>Member since</dt>
            <dd>
              <time dateTime={user.created_at}>{formatDate(user.created_at)}</time>
            </dd>
            <dt>Last sign-in</dt>
            <dd>
              {user.last_sign_in_at ? (
                <time dateTime={user.last_sign_in_at}>{formatDate(user.last_sign_in_at)}</time>
              ) : (
                'Never'
              )}
            </dd>
            <dt>Profile</dt>
            <dd>
              <Link to={routes.user(user.username)}>{routes.user(user.username)}</Link>
            </dd>
          </dl>
        </section>
        <UserAccountActions user={user} onChanged={reload} onDeleted={handleDeleted} />
      </div>
    </>
  );
}

function UserBadges({ user }: { user: AdminUser }) {
  return (
    <span className={styles.badges}>
      <span>@{user.username}</span>
      {user.state !== 'active' && <span className={styles.badge}>{STATE_LABELS[user.state]}</span>}
      {user.locked && <span className={styles.badge}>Locked</span>}
      {user.is_admin && <span className={styles.badge}>Admin</span>}
    </span>
  );
}
