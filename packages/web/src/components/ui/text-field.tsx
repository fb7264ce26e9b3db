import type { ReactNode } from 'react';
import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  FieldError,
  Input,
  Label,
  Text,
  TextArea,
} from 'react-aria-components';
import styles from './field.module.css';

type TextFieldProps = Omit<AriaTextFieldProps, 'className' | 'children'> & {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: string;
  placeholder?: string;
  multiline?: boolean;
  /** Earliest value of a `type="date"` field. */
  min?: string;
  className?: string;
};

/** A labelled text input (or text area) with optional help text and error message. */
export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  multiline,
  min,
  className,
  ...rest
}: TextFieldProps) {
  return (
    <AriaTextField
      {...rest}
      isInvalid={rest.isInvalid ?? Boolean(errorMessage)}
      className={[styles.field, className].filter(Boolean).join(' ')}
    >
      <Label className={styles.label}>{label}</Label>
      {multiline ? (
        <TextArea className={styles.input} placeholder={placeholder} />
      ) : (
        <Input className={styles.input} placeholder={placeholder} min={min} />
      )}
      {description && (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </AriaTextField>
  );
}
