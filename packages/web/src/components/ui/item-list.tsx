import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import styles from './item-list.module.css';
import { SkeletonList } from './skeleton.tsx';

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

type PagedItemListProps = {
  label: string;
  /** The skeleton's label while the first page loads ('Loading users'). */
  loadingLabel: string;
  isLoading: boolean;
  /** Shown instead of the list when there is nothing to list (leave out for an empty list). */
  emptyState?: ReactNode;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
  children: ReactNode;
};

/** A paged list: skeleton rows while the first page loads, then the rows (or the empty state) and 'Load more'. */
export function PagedItemList({
  label,
  loadingLabel,
  isLoading,
  emptyState,
  hasMore,
  isLoadingMore,
  onLoadMore,
  children,
}: PagedItemListProps) {
  if (isLoading) return <SkeletonList rows={4} label={loadingLabel} />;
  if (emptyState) return emptyState;
  return (
    <>
      <ItemList label={label}>{children}</ItemList>
      <LoadMore hasMore={hasMore} loading={isLoadingMore} onLoadMore={onLoadMore} />
    </>
  );
}
