import type { FormEvent, ReactNode } from 'react';
import { Form } from 'react-aria-components';
import { Alert } from './alert.tsx';
import styles from './form.module.css';

type FormStackProps = {
  label: string;
  onSubmit: () => void;
  errors?: readonly string[];
  children: ReactNode;
};

/** A form laid out as a column of fields; shows the server's errors above the fields. */
export function FormStack({ label, onSubmit, errors = [], children }: FormStackProps) {
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Form className={styles.form} onSubmit={handleSubmit} aria-label={label}>
      {errors.length === 1 && <Alert variant="danger">{errors[0]}</Alert>}
      {errors.length > 1 && (
        <Alert variant="danger" title="The form has errors:">
          <ul className={styles.errors}>
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </Alert>
      )}
      {children}
    </Form>
  );
}

export function FormRow({ children }: { children: ReactNode }) {
  return <div className={styles.row}>{children}</div>;
}

export function FormActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
