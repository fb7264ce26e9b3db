import { issuableBadgeVariant, issuableStatusText } from '@milepost/shared';
import type { ReactNode } from 'react';
import { Icon } from '../ui/icon.tsx';
import styles from './issuable-status-badge.module.css';

export type IssuableStatusBadgeProps = {
  /** The issuable's state: 'opened', 'reopened', 'closed' (any case, GraphQL or REST). */
  state: string;
  /** Text instead of 'Open' / 'Closed'. */
  children?: ReactNode;
  className?: string;
};

/** The state badge of an epic or issue: open and reopened in success green, others in info blue. */
export function IssuableStatusBadge({ state, children, className }: IssuableStatusBadgeProps) {
  const variant = issuableBadgeVariant(state);
  return (
    <span className={[styles.badge, styles[variant], className].filter(Boolean).join(' ')} data-variant={variant}>
      <Icon name={variant === 'success' ? 'issues' : 'success'} />
      {children ?? issuableStatusText(state)}
    </span>
  );
}
