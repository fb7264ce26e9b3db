import {
  FILTER_TOKEN_TYPES,
  type FilterValue,
  ROADMAP_SORT_FIELDS,
  type RoadmapSort as RoadmapSortValue,
} from '@milepost/shared';
import { memo } from 'react';
import { FilteredSearch } from '../../../components/filtered-search/filtered-search.tsx';
import { SortControl } from '../../../components/issuable-list/sort-control.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import styles from '../roadmap.module.css';

type RoadmapFiltersBarProps = {
  groupFullPath: string;
  /** Spec: the filtered search and sort show only when epics exist or filters are applied. */
  showFilters: boolean;
  filter: FilterValue;
  onFilterSubmit: (filter: FilterValue) => void;
  sort: RoadmapSortValue;
  onSortChange: (sort: RoadmapSortValue) => void;
  onOpenSettings: () => void;
  signedIn: boolean;
  /**
   * The filtered search and the sort control are mounted (false: stand-ins of their size, until the
   * first screen has painted — their React Aria collections are the costliest part of the page's
   * first render, and the bars come first).
   */
  interactive: boolean;
};

/**
 * Above the timeline: the filtered search (recent searches under 'epics'), the sort control and the
 * 'Settings' button. The settings stay reachable when there is nothing to filter, so a view that
 * shows no epics (a closed-only state, a short range) can always be changed back. Memoised: a window
 * of rows arriving re-renders the roadmap, not its filtered search. Until `interactive`, the search
 * and the sort are empty boxes of their size (nothing moves when they mount).
 */
export const RoadmapFiltersBar = memo(function RoadmapFiltersBar({
  groupFullPath,
  showFilters,
  filter,
  onFilterSubmit,
  sort,
  onSortChange,
  onOpenSettings,
  signedIn,
  interactive,
}: RoadmapFiltersBarProps) {
  return (
    <div className={styles.filtersBar}>
      {showFilters && !interactive && (
        <>
          <div className={styles.filteredSearch}>
            <div className={styles.searchStandIn} aria-hidden="true" />
          </div>
          <div className={styles.sortStandIn} aria-hidden="true" />
        </>
      )}
      {showFilters && interactive && (
        <>
          <div className={styles.filteredSearch}>
            <FilteredSearch
              namespacePath={groupFullPath}
              tokenTypes={[...FILTER_TOKEN_TYPES]}
              value={filter}
              onSubmit={onFilterSubmit}
              recentSearchesKey="epics"
              signedIn={signedIn}
            />
          </div>
          <SortControl fields={ROADMAP_SORT_FIELDS} value={sort} onChange={onSortChange} />
        </>
      )}
      <Button onPress={onOpenSettings} className={styles.settingsButton}>
        <Icon name="settings" />
        Settings
      </Button>
    </div>
  );
});
