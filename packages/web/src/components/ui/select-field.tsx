import type { Key, ReactNode } from 'react';
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import styles from './field.module.css';
import { Icon } from './icon.tsx';

export type SelectOption = { id: string; label: string };

type SelectFieldProps = {
  label: ReactNode;
  /** Hide the label visually (it still names the control). */
  hideLabel?: boolean;
  options: readonly SelectOption[];
  value: string | null;
  onChange: (value: string) => void;
  placeholder?: string;
  isDisabled?: boolean;
  isRequired?: boolean;
  compact?: boolean;
  className?: string;
};

/** A single-choice dropdown (React Aria Select). */
export function SelectField({
  label,
  hideLabel,
  options,
  value,
  onChange,
  placeholder = 'Select…',
  isDisabled,
  isRequired,
  compact,
  className,
}: SelectFieldProps) {
  const handleChange = (key: Key | null) => {
    if (key !== null) onChange(String(key));
  };
  return (
    <Select
      className={[styles.field, compact && styles.compact, className].filter(Boolean).join(' ')}
      selectedKey={value}
      onSelectionChange={handleChange}
      isDisabled={isDisabled}
      isRequired={isRequired}
      placeholder={placeholder}
    >
      <Label className={hideLabel ? 'visually-hidden' : styles.label}>{label}</Label>
      <Button className={styles.selectButton}>
        <SelectValue />
        <Icon name="chevron-down" />
      </Button>
      <Popover className={styles.popover}>
        <ListBox className={styles.listBox} items={options}>
          {(option) => (
            <ListBoxItem id={option.id} className={styles.option} textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
