import { hasLabelColorPrefix } from '@milepost/shared';
import { Button as AriaButton } from 'react-aria-components';
import { TextField } from '../ui/text-field.tsx';
import styles from './label-picker.module.css';
import { SUGGESTED_LABEL_COLORS } from './label-picker-selection.ts';

/** The colour picker's message for a value that is not a colour (spec 002 §5). */
export const LABEL_COLOR_INVALID = 'Enter a color that starts with #, rgb or rgba, such as #FF0000.';

/** Whether a typed colour passes the picker's check: something, starting with `#`, `rgb` or `rgba`. */
export function isLabelColorInputValid(value: string): boolean {
  return value.trim() !== '' && hasLabelColorPrefix(value);
}

type LabelColorFieldProps = {
  value: string;
  onChange: (value: string) => void;
  /** A server error about the colour, shown instead of the picker's own. */
  errorMessage?: string;
};

/**
 * A label's colour: the suggested swatches and a typed value (`#hex`, `rgb()`, `rgba()`) with a
 * preview; a typed value that does not start with `#`, `rgb` or `rgba` is marked invalid with a
 * message (spec 002 §5). One field for every label form.
 */
export function LabelColorField({ value, onChange, errorMessage }: LabelColorFieldProps) {
  const typed = value.trim();
  const invalid = typed !== '' && !hasLabelColorPrefix(typed);
  return (
    <fieldset className={styles.colorField}>
      <legend className={styles.colorLegend}>Color</legend>
      <div className={styles.palette}>
        {SUGGESTED_LABEL_COLORS.map((c) => (
          <AriaButton
            key={c.color}
            className={styles.paletteSwatch}
            style={{ backgroundColor: c.color }}
            aria-label={c.title}
            aria-pressed={value.toLowerCase() === c.color}
            onPress={() => onChange(c.color)}
          />
        ))}
      </div>
      <div className={styles.colorInput}>
        <span
          className={styles.colorPreview}
          style={typed && !invalid ? { backgroundColor: typed } : undefined}
          aria-hidden="true"
        />
        <TextField
          label="Color value"
          placeholder="Use custom color #FF0000"
          value={value}
          onChange={onChange}
          isInvalid={invalid || Boolean(errorMessage)}
          errorMessage={invalid ? LABEL_COLOR_INVALID : errorMessage}
        />
      </div>
    </fieldset>
  );
}
