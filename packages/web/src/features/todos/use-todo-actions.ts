import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import {
  TodoCreateMutationDocument,
  TodoMarkDoneMutationDocument,
  TodoRestoreManyMutationDocument,
  TodoRestoreMutationDocument,
  TodosMarkAllDoneMutationDocument,
} from '../../gql/graphql.ts';

/** Every watched query that shows to-dos: the list, the top bar's counter, the sidebar buttons. */
const TODO_QUERIES = ['TodosQuery', 'TodoCountQuery', 'IssuableTodoQuery'];

/** The payload's errors as one message, or null. */
function failure(payload: { errors: readonly string[] } | null | undefined, fallback: string): string | null {
  if (!payload) return fallback;
  return payload.errors.length > 0 ? payload.errors.join(' ') : null;
}

/**
 * The to-do mutations; each refreshes every to-do list and count on the page. They resolve to an
 * error message (null on success) and reject only when the request itself failed.
 */
export function useTodoActions() {
  const options = { refetchQueries: TODO_QUERIES, awaitRefetchQueries: true };
  const [create] = useMutation(TodoCreateMutationDocument, options);
  const [markDone] = useMutation(TodoMarkDoneMutationDocument, options);
  const [restore] = useMutation(TodoRestoreMutationDocument, options);
  const [markAllDone] = useMutation(TodosMarkAllDoneMutationDocument, options);
  const [restoreMany] = useMutation(TodoRestoreManyMutationDocument, options);

  return {
    addTodo: useCallback(
      async (targetId: string) =>
        failure((await create({ variables: { targetId } })).data?.todoCreate, 'The to-do item could not be added.'),
      [create],
    ),
    markDone: useCallback(
      async (id: string) =>
        failure(
          (await markDone({ variables: { id } })).data?.todoMarkDone,
          'The to-do item could not be marked as done.',
        ),
      [markDone],
    ),
    restore: useCallback(
      async (id: string) =>
        failure((await restore({ variables: { id } })).data?.todoRestore, 'The to-do item could not be restored.'),
      [restore],
    ),
    /** Marks every pending to-do done; resolves to the ids it marked (for 'Undo'), or an error. */
    markAllDone: useCallback(async (): Promise<{ ids: string[]; error: string | null }> => {
      const payload = (await markAllDone()).data?.todosMarkAllDone;
      return {
        ids: payload?.todos.map((t) => t.id) ?? [],
        error: failure(payload, 'The to-do items could not be marked as done.'),
      };
    }, [markAllDone]),
    /** Undo of 'Mark all as done': restores the ids, 100 at a time (the server's list limit). */
    restoreMany: useCallback(
      async (ids: readonly string[]) => {
        for (let start = 0; start < ids.length; start += 100) {
          const error = failure(
            (await restoreMany({ variables: { ids: ids.slice(start, start + 100) } })).data?.todoRestoreMany,
            'The to-do items could not be restored.',
          );
          if (error) return error;
        }
        return null;
      },
      [restoreMany],
    ),
  };
}
