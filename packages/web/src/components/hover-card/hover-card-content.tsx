import { useQuery } from '@apollo/client/react';
import {
  EpicHoverCardQueryDocument,
  IssueHoverCardQueryDocument,
  LabelHoverCardQueryDocument,
  MilestoneHoverCardQueryDocument,
  UserHoverCardQueryDocument,
} from '../../gql/graphql.ts';
import { formatCalendarDate, formatDate } from '../../lib/format-date.ts';
import { IssuableStatusBadge } from '../planning/issuable-status-badge.tsx';
import { Avatar } from '../ui/avatar.tsx';
import { Icon } from '../ui/icon.tsx';
import primitives from '../ui/primitives.module.css';
import styles from './hover-card.module.css';
import type { HoverCardTarget } from './hover-card-target.ts';

const NOT_FOUND = 'This item could not be loaded. It may have been deleted, or you may no longer have access to it.';

function Loading() {
  return (
    <p className={styles.muted} role="status">
      Loading…
    </p>
  );
}

function Missing() {
  return <p className={styles.muted}>{NOT_FOUND}</p>;
}

function Confidential() {
  return (
    <span className={styles.confidential}>
      <Icon name="eye-slash" className={primitives.confidentialMark} /> Confidential
    </span>
  );
}

function dateRange(start: string | null | undefined, due: string | null | undefined): string {
  const from = formatCalendarDate(start);
  const to = formatCalendarDate(due);
  if (from && to) return `${from} – ${to}`;
  if (from) return `Starts ${from}`;
  if (to) return `Due ${to}`;
  return 'No dates';
}

function UserCard({ username }: { username: string }) {
  const { data, loading } = useQuery(UserHoverCardQueryDocument, { variables: { username } });
  if (loading && !data) return <Loading />;
  const user = data?.user;
  if (!user) return <Missing />;
  return (
    <div className={styles.user}>
      <Avatar name={user.name} src={user.avatarUrl} size="l" seed={user.id} />
      <div className={styles.body}>
        <p className={styles.title}>{user.name}</p>
        <p className={styles.meta}>@{user.username}</p>
        {user.state !== 'active' && <p className={styles.meta}>{user.state === 'blocked' ? 'Blocked' : user.state}</p>}
        {user.bio && <p className={styles.text}>{user.bio}</p>}
      </div>
    </div>
  );
}

function IssueCard({ projectPath, iid }: { projectPath: string; iid: string }) {
  const { data, loading } = useQuery(IssueHoverCardQueryDocument, { variables: { fullPath: projectPath, iid } });
  if (loading && !data) return <Loading />;
  const issue = data?.project?.issue;
  if (!issue) return <Missing />;
  return (
    <div className={styles.body}>
      <p className={styles.line}>
        <IssuableStatusBadge state={issue.state} />
        {issue.confidential && <Confidential />}
        <span className={styles.meta}>
          <Icon name={issue.issueType === 'incident' ? 'incident' : 'issues'} /> {issue.reference}
        </span>
      </p>
      <p className={styles.title}>{issue.title}</p>
      <p className={styles.meta}>
        Opened {formatDate(issue.createdAt)}
        {issue.author ? ` by ${issue.author.name}` : ''}
      </p>
      {(issue.milestone || issue.dueDate) && (
        <p className={styles.line}>
          {issue.milestone && (
            <span className={styles.meta}>
              <Icon name="milestone" /> {issue.milestone.title}
            </span>
          )}
          {issue.dueDate && (
            <span className={styles.meta}>
              <Icon name="calendar" /> Due {formatCalendarDate(issue.dueDate)}
            </span>
          )}
        </p>
      )}
    </div>
  );
}

function EpicCard({ groupPath, iid }: { groupPath: string; iid: string }) {
  const { data, loading } = useQuery(EpicHoverCardQueryDocument, { variables: { fullPath: groupPath, iid } });
  if (loading && !data) return <Loading />;
  const epic = data?.group?.epic;
  if (!epic) return <Missing />;
  return (
    <div className={styles.body}>
      <p className={styles.line}>
        <IssuableStatusBadge state={epic.state} />
        {epic.confidential && <Confidential />}
        <span className={styles.meta}>
          <Icon name="epic" /> {epic.reference}
        </span>
      </p>
      <p className={styles.title}>{epic.title}</p>
      <p className={styles.meta}>
        <Icon name="calendar" /> {dateRange(epic.startDate, epic.dueDate)}
      </p>
      <p className={styles.meta}>
        Created {formatDate(epic.createdAt)}
        {epic.author ? ` by ${epic.author.name}` : ''}
      </p>
    </div>
  );
}

function MilestoneCard({ id }: { id: string }) {
  const { data, loading } = useQuery(MilestoneHoverCardQueryDocument, {
    variables: { id: id.startsWith('gid://') ? id : `gid://gitlab/Milestone/${id}` },
  });
  if (loading && !data) return <Loading />;
  const milestone = data?.milestone;
  if (!milestone) return <Missing />;
  const status =
    milestone.state === 'closed'
      ? 'Closed'
      : milestone.expired
        ? 'Expired'
        : milestone.upcoming
          ? 'Upcoming'
          : 'Active';
  return (
    <div className={styles.body}>
      <p className={styles.line}>
        <IssuableStatusBadge state={milestone.state === 'closed' ? 'closed' : 'opened'}>{status}</IssuableStatusBadge>
        <span className={styles.meta}>
          <Icon name="milestone" /> Milestone
        </span>
      </p>
      <p className={styles.title}>{milestone.title}</p>
      <p className={styles.meta}>
        <Icon name="calendar" /> {dateRange(milestone.startDate, milestone.dueDate)}
      </p>
    </div>
  );
}

function LabelCard({ target }: { target: Extract<HoverCardTarget, { kind: 'label' }> }) {
  const isGroup = !target.projectPath;
  const { data, loading } = useQuery(LabelHoverCardQueryDocument, {
    variables: { fullPath: target.projectPath ?? target.groupPath ?? '', title: target.title, isGroup },
  });
  if (loading && !data) return <Loading />;
  const label = isGroup ? data?.group?.label : data?.project?.label;
  if (!label) return <Missing />;
  return (
    <div className={styles.body}>
      <p className={styles.line}>
        <span className={styles.labelSwatch} ref={(node) => node?.style.setProperty('--label-color', label.color)} />
        <span className={styles.title}>{label.title}</span>
      </p>
      <p className={label.description ? styles.text : styles.muted}>{label.description || 'No description.'}</p>
    </div>
  );
}

/** The card's content for a target: fetched when the card opens (kept in the cache after). */
export function HoverCardContent({ target }: { target: HoverCardTarget }) {
  switch (target.kind) {
    case 'user':
      return <UserCard username={target.username} />;
    case 'issue':
      return <IssueCard projectPath={target.projectPath} iid={target.iid} />;
    case 'epic':
      return <EpicCard groupPath={target.groupPath} iid={target.iid} />;
    case 'milestone':
      return <MilestoneCard id={target.id} />;
    case 'label':
      return <LabelCard target={target} />;
  }
}

/** The card's accessible name (`text`: the link's, for milestones named by iid or title). */
export function hoverCardLabel(target: HoverCardTarget, text: string): string {
  switch (target.kind) {
    case 'user':
      return `User @${target.username}`;
    case 'issue':
      return `Issue ${target.projectPath}#${target.iid}`;
    case 'epic':
      return `Epic ${target.groupPath}&${target.iid}`;
    case 'milestone':
      return `Milestone ${text.trim()}`.trim();
    case 'label':
      return `Label ${target.title}`;
  }
}
