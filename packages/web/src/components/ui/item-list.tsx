import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import styles from './item-list.module.css';

type ItemListProps = { label: string; children: ReactNode };

/** A bordered list of rows (groups, projects, members, tokens). */
export function ItemList({ label, children }: ItemListProps) {
  return (
    <ul className={styles.list} aria-label={label}>
      {children}
    </ul>
  );
}

type ItemRowProps = {
  leading?: ReactNode;
  title: ReactNode;
  meta?: ReactNode;
  aside?: ReactNode;
};

export function ItemRow({ leading, title, meta, aside }: ItemRowProps) {
  return (
    <li className={styles.row}>
      {leading}
      <div className={styles.main}>
        <span className={styles.title}>{title}</span>
        {meta && <span className={styles.meta}>{meta}</span>}
      </div>
      {aside && <div className={styles.aside}>{aside}</div>}
    </li>
  );
}

type LoadMoreProps = { hasMore: boolean; loading: boolean; onLoadMore: () => void };

/** The 'Load more' button under a paged list. */
export function LoadMore({ hasMore, loading, onLoadMore }: LoadMoreProps) {
  if (!hasMore) return null;
  return (
    <div className={styles.footer}>
      <Button onPress={onLoadMore} isDisabled={loading}>
        {loading ? 'Loading…' : 'Load more'}
      </Button>
    </div>
  );
}
