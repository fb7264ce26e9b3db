import type { ReactNode } from 'react';
import { Focusable } from 'react-aria-components';
import { Icon, type IconName } from '../ui/icon.tsx';
import styles from './issuable-badge.module.css';
import { PlanningTooltip } from './planning-tooltip.tsx';

type IssuableBadgeProps = {
  icon: IconName;
  /** warning: confidential, hidden; danger: blocked; neutral: locked, first contribution. */
  variant: 'warning' | 'danger' | 'neutral';
  /** What the badge means, on hover and keyboard focus (the badge becomes focusable). */
  tooltip?: string;
  children: ReactNode;
};

/** An epic's or issue's attribute badge beside its state: 'Confidential', 'Blocked', 'Locked', … */
export function IssuableBadge({ icon, variant, tooltip, children }: IssuableBadgeProps) {
  const className = [styles.badge, styles[variant]].join(' ');
  if (!tooltip) {
    return (
      <span className={className} data-variant={variant}>
        <Icon name={icon} />
        {children}
      </span>
    );
  }
  return (
    <PlanningTooltip content={tooltip}>
      <Focusable>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so keyboard users get the tooltip */}
        <span className={[className, styles.focusable].join(' ')} data-variant={variant} tabIndex={0}>
          <Icon name={icon} />
          {children}
        </span>
      </Focusable>
    </PlanningTooltip>
  );
}

/** 'Imported' (GitLab's imported badge): the epic or issue came from another instance. */
export function ImportedBadge({ importableType }: { importableType: string }) {
  return (
    <IssuableBadge
      icon="import"
      variant="neutral"
      tooltip={`This ${importableType} was imported from another instance.`}
    >
      Imported
    </IssuableBadge>
  );
}
