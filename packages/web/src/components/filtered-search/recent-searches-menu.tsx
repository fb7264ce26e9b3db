import { describeFilterValue, type FilterValue, TOKEN_DEFINITIONS, tokenValueLabel } from '@milepost/shared';
import { Menu, MenuItem, MenuSection, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { Button } from '../ui/button.tsx';
import { Icon } from '../ui/icon.tsx';
import styles from './filtered-search.module.css';
import type { RecentSearches } from './use-recent-searches.ts';

export const NO_RECENT_SEARCHES = "You don't have any recent searches";
export const LOCAL_STORAGE_REQUIRED = 'This feature requires local storage to be enabled';
const CLEAR_ID = '__clear__';

/** One recent search as compact chips and the search text. */
function RecentSearchSummary({ value }: { value: FilterValue }) {
  return (
    <span className={styles.recentSummary} aria-hidden="true">
      {value.tokens.map((token) => (
        <span key={`${token.type}${token.operator}${token.value}`} className={styles.recentToken}>
          {TOKEN_DEFINITIONS[token.type].title} {token.operator} {tokenValueLabel(token)}
        </span>
      ))}
      {value.search && <span className={styles.recentSearchText}>{value.search}</span>}
    </span>
  );
}

type RecentSearchesMenuProps = { recent: RecentSearches; onSelect: (value: FilterValue) => void };

/** The history button: pick a recent search again, or clear the list. */
export function RecentSearchesMenu({ recent, onSelect }: RecentSearchesMenuProps) {
  const items = recent.available ? recent.searches : [];
  return (
    <MenuTrigger>
      <Button iconOnly aria-label="Recent searches" className={styles.historyButton}>
        <Icon name="history" />
      </Button>
      <Popover className={styles.popover} placement="bottom start">
        <Menu
          className={styles.menu}
          aria-label="Recent searches"
          onAction={(key) => {
            if (key === CLEAR_ID) return recent.clear();
            const found = items.find((item) => item.entry === key);
            if (found) onSelect(found.value);
          }}
          renderEmptyState={() => (
            <p className={styles.empty}>{recent.available ? NO_RECENT_SEARCHES : LOCAL_STORAGE_REQUIRED}</p>
          )}
        >
          {items.length > 0 && (
            <>
              <MenuSection className={styles.menuSection}>
                {items.map(({ entry, value }) => (
                  <MenuItem key={entry} id={entry} textValue={describeFilterValue(value)} className={styles.option}>
                    <span className="visually-hidden">{describeFilterValue(value)}</span>
                    <RecentSearchSummary value={value} />
                  </MenuItem>
                ))}
              </MenuSection>
              <Separator className={styles.separator} />
              <MenuItem id={CLEAR_ID} className={styles.option}>
                Clear recent searches
              </MenuItem>
            </>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
