import { isHexColor, labelScope, labelSwatchColor, readableTextColorFor } from '@milepost/shared';
import type { CSSProperties } from 'react';
import { Button } from 'react-aria-components';
import { featureSwitches } from '../../lib/instance-settings.ts';
import { Icon } from '../ui/icon.tsx';
import styles from './label-picker.module.css';
import type { PickerLabel } from './label-picker-selection.ts';

type LabelChipProps = {
  label: PickerLabel;
  /** Whether scoped labels (`scope::value`) get the two-part chip (default: the instance's switch). */
  allowScopedLabels?: boolean;
  /** Shows a remove button (with `onRemove`). */
  onRemove?: (label: PickerLabel) => void;
  isDisabled?: boolean;
};

/**
 * A label as a chip in its colour; a scoped label as GitLab's two-part chip (scope on the colour,
 * value on the page background inside a border of the colour).
 */
export function LabelChip({
  label,
  allowScopedLabels = featureSwitches().scopedLabels,
  onRemove,
  isDisabled,
}: LabelChipProps) {
  const color = labelSwatchColor(label.color);
  const scope = allowScopedLabels ? labelScope(label.title) : null;
  const chipStyle = (
    color
      ? {
          '--label-color': color,
          '--label-text-color': isHexColor(color) ? readableTextColorFor(color) : (label.textColor ?? undefined),
        }
      : {}
  ) as CSSProperties;
  const remove = onRemove && (
    <Button
      className={styles.chipRemove}
      aria-label={`Remove label ${label.title}`}
      onPress={() => onRemove(label)}
      isDisabled={isDisabled}
    >
      <Icon name="close" />
    </Button>
  );
  if (scope === null) {
    return (
      <span className={styles.chip} style={chipStyle} title={label.description ?? undefined} data-label={label.title}>
        <span className={styles.chipText}>{label.title}</span>
        {remove}
      </span>
    );
  }
  return (
    <span
      className={`${styles.chip} ${styles.chipScoped}`}
      style={chipStyle}
      title={label.description ?? undefined}
      data-label={label.title}
    >
      <span className={styles.chipScope}>{scope}</span>
      <span className={styles.chipValue}>
        {label.title.slice(scope.length + 2)}
        {remove}
      </span>
    </span>
  );
}
