import { type ReactNode, useId } from 'react';
import styles from './settings-section.module.css';

type SettingsSectionProps = { title: string; help: ReactNode; children: ReactNode };

/** A settings page's section (GitLab's layout): the title and a line of help on the left, the fields on the right. */
export function SettingsSection({ title, help, children }: SettingsSectionProps) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div>
        <h2 id={id} className={styles.title}>
          {title}
        </h2>
        <p className={styles.help}>{help}</p>
      </div>
      <div className={styles.fields}>{children}</div>
    </section>
  );
}

/** A line of help under a field of a settings section. */
export function FieldHelp({ children }: { children: ReactNode }) {
  return <p className={styles.fieldHelp}>{children}</p>;
}
