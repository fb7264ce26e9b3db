import type { ReactNode } from 'react';
import { Icon, type IconName } from '../ui/icon.tsx';
import styles from './issuable-badge.module.css';

type IssuableBadgeProps = {
  icon: IconName;
  /** warning: confidential, hidden; danger: blocked; neutral: locked, imported. */
  variant: 'warning' | 'danger' | 'neutral';
  children: ReactNode;
};

/** An epic's or issue's attribute badge beside its state: 'Confidential', 'Blocked', 'Locked', … */
export function IssuableBadge({ icon, variant, children }: IssuableBadgeProps) {
  return (
    <span className={[styles.badge, styles[variant]].join(' ')} data-variant={variant}>
      <Icon name={icon} />
      {children}
    </span>
  );
}
