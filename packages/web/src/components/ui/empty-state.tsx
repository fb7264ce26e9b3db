import type { ReactNode } from 'react';
import styles from './empty-state.module.css';
import { Icon, type IconName } from './icon.tsx';

type EmptyStateProps = {
  icon: IconName;
  title: string;
  description?: ReactNode;
  /** Primary and secondary buttons. */
  actions?: ReactNode;
  headingLevel?: 1 | 2 | 3;
};

/** An illustration-sized icon, a title, one line of explanation and up to two buttons. */
export function EmptyState({ icon, title, description, actions, headingLevel = 2 }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={styles.emptyState}>
      <Icon name={icon} size={48} className={styles.icon} />
      <Heading>{title}</Heading>
      {description && <p className={styles.description}>{description}</p>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}
