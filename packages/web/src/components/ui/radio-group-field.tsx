import type { ReactNode } from 'react';
import { Label, Radio, RadioGroup, Text } from 'react-aria-components';
import styles from './field.module.css';

export type RadioOption = { id: string; label: ReactNode; description?: ReactNode };

type RadioGroupFieldProps = {
  label: ReactNode;
  options: readonly RadioOption[];
  value: string;
  onChange: (value: string) => void;
  isRequired?: boolean;
};

/** A labelled group of radio buttons, each with an optional line of explanation. */
export function RadioGroupField({ label, options, value, onChange, isRequired }: RadioGroupFieldProps) {
  return (
    <RadioGroup className={styles.field} value={value} onChange={onChange} isRequired={isRequired}>
      <Label className={styles.label}>{label}</Label>
      <div className={styles.radioGroup}>
        {options.map((option) => (
          <Radio key={option.id} value={option.id} className={styles.radio}>
            <span className={styles.radioDot} aria-hidden="true" />
            <span className={styles.radioText}>
              <span>{option.label}</span>
              {option.description && (
                <Text slot="description" className={styles.description}>
                  {option.description}
                </Text>
              )}
            </span>
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
