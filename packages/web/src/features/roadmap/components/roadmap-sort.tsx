import {
  ROADMAP_SORT_FIELDS,
  type RoadmapSort as RoadmapSortValue,
  roadmapSortOption,
  toggleSortDirection,
} from '@milepost/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import styles from '../roadmap.module.css';

const FIELD_OPTIONS = ROADMAP_SORT_FIELDS.map((field) => ({ id: field.ascending, label: field.text }));

/** GitLab's sort control: the field in a dropdown and the direction on a button beside it. */
export function RoadmapSort({
  value,
  onChange,
}: {
  value: RoadmapSortValue;
  onChange: (value: RoadmapSortValue) => void;
}) {
  const option = roadmapSortOption(value);
  const ascending = option?.direction !== 'DESC';
  const field = ROADMAP_SORT_FIELDS.find((f) => f.ascending === value || f.descending === value);
  return (
    <div className={styles.sort}>
      <SelectField
        label="Sort by"
        hideLabel
        options={FIELD_OPTIONS}
        value={field?.ascending ?? null}
        onChange={(next) => {
          const chosen = ROADMAP_SORT_FIELDS.find((f) => f.ascending === next);
          if (chosen) onChange(ascending ? chosen.ascending : chosen.descending);
        }}
        className={styles.sortField}
      />
      <Button
        iconOnly
        aria-label={ascending ? 'Sort direction: ascending' : 'Sort direction: descending'}
        onPress={() => onChange(toggleSortDirection(value))}
      >
        <Icon name={ascending ? 'sort-ascending' : 'sort-descending'} />
      </Button>
    </div>
  );
}
