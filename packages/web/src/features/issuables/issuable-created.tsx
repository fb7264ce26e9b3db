import { timeAgo } from '@milepost/shared';
import { Focusable, Link } from 'react-aria-components';
import { hoverCardAttributes } from '../../components/hover-card/hover-card-target.ts';
import { PlanningTooltip } from '../../components/planning/planning-tooltip.tsx';
import { absoluteTime, displayUsername } from './format-created.ts';
import styles from './issuable-created.module.css';

type IssuableCreatedProps = {
  /** 'Opened' (epics) or 'Created' (issues: 'Created %{timeAgo} by %{author}'). */
  verb: string;
  createdAt: string | null;
  author: { name: string; username: string; webPath: string } | null | undefined;
  /** Service-desk issues: 'by %{email} via %{author}'. */
  serviceDeskEmail?: string | null;
};

/**
 * '%{verb} %{timeAgo} by %{author}' of an epic's or issue's header: the time with its exact value in
 * a tooltip, the author's name (their username on narrow screens) linking to their profile.
 */
export function IssuableCreated({ verb, createdAt, author, serviceDeskEmail }: IssuableCreatedProps) {
  return (
    <span className={styles.created}>
      {verb} <CreatedTime createdAt={createdAt} />
      {serviceDeskEmail ? ` by ${serviceDeskEmail}` : null}
      {author && (
        <>
          {serviceDeskEmail ? ' via ' : ' by '}
          <Link
            href={author.webPath}
            className={styles.author}
            {...hoverCardAttributes({ kind: 'user', username: author.username })}
          >
            <span className={styles.authorName}>{author.name}</span>
            <span className={styles.authorUsername}>{displayUsername(author.username)}</span>
          </Link>
        </>
      )}
    </span>
  );
}

/** '3 days ago', with the exact date and time in a tooltip (on hover and keyboard focus). */
function CreatedTime({ createdAt }: { createdAt: string | null }) {
  const relative = timeAgo(createdAt);
  if (!createdAt || !relative) return null;
  return (
    <PlanningTooltip content={absoluteTime(createdAt)}>
      <Focusable>
        {/* role img: a focusable element whose tooltip (the exact time) is announced as its description */}
        <time dateTime={createdAt} className={styles.time} role="img" aria-label={relative}>
          {relative}
        </time>
      </Focusable>
    </PlanningTooltip>
  );
}
