import type { ReactNode } from 'react';
import styles from './alert.module.css';
import { Button } from './button.tsx';
import { Icon, type IconName } from './icon.tsx';

export type AlertVariant = 'info' | 'success' | 'warning' | 'danger';

const ICONS: Record<AlertVariant, IconName> = { info: 'info', success: 'success', warning: 'warning', danger: 'error' };

type AlertProps = {
  variant?: AlertVariant;
  title?: string;
  children: ReactNode;
  onDismiss?: () => void;
  className?: string;
};

/** A bar with an icon, text and an optional dismiss button. Errors are announced assertively. */
export function Alert({ variant = 'info', title, children, onDismiss, className }: AlertProps) {
  return (
    <div
      className={[styles.alert, variant !== 'info' && styles[variant], className].filter(Boolean).join(' ')}
      role={variant === 'danger' ? 'alert' : 'status'}
    >
      <Icon name={ICONS[variant]} className={styles.icon} />
      <div className={styles.body}>
        {title && <p className={styles.title}>{title}</p>}
        <div>{children}</div>
      </div>
      {onDismiss && (
        <Button variant="tertiary" compact iconOnly aria-label="Dismiss" onPress={onDismiss} className={styles.dismiss}>
          <Icon name="close" />
        </Button>
      )}
    </div>
  );
}
