import { useQuery } from '@apollo/client/react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { ListPager } from '../../components/issuable-list/list-pager.tsx';
import { StateTabs } from '../../components/issuable-list/state-tabs.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { SearchCountsQueryDocument, SearchPageQueryDocument } from '../../gql/graphql.ts';
import styles from './search-page.module.css';
import { SearchResultsList } from './search-results.tsx';
import { formatSearchCount, isScopeOf, SEARCH_SCOPES, searchPath, searchViewFromParams } from './search-url.ts';

/** GitLab's wording when a search fails. */
const SEARCH_ERROR = 'Something went wrong while searching. Please try again.';

/**
 * `/search?search=…&scope=…` (and `group_id` / `project_id` to search within one): the scope tabs
 * with their counts, one page of the scope's ranked matches, and paging. Only what the viewer may
 * read is ever found (the server filters; hidden matches are not counted either).
 */
export function SearchPage() {
  const [params] = useSearchParams();
  const view = searchViewFromParams(params);
  const navigate = useNavigate();

  const place = { groupId: view.groupId, projectId: view.projectId };
  const counts = useQuery(SearchCountsQueryDocument, {
    variables: { search: view.search, ...place },
    skip: view.search === '',
  });
  const scopes = counts.data?.searchCounts?.scopes ?? [];
  const firstWithMatches = scopes.find((s) => s.count > 0)?.scope ?? scopes[0]?.scope ?? null;
  const asked = view.scope && isScopeOf(view.scope, place) ? view.scope : null;
  const scope = asked ?? (counts.loading ? null : firstWithMatches);
  const results = useQuery(SearchPageQueryDocument, {
    variables: { search: view.search, scope: scope ?? 'ISSUES', page: view.page, ...place },
    skip: view.search === '' || scope === null,
  });
  useErrorAlert(counts.error ?? results.error, SEARCH_ERROR);

  const within = counts.data?.searchCounts;
  const hiddenPlace = !!counts.data && within === null;
  const placeName = within?.project?.nameWithNamespace ?? within?.group?.fullName;

  const handleSearch = (text: string) => {
    const search = text.trim();
    navigate(search ? searchPath({ ...place, search, scope: view.scope }) : '/search');
  };

  if (hiddenPlace) return <Navigate to={searchPath({ search: view.search, scope: view.scope })} replace />;

  const page = results.data?.search;
  const allowed = new Set(scopes.map((s) => s.scope));
  return (
    <div className={styles.page}>
      <PageHeader
        breadcrumbs={[{ label: 'Search', to: '/search' }]}
        title={view.search ? `Search results for “${view.search}”` : 'Search'}
        subtitle={
          placeName ? (
            <span className={styles.within}>
              Searching within {placeName}.{' '}
              <Link to={searchPath({ search: view.search, scope: view.scope })}>Search everywhere</Link>
            </span>
          ) : undefined
        }
      />
      <SearchInput
        label="Search for"
        value={view.search}
        onSearch={handleSearch}
        placeholder="Search groups, projects, epics, issues, milestones and users"
        delayMs={500}
        className={styles.input}
      />
      {view.search === '' ? (
        <EmptyState
          icon="search"
          title="Search Milepost"
          description='Find groups, projects, epics, issues, milestones and users. Put a phrase in "quotes", write or between words to find either, and -word to leave a word out.'
        />
      ) : (
        <>
          <StateTabs
            label="Search scopes"
            tabs={SEARCH_SCOPES.filter((s) => counts.loading || allowed.has(s.scope)).map((s) => {
              const count = scopes.find((c) => c.scope === s.scope)?.count ?? null;
              return {
                state: s.scope,
                label: s.title,
                count,
                countLabel: count === null ? undefined : formatSearchCount(count),
              };
            })}
            current={scope ?? 'ISSUES'}
            hrefFor={(s) => searchPath({ ...place, search: view.search, scope: s })}
          />
          {!page ? (
            <SkeletonList rows={5} label="Loading search results" />
          ) : page.count === 0 ? (
            <EmptyState
              icon="search"
              title="No results found"
              description={`We couldn't find any ${SEARCH_SCOPES.find((s) => s.scope === page.scope)?.title.toLowerCase()} matching “${view.search}”. Try other words, or another scope.`}
            />
          ) : (
            <>
              <SearchResultsList page={page} />
              <ListPager
                previousHref={page.page > 1 ? searchPath({ ...view, scope: page.scope, page: page.page - 1 }) : null}
                nextHref={page.hasNextPage ? searchPath({ ...view, scope: page.scope, page: page.page + 1 }) : null}
                status={`Page ${page.page}`}
              />
            </>
          )}
        </>
      )}
    </div>
  );
}
