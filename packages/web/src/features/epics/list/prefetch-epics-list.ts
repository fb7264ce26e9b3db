import { parseEpicsListUrl } from '@milepost/shared';
import type { PrefetchClient } from '../../../app/prefetch-client.ts';
import { EpicsListQueryDocument } from '../../../gql/graphql.ts';
import { epicsListVariables } from './use-epics-list.ts';

/**
 * The epics list's first request for the first URL (`app/prefetch.ts`), before the page's code has
 * loaded: its page of epics and the state tabs' counts (one query), with the variables the page
 * derives from the same URL, so the page's query finds it in flight or answered. Failures are
 * ignored: the page asks again. Settles when it is answered or failed.
 */
export function prefetchEpicsList(client: PrefetchClient, groupFullPath: string, search: string): Promise<unknown> {
  const view = parseEpicsListUrl(new URLSearchParams(search));
  return client
    .query({ query: EpicsListQueryDocument, variables: epicsListVariables(groupFullPath, view) })
    .catch(() => undefined);
}
