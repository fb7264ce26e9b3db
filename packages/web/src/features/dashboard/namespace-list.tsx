import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PagedItemList } from '../../components/ui/item-list.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import type { LoadMoreState } from '../../lib/paging.ts';

type Noun = 'projects' | 'groups';

/** The 'Filter by name' box above a list of projects or groups (its text is the URL's `search`). */
export function NameFilter({
  noun,
  value,
  onSearch,
  className,
}: {
  noun: Noun;
  value: string;
  onSearch: (value: string) => void;
  className?: string;
}) {
  return (
    <SearchInput
      label={`Filter ${noun} by name`}
      value={value}
      onSearch={onSearch}
      placeholder="Filter by name"
      className={className}
    />
  );
}

type NamespaceListProps = {
  noun: Noun;
  /** The first page is still loading. */
  isLoading: boolean;
  /** How many rows are loaded (0: the empty state). */
  count: number;
  /** The name filter's text: with it, an empty list says 'No results found' and offers 'Clear search'. */
  search: string;
  /** Where 'Clear search' goes (this page without `?search=`). */
  clearHref: string;
  /** What an empty list shows without a filter. */
  emptyState: ReactNode;
  loadMore: LoadMoreState;
  /** The rows (`ProjectRow`s or `GroupRow`s). */
  children: ReactNode;
};

/**
 * The one list of projects or groups on the dashboards and Explore: skeleton rows while the first
 * page loads, the rows and 'Load more', or the empty state ('No results found' for a name filter).
 */
export function NamespaceList({
  noun,
  isLoading,
  count,
  search,
  clearHref,
  emptyState,
  loadMore,
  children,
}: NamespaceListProps) {
  const empty =
    count > 0 ? undefined : search ? (
      <EmptyState
        icon="search"
        title="No results found"
        description={`No ${noun} match "${search}". Edit your search and try again.`}
        actions={<ButtonLink to={clearHref}>Clear search</ButtonLink>}
      />
    ) : (
      emptyState
    );
  return (
    <PagedItemList
      label={noun === 'projects' ? 'Projects' : 'Groups'}
      loadingLabel={`Loading ${noun}`}
      isLoading={isLoading}
      emptyState={empty}
      hasMore={loadMore.hasMore}
      isLoadingMore={loadMore.loading}
      onLoadMore={loadMore.onLoadMore}
    >
      {children}
    </PagedItemList>
  );
}
