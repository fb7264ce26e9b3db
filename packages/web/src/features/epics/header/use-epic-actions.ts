import { useApolloClient } from '@apollo/client/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAlerts } from '../../../app/alerts/use-alerts.ts';
import type { EpicPageEpicFragment } from '../../../gql/graphql.ts';
import { routes } from '../../../lib/routes.ts';
import { useCopyText } from '../../../lib/use-copy-text.ts';
import { deleteEpic, updateEpicState } from './epic-requests.ts';

/** Spec 001 §8. */
export const STATE_CHANGE_ERROR = 'Unable to update this epic at this time.';
export const DELETE_ERROR = 'Unable to delete this epic at this time. Try again.';
export const DELETED_MESSAGE = 'The epic was successfully deleted.';
export const REFERENCE_COPIED = 'Reference copied';

type Epic = Pick<EpicPageEpicFragment, 'id' | 'iid' | 'state' | 'fullReference'>;

/** The header's actions: close/reopen, copy the reference and delete, with their messages. */
export function useEpicActions(epic: Epic, groupFullPath: string) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const { pushAlert } = useAlerts();
  const copyText = useCopyText();
  const [isStateChanging, setStateChanging] = useState(false);
  const [isDeleting, setDeleting] = useState(false);

  const toggleState = async () => {
    if (isStateChanging) return;
    setStateChanging(true);
    try {
      const result = await updateEpicState(groupFullPath, epic.iid, epic.state === 'opened' ? 'close' : 'reopen');
      client.cache.modify({
        id: client.cache.identify({ __typename: 'Epic', id: epic.id }),
        fields: {
          state: () => result.state,
          lockVersion: (current: number) => result.lockVersion ?? current,
        },
      });
    } catch {
      pushAlert({ variant: 'danger', message: STATE_CHANGE_ERROR });
    } finally {
      setStateChanging(false);
    }
  };

  const copyReference = () => copyText(epic.fullReference, REFERENCE_COPIED, 'reference');

  /** Deletes the epic; returns whether it worked (then the page has moved to the epics list). */
  const remove = async (): Promise<boolean> => {
    setDeleting(true);
    try {
      await deleteEpic(groupFullPath, epic.iid);
    } catch {
      pushAlert({ variant: 'danger', message: DELETE_ERROR });
      setDeleting(false);
      return false;
    }
    pushAlert({ variant: 'success', message: DELETED_MESSAGE, keepOnNavigate: true });
    await navigate(routes.groupEpics(groupFullPath));
    // Lists that held the epic drop it (after leaving its page, which would otherwise re-read it).
    client.cache.evict({ id: client.cache.identify({ __typename: 'Epic', id: epic.id }) });
    client.cache.gc();
    return true;
  };

  return { toggleState, copyReference, remove, isStateChanging, isDeleting };
}
