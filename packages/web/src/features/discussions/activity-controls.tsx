import { memo } from 'react';
import { SelectField } from '../../components/ui/select-field.tsx';
import type { NotesFilterType, SortDirectionEnum } from '../../gql/graphql.ts';
import styles from './discussions.module.css';

export const FILTER_OPTIONS: { id: NotesFilterType; label: string }[] = [
  { id: 'ALL_NOTES', label: 'All activity' },
  { id: 'ONLY_COMMENTS', label: 'Comments only' },
  { id: 'ONLY_ACTIVITY', label: 'History only' },
];

export const SORT_OPTIONS: { id: SortDirectionEnum; label: string }[] = [
  { id: 'ASC', label: 'Oldest first' },
  { id: 'DESC', label: 'Newest first' },
];

type ActivityControlsProps = {
  filter: NotesFilterType;
  sort: SortDirectionEnum;
  onFilterChange: (filter: NotesFilterType) => void;
  onSortChange: (sort: SortDirectionEnum) => void;
};

/**
 * The activity's filter (all, comments only, history only) and sort (oldest or newest first). `memo`:
 * the section renders with every page and step of a long thread; its two selects need not.
 */
export const ActivityControls = memo(function ActivityControls({
  filter,
  sort,
  onFilterChange,
  onSortChange,
}: ActivityControlsProps) {
  return (
    <div className={styles.controls}>
      <SelectField
        label="Filter activity"
        hideLabel
        compact
        options={FILTER_OPTIONS}
        value={filter}
        onChange={(value) => onFilterChange(value as NotesFilterType)}
      />
      <SelectField
        label="Sort activity"
        hideLabel
        compact
        options={SORT_OPTIONS}
        value={sort}
        onChange={(value) => onSortChange(value as SortDirectionEnum)}
      />
    </div>
  );
});
