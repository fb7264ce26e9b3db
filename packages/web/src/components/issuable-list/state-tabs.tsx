import { Link } from 'react-router';
import styles from './issuable-list.module.css';

export type StateTab<S extends string> = {
  state: S;
  label: string;
  count: number | null;
  /** Shown instead of the count when the count is a bound ('1,000+'). */
  countLabel?: string;
};

type StateTabsProps<S extends string> = {
  tabs: readonly StateTab<S>[];
  current: S;
  /** The link of a tab (the list's query with that state). */
  hrefFor: (state: S) => string;
  label?: string;
};

/**
 * The state links of a list (Open / Closed / All) with their counts, as GitLab's list tabs: links,
 * so each state has its own URL and opens in a new tab too. Counts show once known.
 */
export function StateTabs<S extends string>({ tabs, current, hrefFor, label = 'Filter by state' }: StateTabsProps<S>) {
  return (
    <nav aria-label={label} className={styles.tabs}>
      <ul className={styles.tabList}>
        {tabs.map((tab) => (
          <li key={tab.state}>
            <Link
              to={hrefFor(tab.state)}
              className={styles.tab}
              aria-current={tab.state === current ? 'page' : undefined}
              data-state={tab.state}
            >
              {tab.label}
              {tab.count !== null && (
                <>
                  {' '}
                  <span className={styles.count}>{tab.countLabel ?? tab.count.toLocaleString('en-US')}</span>
                </>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
