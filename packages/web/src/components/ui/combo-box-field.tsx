import type { Key, ReactNode } from 'react';
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components';
import styles from './field.module.css';
import { Icon } from './icon.tsx';

export type ComboOption = { id: string; label: string; description?: string; leading?: ReactNode };

type ComboBoxFieldProps = {
  label: ReactNode;
  description?: ReactNode;
  /** The options for the current text (the caller searches, e.g. with a GraphQL query). */
  options: readonly ComboOption[];
  inputValue: string;
  onInputChange: (value: string) => void;
  selectedId: string | null;
  onSelect: (option: ComboOption | null) => void;
  placeholder?: string;
  loading?: boolean;
  isRequired?: boolean;
  className?: string;
};

/** A text box that suggests options as you type; the caller supplies the matching options. */
export function ComboBoxField({
  label,
  description,
  options,
  inputValue,
  onInputChange,
  selectedId,
  onSelect,
  placeholder,
  loading,
  isRequired,
  className,
}: ComboBoxFieldProps) {
  const handleSelection = (key: Key | null) => {
    onSelect(key === null ? null : (options.find((option) => option.id === String(key)) ?? null));
  };
  return (
    <ComboBox
      className={[styles.field, styles.comboBox, className].filter(Boolean).join(' ')}
      items={options}
      inputValue={inputValue}
      onInputChange={onInputChange}
      selectedKey={selectedId}
      onSelectionChange={handleSelection}
      allowsEmptyCollection
      menuTrigger="focus"
      isRequired={isRequired}
    >
      <Label className={styles.label}>{label}</Label>
      <div className={styles.comboInput}>
        <Input className={styles.input} placeholder={placeholder} />
        <Button className={styles.comboButton} aria-label="Show suggestions">
          <Icon name="chevron-down" />
        </Button>
      </div>
      {description && (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
      <Popover className={styles.popover}>
        <ListBox
          className={styles.listBox}
          renderEmptyState={() => <p className={styles.empty}>{loading ? 'Searching…' : 'No matches'}</p>}
        >
          {(option: ComboOption) => (
            <ListBoxItem id={option.id} className={styles.option} textValue={option.label}>
              {option.leading}
              <span className={styles.optionText}>
                <span>{option.label}</span>
                {option.description && <span className={styles.optionDescription}>{option.description}</span>}
              </span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
