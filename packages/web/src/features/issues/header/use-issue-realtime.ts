import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import type { IssuePageIssueFragment } from '../../../gql/graphql.ts';
import { usePoll } from '../../../lib/use-poll.ts';
import { type RealtimeChanges, realtimeChangesPath } from './issue-requests.ts';

/** GitLab's delay before an open issue page first polls. */
export const REALTIME_INITIAL_DELAY_MS = 3000;

/** The title and description someone else saved meanwhile (plain and rendered). */
export type RemoteEdit = {
  title: string;
  description: string;
  descriptionHtml: string;
  lockVersion: number;
};

function isRealtimeChanges(body: unknown): body is RealtimeChanges {
  const b = body as Partial<RealtimeChanges> | null;
  return !!b && typeof b.title_text === 'string' && typeof b.lock_version === 'number';
}

/**
 * Keeps the open issue page current (spec 002 §4.3): polls `realtime_changes` and writes a changed
 * title, description, checklist progress and lock version into the cache; `onRemoteEdit` hears of
 * a title or description that changed (the edit form warns about it).
 */
export function useIssueRealtime(
  fullPath: string,
  issue: IssuePageIssueFragment | null | undefined,
  onRemoteEdit: (edit: RemoteEdit) => void,
  /** True while a task-list save runs: polling pauses, and starts again after it (spec 002 §4.3). */
  paused = false,
): void {
  const client = useApolloClient();
  const cacheId = issue ? client.cache.identify({ __typename: 'Issue', id: issue.id }) : undefined;
  const current = issue && { title: issue.title, description: issue.description ?? '', lockVersion: issue.lockVersion };

  const handleData = useCallback(
    (body: unknown) => {
      if (!isRealtimeChanges(body) || !cacheId || !current || body.lock_version === current.lockVersion) return;
      const textChanged = body.title_text !== current.title || body.description_text !== current.description;
      client.cache.modify({
        id: cacheId,
        fields: {
          title: () => body.title_text,
          titleHtml: () => body.title,
          description: () => body.description_text,
          descriptionHtml: () => body.description,
          lockVersion: () => body.lock_version,
          taskCompletionStatus: (existing) => ({
            ...(existing as object),
            count: body.task_completion_status.count,
            completedCount: body.task_completion_status.completed_count,
          }),
        },
      });
      if (textChanged) {
        onRemoteEdit({
          title: body.title_text,
          description: body.description_text,
          descriptionHtml: body.description,
          lockVersion: body.lock_version,
        });
      }
    },
    [client, cacheId, current, onRemoteEdit],
  );

  usePoll({
    url: issue && !paused ? realtimeChangesPath(fullPath, issue.iid) : null,
    initialDelayMs: REALTIME_INITIAL_DELAY_MS,
    onData: handleData,
  });
}
