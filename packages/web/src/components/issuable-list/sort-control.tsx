import { Button } from '../ui/button.tsx';
import { Icon } from '../ui/icon.tsx';
import { SelectField } from '../ui/select-field.tsx';
import styles from './issuable-list.module.css';

/** One field of a sort dropdown and its two directions (the same value twice: no direction). */
export type SortField<S extends string> = { text: string; ascending: S; descending: S };

type SortControlProps<S extends string> = {
  fields: readonly SortField<S>[];
  value: S;
  onChange: (value: S) => void;
  className?: string;
};

/**
 * GitLab's sort control: the field in a dropdown and the direction on a button beside it (disabled
 * for a field without a direction, such as 'Manual'). A new field keeps the current direction.
 */
export function SortControl<S extends string>({ fields, value, onChange, className }: SortControlProps<S>) {
  const field = fields.find((f) => f.ascending === value || f.descending === value) ?? fields[0];
  const ascending = field?.descending !== value || field.ascending === value;
  const directional = field !== undefined && field.ascending !== field.descending;
  return (
    <div className={[styles.sort, className].filter(Boolean).join(' ')}>
      <SelectField
        label="Sort by"
        hideLabel
        options={fields.map((f) => ({ id: f.ascending, label: f.text }))}
        value={field?.ascending ?? null}
        onChange={(next) => {
          const chosen = fields.find((f) => f.ascending === next);
          if (chosen) onChange(ascending ? chosen.ascending : chosen.descending);
        }}
        className={styles.sortField}
      />
      <Button
        iconOnly
        aria-label={ascending ? 'Sort direction: ascending' : 'Sort direction: descending'}
        isDisabled={!directional}
        onPress={() => field && onChange(ascending ? field.descending : field.ascending)}
      >
        <Icon name={ascending ? 'sort-ascending' : 'sort-descending'} />
      </Button>
    </div>
  );
}
