import {
  assigneeAvatarAlt,
  assigneeOverflow,
  avatarUrlWithWidth,
  DEFAULT_ASSIGNEE_AVATAR_SIZE,
  DEFAULT_MAX_VISIBLE_ASSIGNEES,
} from '@milepost/shared';
import type { CSSProperties } from 'react';
import { Focusable, Link } from 'react-aria-components';
import { Avatar } from '../ui/avatar.tsx';
import styles from './assignee-avatar-list.module.css';
import { PlanningTooltip } from './planning-tooltip.tsx';

export type PlanningAssignee = {
  id: string;
  name: string;
  username: string;
  webPath: string;
  avatarUrl?: string | null;
};

export type AssigneeAvatarListProps = {
  assignees: readonly PlanningAssignee[];
  /** Avatars shown before the rest collapse into '+N' (default 3). */
  maxVisible?: number;
  /** Display size in pixels (default 24); images are requested at twice that width. */
  size?: number;
  className?: string;
};

/** The design-system avatar size closest to a pixel size (for the initials fallback). */
function avatarSizeToken(size: number): 's' | 'm' | 'l' | 'xl' {
  if (size <= 24) return 's';
  if (size <= 32) return 'm';
  if (size <= 48) return 'l';
  return 'xl';
}

/** Assignees as linked avatars, the ones past `maxVisible` collapsed into a '+N' counter. */
export function AssigneeAvatarList({
  assignees,
  maxVisible = DEFAULT_MAX_VISIBLE_ASSIGNEES,
  size = DEFAULT_ASSIGNEE_AVATAR_SIZE,
  className,
}: AssigneeAvatarListProps) {
  if (assignees.length === 0) return null;
  const overflow = assigneeOverflow(assignees.length, maxVisible);
  const sizeStyle = { '--assignee-avatar-size': `${size}px` } as CSSProperties;

  return (
    <ul className={[styles.list, className].filter(Boolean).join(' ')} aria-label="Assignees" style={sizeStyle}>
      {assignees.slice(0, overflow.visible).map((assignee) => {
        const alt = assigneeAvatarAlt(assignee.name);
        return (
          <li key={assignee.id} className={styles.item}>
            <PlanningTooltip content={assignee.name}>
              <Link href={assignee.webPath} className={styles.link} aria-label={alt} data-username={assignee.username}>
                {assignee.avatarUrl ? (
                  <img
                    className={styles.image}
                    src={avatarUrlWithWidth(assignee.avatarUrl, size * 2)}
                    alt={alt}
                    width={size}
                    height={size}
                    loading="lazy"
                  />
                ) : (
                  <Avatar name={assignee.name} seed={assignee.id} size={avatarSizeToken(size)} />
                )}
              </Link>
            </PlanningTooltip>
          </li>
        );
      })}
      {overflow.counterLabel && overflow.counterTooltip && (
        <li className={styles.item}>
          <PlanningTooltip content={overflow.counterTooltip}>
            <Focusable>
              <span className={styles.counter} role="img" aria-label={overflow.counterTooltip}>
                {overflow.counterLabel}
              </span>
            </Focusable>
          </PlanningTooltip>
        </li>
      )}
    </ul>
  );
}
