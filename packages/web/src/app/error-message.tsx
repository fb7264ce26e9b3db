import type { ReactNode } from 'react';
import styles from './error-message.module.css';

type ErrorMessageProps = {
  code?: string;
  title: string;
  text: string;
  details?: string | null;
  actions?: ReactNode;
};

/** A full-page message for errors and missing pages. */
export function ErrorMessage({ code, title, text, details, actions }: ErrorMessageProps) {
  return (
    <section className={styles.error} aria-labelledby="error-title">
      {code && (
        <p className={styles.code} aria-hidden="true">
          {code}
        </p>
      )}
      <h1 id="error-title">{title}</h1>
      <p className={styles.text}>{text}</p>
      {details && <p className={styles.details}>{details}</p>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}
