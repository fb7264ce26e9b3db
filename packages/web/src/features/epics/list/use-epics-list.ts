import { useQuery } from '@apollo/client/react';
import { type EpicsListView, epicsListSortToGraphql, filterValueToEpicsQuery } from '@milepost/shared';
import {
  type EpicSort,
  type EpicState,
  EpicsListQueryDocument,
  type EpicsListQueryQueryVariables,
  type IssuableSearchableField,
} from '../../../gql/graphql.ts';
import { nodesOf, PAGE_SIZE } from '../../../lib/paging.ts';

/** The query variables of a view: filter, state, sort and the page's cursor. */
export function epicsListVariables(groupFullPath: string, view: EpicsListView): EpicsListQueryQueryVariables {
  const { fullPath, includeDescendantGroups, epicIid, filters } = filterValueToEpicsQuery(view.filter);
  const paging = view.next
    ? { first: PAGE_SIZE, after: view.next }
    : view.prev
      ? { last: PAGE_SIZE, before: view.prev }
      : { first: PAGE_SIZE };
  return {
    fullPath: fullPath ?? groupFullPath,
    state: view.state as EpicState,
    sort: epicsListSortToGraphql(view.sort) as EpicSort,
    filters: {
      ...filters,
      in: view.searchIn && filters.search ? [view.searchIn as IssuableSearchableField] : undefined,
    },
    includeDescendantGroups,
    byParent: epicIid !== null,
    parentIid: epicIid ?? '0',
    ...paging,
  };
}

/** One page of the list and the tab counts, for the same filter. */
export function useEpicsList(groupFullPath: string, view: EpicsListView) {
  const variables = epicsListVariables(groupFullPath, view);
  const { data, loading, error, refetch } = useQuery(EpicsListQueryDocument, { variables });
  const group = data?.group;
  const holder = variables.byParent ? group?.parentEpic : group;
  const connection = variables.byParent ? group?.parentEpic?.children : group?.epics;
  const opened = holder?.opened?.count ?? null;
  const closed = holder?.closed?.count ?? null;
  return {
    loading: loading && !data,
    error,
    /** The group (or the group token's group, or the epic token's epic) is missing or hidden. */
    missing: !!data && (!group || (variables.byParent && !group.parentEpic)),
    queriedPath: String(variables.fullPath),
    canCreateEpic: !!group?.userPermissions.createEpic,
    epics: nodesOf(connection),
    total: connection?.count ?? null,
    pageInfo: connection?.pageInfo ?? null,
    counts: { opened, closed, all: opened !== null && closed !== null ? opened + closed : null },
    refetch,
  };
}
