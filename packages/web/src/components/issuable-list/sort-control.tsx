import { useLayoutEffect, useRef } from 'react';
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

function fieldOf<S extends string>(fields: readonly SortField<S>[], value: S): SortField<S> | undefined {
  return fields.find((f) => f.ascending === value || f.descending === value) ?? fields[0];
}

function isAscending<S extends string>(field: SortField<S> | undefined, value: S): boolean {
  return field?.descending !== value || field.ascending === value;
}

/**
 * GitLab's sort control: the field in a dropdown and the direction on a button beside it (disabled
 * for a field without a direction, such as 'Manual'). A new field keeps the current direction.
 *
 * Each press starts from the sort last asked for, not from the one last rendered: the lists put
 * the sort in the URL, whose update renders later (a transition), and two presses before it would
 * both have asked for the same direction.
 */
export function SortControl<S extends string>({ fields, value, onChange, className }: SortControlProps<S>) {
  const field = fieldOf(fields, value);
  const ascending = isAscending(field, value);
  const directional = field !== undefined && field.ascending !== field.descending;
  // The sort last asked for; a new value from the parent (the URL) replaces it.
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  }, [value]);
  const choose = (next: S) => {
    latest.current = next;
    onChange(next);
  };
  return (
    <div className={[styles.sort, className].filter(Boolean).join(' ')}>
      <SelectField
        label="Sort by"
        hideLabel
        options={fields.map((f) => ({ id: f.ascending, label: f.text }))}
        value={field?.ascending ?? null}
        onChange={(next) => {
          const chosen = fields.find((f) => f.ascending === next);
          const current = latest.current;
          if (chosen) choose(isAscending(fieldOf(fields, current), current) ? chosen.ascending : chosen.descending);
        }}
        className={styles.sortField}
      />
      <Button
        iconOnly
        aria-label={ascending ? 'Sort direction: ascending' : 'Sort direction: descending'}
        isDisabled={!directional}
        onPress={() => {
          const current = latest.current;
          const from = fieldOf(fields, current);
          if (from && from.ascending !== from.descending) {
            choose(isAscending(from, current) ? from.descending : from.ascending);
          }
        }}
      >
        <Icon name={ascending ? 'sort-ascending' : 'sort-descending'} />
      </Button>
    </div>
  );
}
