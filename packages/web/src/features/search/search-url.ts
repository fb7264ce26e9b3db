import type { SearchScope } from '../../gql/graphql.ts';

/** The scopes in the order of the tabs, with their URL names (GitLab's `scope=`) and titles. */
export const SEARCH_SCOPES: readonly { scope: SearchScope; param: string; title: string }[] = [
  { scope: 'PROJECTS' as SearchScope, param: 'projects', title: 'Projects' },
  { scope: 'GROUPS' as SearchScope, param: 'groups', title: 'Groups' },
  { scope: 'ISSUES' as SearchScope, param: 'issues', title: 'Issues' },
  { scope: 'EPICS' as SearchScope, param: 'epics', title: 'Epics' },
  { scope: 'MILESTONES' as SearchScope, param: 'milestones', title: 'Milestones' },
  { scope: 'USERS' as SearchScope, param: 'users', title: 'Users' },
];

/** The scopes of a search within a project (elsewhere: all of them), as the server has them. */
const PROJECT_SCOPES: readonly SearchScope[] = ['ISSUES', 'MILESTONES', 'USERS'];

/** Whether `scope` is a scope of the place searched. */
export function isScopeOf(scope: SearchScope, place: { projectId: string | null }): boolean {
  return place.projectId === null || PROJECT_SCOPES.includes(scope);
}

/** The search counts up to this many per scope (the server's limit): beyond, "1,000+". */
export const SEARCH_COUNT_LIMIT = 1000;

export type SearchView = {
  search: string;
  /** the URL's scope, or null to pick the first scope with matches */
  scope: SearchScope | null;
  groupId: string | null;
  projectId: string | null;
  page: number;
};

/** `/search?search=…&scope=issues&group_id=…&project_id=…&page=2` ⇄ the view (GitLab's keys). */
export function searchViewFromParams(params: URLSearchParams): SearchView {
  const scope = SEARCH_SCOPES.find((s) => s.param === params.get('scope'))?.scope ?? null;
  const page = Number(params.get('page'));
  const id = (key: string) => {
    const value = params.get(key);
    return value && /^\d{1,15}$/.test(value) ? value : null;
  };
  return {
    search: (params.get('search') ?? '').trim(),
    scope,
    groupId: id('group_id'),
    projectId: id('project_id'),
    page: Number.isInteger(page) && page >= 1 && page <= 500 ? page : 1,
  };
}

export function searchPath(view: Partial<SearchView> & { search: string }): string {
  const params = new URLSearchParams();
  params.set('search', view.search);
  const scope = SEARCH_SCOPES.find((s) => s.scope === view.scope);
  if (scope) params.set('scope', scope.param);
  if (view.groupId) params.set('group_id', view.groupId);
  if (view.projectId) params.set('project_id', view.projectId);
  if (view.page && view.page > 1) params.set('page', String(view.page));
  return `/search?${params.toString()}`;
}

/** A tab's count: `1,000+` past the limit. */
export function formatSearchCount(count: number): string {
  return count > SEARCH_COUNT_LIMIT ? `${SEARCH_COUNT_LIMIT.toLocaleString('en-US')}+` : count.toLocaleString('en-US');
}
