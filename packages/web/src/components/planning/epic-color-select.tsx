import { EPIC_COLOR_OPTIONS, type EpicColorOption } from '@milepost/shared';
import { useState } from 'react';
import {
  Dialog,
  DialogTrigger,
  Heading,
  type Key,
  ListBox,
  ListBoxItem,
  Popover,
  type Selection,
} from 'react-aria-components';
import { Button } from '../ui/button.tsx';
import { Icon } from '../ui/icon.tsx';
import styles from './epic-color-select.module.css';

export type EpicColorVariant = 'sidebar' | 'embedded';

type EpicColorSelectProps = {
  variant: EpicColorVariant;
  value: EpicColorOption;
  allowEdit: boolean;
  isLoading?: boolean;
  isSaving?: boolean;
  /** Called once the dropdown has closed on a choice. */
  onSelect: (option: EpicColorOption) => void;
};

const TITLE = 'Assign epic color';

function Swatch({ color }: { color: string }) {
  return <span className={styles.swatch} style={{ backgroundColor: color }} aria-hidden="true" />;
}

function ColorValue({ value, isLoading }: { value: EpicColorOption; isLoading?: boolean }) {
  if (isLoading) return <span className={styles.placeholder} role="status" aria-label="Loading color" />;
  return (
    <span className={styles.value}>
      <Swatch color={value.color} />
      <span className={styles.name}>{value.title}</span>
    </span>
  );
}

/** The epic colour: current swatch and name, and (with `allowEdit`) a dropdown of the fixed colours. */
export function EpicColorSelect({ variant, value, allowEdit, isLoading, isSaving, onSelect }: EpicColorSelectProps) {
  const [isOpen, setIsOpen] = useState(false);

  const handleSelectionChange = (keys: Selection) => {
    const key: Key | undefined = keys === 'all' ? undefined : keys.values().next().value;
    const option = EPIC_COLOR_OPTIONS.find((o) => o.color === key);
    setIsOpen(false);
    if (option) onSelect(option);
  };

  const selectedKey = EPIC_COLOR_OPTIONS.find((o) => o.color.toLowerCase() === value.color.toLowerCase())?.color;
  const popover = (
    <Popover className={styles.popover} placement={variant === 'sidebar' ? 'bottom end' : 'bottom start'}>
      <Dialog className={styles.dialog}>
        <Heading slot="title" className={styles.heading}>
          {TITLE}
        </Heading>
        <ListBox
          className={styles.listBox}
          aria-label="Colors"
          items={EPIC_COLOR_OPTIONS}
          selectionMode="single"
          selectedKeys={selectedKey ? [selectedKey] : []}
          onSelectionChange={handleSelectionChange}
          autoFocus
        >
          {(option) => (
            <ListBoxItem id={option.color} textValue={option.title} className={styles.option}>
              {({ isSelected }) => (
                <>
                  <Swatch color={option.color} />
                  <span className={styles.name}>{option.title}</span>
                  {isSelected && <Icon name="check" className={styles.check} />}
                </>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      </Dialog>
    </Popover>
  );

  if (variant === 'sidebar') {
    return (
      <div className={styles.sidebar} data-variant="sidebar">
        <div className={styles.sidebarHeader}>
          <span className={styles.sidebarTitle}>Color</span>
          {allowEdit && (
            <DialogTrigger isOpen={isOpen} onOpenChange={setIsOpen}>
              <Button variant="tertiary" compact isDisabled={isLoading || isSaving} aria-label="Edit color">
                Edit
              </Button>
              {popover}
            </DialogTrigger>
          )}
        </div>
        <ColorValue value={value} isLoading={isLoading} />
      </div>
    );
  }

  if (!allowEdit || isLoading) {
    return (
      <div className={styles.embedded} data-variant="embedded">
        <ColorValue value={value} isLoading={isLoading} />
      </div>
    );
  }
  return (
    <div className={styles.embedded} data-variant="embedded">
      <DialogTrigger isOpen={isOpen} onOpenChange={setIsOpen}>
        <Button className={styles.trigger} isDisabled={isSaving} aria-label={`Color: ${value.title}`}>
          <ColorValue value={value} />
          <Icon name="chevron-down" />
        </Button>
        {popover}
      </DialogTrigger>
    </div>
  );
}
