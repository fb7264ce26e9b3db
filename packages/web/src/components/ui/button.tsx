import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { Link, type LinkProps } from 'react-router';
import styles from './button.module.css';

export type ButtonVariant = 'default' | 'primary' | 'danger' | 'tertiary';

type StyleProps = { variant?: ButtonVariant; compact?: boolean; iconOnly?: boolean };

export function buttonClassName({ variant = 'default', compact, iconOnly }: StyleProps, extra?: string): string {
  return [
    styles.button,
    variant !== 'default' && styles[variant],
    compact && styles.compact,
    iconOnly && styles.iconOnly,
    extra,
  ]
    .filter(Boolean)
    .join(' ');
}

type ButtonProps = Omit<AriaButtonProps, 'className' | 'children'> &
  StyleProps & { className?: string; children?: ReactNode };

/** A button; keyboard and pointer handled by React Aria. Icon-only buttons need `aria-label`. */
export function Button({ variant, compact, iconOnly, className, children, ...rest }: ButtonProps) {
  return (
    <AriaButton {...rest} className={buttonClassName({ variant, compact, iconOnly }, className)}>
      {children}
    </AriaButton>
  );
}

type ButtonLinkProps = LinkProps & StyleProps;

/** A router link that looks like a button (for actions that navigate). */
export function ButtonLink({ variant, compact, iconOnly, className, ...rest }: ButtonLinkProps) {
  return (
    <Link {...rest} className={buttonClassName({ variant, compact, iconOnly }, className as string | undefined)} />
  );
}
