import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { NotFoundPage } from '../../app/not-found-page.tsx';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { ItemList } from '../../components/ui/item-list.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { UserProfileQueryDocument } from '../../gql/graphql.ts';
import { formatDate } from '../../lib/format-date.ts';
import { GroupRow } from '../groups/components/group-row.tsx';
import styles from './user-profile.module.css';

/** `/<username>`: the person, the groups of theirs you may see, and what they recently did that you may see. */
export function UserProfilePage({ username }: { username: string }) {
  const { data, error, loading } = useQuery(UserProfileQueryDocument, { variables: { username } });
  useErrorAlert(error, 'Something went wrong while loading this profile.');

  if (loading && !data) return <SkeletonList rows={4} label="Loading profile" />;
  if (error && !data) return null;
  const user = data?.user;
  if (!user) return <NotFoundPage signInIfSignedOut />;

  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: user.name, to: user.webPath }]}
        title={user.name}
        leading={<Avatar name={user.name} src={user.avatarUrl} seed={user.id} size="xl" />}
        subtitle={
          <span className={styles.subtitle}>
            <span>@{user.username}</span>
            <span>Member since {formatDate(user.createdAt)}</span>
            {user.publicEmail && <a href={`mailto:${user.publicEmail}`}>{user.publicEmail}</a>}
            {user.state !== 'active' && (
              <span className={styles.badge}>{user.state === 'blocked' ? 'Blocked' : 'Deactivated'}</span>
            )}
          </span>
        }
      />
      {user.bio && <p className={styles.bio}>{user.bio}</p>}
      <div className={styles.columns}>
        <section aria-labelledby="profile-activity" className={styles.section}>
          <h2 id="profile-activity" className={styles.heading}>
            Activity
          </h2>
          {user.recentActivity.length === 0 ? (
            <p className={styles.none}>No recent activity you can see.</p>
          ) : (
            <ol className={styles.activity} aria-label="Recent activity">
              {user.recentActivity.map((item) => (
                <li key={item.id} className={styles.event}>
                  <Icon
                    name={item.action === 'opened' ? (item.targetType === 'Epic' ? 'epic' : 'issues') : 'comment'}
                  />
                  <span className={styles.eventText}>
                    {item.action === 'opened' ? 'Opened' : 'Commented on'}{' '}
                    {item.targetType === 'Epic' ? 'epic' : 'issue'}{' '}
                    <Link to={item.targetWebPath}>{item.targetReference}</Link>{' '}
                    <span className={styles.eventTitle}>{item.targetTitle}</span>
                  </span>
                  <time className={styles.when} dateTime={item.createdAt}>
                    {formatDate(item.createdAt)}
                  </time>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="profile-groups" className={styles.section}>
          <h2 id="profile-groups" className={styles.heading}>
            Groups
          </h2>
          {user.profileGroups.length === 0 ? (
            <p className={styles.none}>No groups you can see.</p>
          ) : (
            <ItemList label="Groups">
              {user.profileGroups.map((group) => (
                <GroupRow key={group.id} group={group} />
              ))}
            </ItemList>
          )}
        </section>
      </div>
    </>
  );
}
