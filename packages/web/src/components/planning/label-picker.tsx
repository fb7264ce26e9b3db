import type { ShortcutId } from '@milepost/shared';
import { useRef, useState } from 'react';
import { Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { featureSwitches } from '../../lib/instance-settings.ts';
import { useShortcut } from '../shortcuts/use-shortcut.ts';
import { Button } from '../ui/button.tsx';
import { Icon } from '../ui/icon.tsx';
import styles from './label-picker.module.css';
import { LabelChip } from './label-picker-chip.tsx';
import { LabelPickerDropdown } from './label-picker-dropdown.tsx';
import {
  type LabelSelection,
  labelsSummary,
  type PickerLabel,
  selectionChanges,
  toggleLabel,
} from './label-picker-selection.ts';

export type { PickerLabel } from './label-picker-selection.ts';

/**
 * 'sidebar': a 'Labels' row with an Edit button and the labels as chips; 'standalone': the
 * dropdown button with the chips under it; 'embedded': the dropdown button alone (forms).
 */
export type LabelPickerVariant = 'sidebar' | 'standalone' | 'embedded';

export type LabelPickerChange = {
  addIds: string[];
  removeIds: string[];
  /** The labels set after the change. */
  labels: PickerLabel[];
};

export type LabelPickerProps = {
  variant: LabelPickerVariant;
  /** The group whose labels (and its ancestors') are offered and where new labels are created. */
  fullPath: string;
  /** The labels set. */
  selected: readonly PickerLabel[];
  /** Labels set on only some of the items edited at once (shown with a dash). */
  indeterminate?: readonly PickerLabel[];
  /** Whether the viewer may change the labels (else the labels are only shown). */
  allowEdit?: boolean;
  allowCreate?: boolean;
  /** Chips get a remove button. */
  allowRemove?: boolean;
  allowScopedLabels?: boolean;
  allowMultipleScopedLabels?: boolean;
  multiselect?: boolean;
  isSaving?: boolean;
  /** Called when the dropdown closes with changes, or a chip is removed. */
  onChange: (change: LabelPickerChange) => Promise<unknown> | undefined;
  title?: string;
  /** The keyboard shortcut that opens the picker, as Edit does (`l` in the sidebars). */
  shortcut?: ShortcutId;
};

const idsOf = (labels: readonly PickerLabel[]) => new Set(labels.map((l) => l.id));

/**
 * The label picker (spec 001 §2.6): a dropdown with search, colour swatches, checkmarks, scoped
 * labels (one per scope unless several are allowed) and a 'Create group label' form. Changes are
 * applied when the dropdown closes.
 */
export function LabelPicker({
  variant,
  fullPath,
  selected,
  indeterminate = [],
  allowEdit = false,
  allowCreate = false,
  allowRemove = false,
  allowScopedLabels = featureSwitches().scopedLabels,
  allowMultipleScopedLabels = featureSwitches().multipleScopedLabels,
  multiselect = true,
  isSaving = false,
  onChange,
  title = 'Labels',
  shortcut,
}: LabelPickerProps) {
  const [isOpen, setIsOpen] = useState(false);
  const [selection, setSelection] = useState<LabelSelection>({ set: new Set(), indeterminate: new Set() });
  const opened = useRef<LabelSelection>(selection);
  const known = useRef(new Map<string, PickerLabel>());
  // Labels shown while a change is being saved.
  const [pending, setPending] = useState<PickerLabel[] | null>(null);
  const shown = pending ?? selected;

  const remember = (labels: readonly PickerLabel[]) => {
    for (const l of labels) known.current.set(l.id, l);
  };

  const apply = async (change: LabelPickerChange) => {
    setPending(change.labels);
    try {
      await onChange(change);
    } finally {
      setPending(null);
    }
  };

  const handleOpenChange = (open: boolean) => {
    if (open) {
      remember(selected);
      remember(indeterminate);
      const start = { set: idsOf(selected), indeterminate: idsOf(indeterminate) };
      opened.current = start;
      setSelection(start);
      setIsOpen(true);
      return;
    }
    setIsOpen(false);
    const { addIds, removeIds } = selectionChanges(opened.current, selection);
    if (addIds.length === 0 && removeIds.length === 0) return;
    const labels = [...selection.set].flatMap((id) => known.current.get(id) ?? []);
    void apply({ addIds, removeIds, labels });
  };
  useShortcut(
    shortcut ?? 'editLabels',
    () => handleOpenChange(true),
    Boolean(shortcut && allowEdit && !isOpen && !isSaving),
  );

  const toggle = (label: PickerLabel, shownLabels: readonly PickerLabel[]) => {
    remember(shownLabels);
    remember([label]);
    const titles = new Map([...known.current].map(([id, l]) => [id, l.title]));
    setSelection((current) =>
      toggleLabel(current, label.id, { titles, allowScopedLabels, allowMultipleScopedLabels, multiselect }),
    );
  };

  const handleRemove = (label: PickerLabel) => {
    void apply({ addIds: [], removeIds: [label.id], labels: shown.filter((l) => l.id !== label.id) });
  };

  const popover = (
    <Popover className={styles.popover} placement={variant === 'sidebar' ? 'bottom end' : 'bottom start'}>
      <Dialog className={styles.dialog} aria-label="Assign labels">
        <LabelPickerDropdown
          fullPath={fullPath}
          selection={selection}
          allowCreate={allowCreate}
          allowScopedLabels={allowScopedLabels}
          onToggle={toggle}
          onCreated={(label) => toggle(label, [])}
          onClose={() => handleOpenChange(false)}
        />
      </Dialog>
    </Popover>
  );

  const chips =
    shown.length > 0 ? (
      <ul className={styles.chips} aria-label={title}>
        {shown.map((label) => (
          <li key={label.id}>
            <LabelChip
              label={label}
              allowScopedLabels={allowScopedLabels}
              onRemove={allowEdit && allowRemove ? handleRemove : undefined}
              isDisabled={isSaving || pending !== null}
            />
          </li>
        ))}
      </ul>
    ) : (
      <span className={styles.none}>None</span>
    );

  if (variant === 'sidebar') {
    return (
      <div className={styles.sidebar} data-variant="sidebar">
        <div className={styles.sidebarHeader}>
          <span className={styles.sidebarTitle}>{title}</span>
          {allowEdit && (
            <DialogTrigger isOpen={isOpen} onOpenChange={handleOpenChange}>
              <Button variant="tertiary" compact isDisabled={isSaving} aria-label={`Edit ${title.toLowerCase()}`}>
                Edit
              </Button>
              {popover}
            </DialogTrigger>
          )}
        </div>
        {chips}
      </div>
    );
  }

  const trigger = allowEdit ? (
    <DialogTrigger isOpen={isOpen} onOpenChange={handleOpenChange}>
      <Button className={styles.trigger} isDisabled={isSaving} aria-label={`${title}: ${labelsSummary(shown)}`}>
        <span className={styles.triggerText}>{labelsSummary(shown, 'Select label')}</span>
        <Icon name="chevron-down" />
      </Button>
      {popover}
    </DialogTrigger>
  ) : (
    <span className={styles.triggerText}>{labelsSummary(shown)}</span>
  );

  return (
    <div className={variant === 'standalone' ? styles.standalone : styles.embedded} data-variant={variant}>
      {trigger}
      {variant === 'standalone' && shown.length > 0 && chips}
    </div>
  );
}
