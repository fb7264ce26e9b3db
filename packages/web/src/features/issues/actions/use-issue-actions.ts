import { CombinedGraphQLErrors } from '@apollo/client';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAlerts } from '../../../app/alerts/use-alerts.ts';
import {
  IssueActionsSubscriptionMutationDocument,
  IssueActionsUpdateMutationDocument,
  IssuePromoteToEpicMutationDocument,
} from '../../../gql/graphql.ts';
import { clearDraft, draftKey } from '../../../lib/drafts.ts';
import { routes } from '../../../lib/routes.ts';
import { useCopyText } from '../../../lib/use-copy-text.ts';
import { deleteIssue, markIssueAsSpam } from './issue-requests.ts';

/** Spec 002 §8, verbatim. */
export const STATE_ERROR = 'Error occurred while updating the issue status';
export const PROMOTE_SUCCESS = 'The issue was successfully promoted to an epic. Redirecting to epic...';
export const PROMOTE_ERROR = 'Something went wrong while promoting the issue to an epic. Please try again.';
export const REFERENCE_COPIED = 'Reference copied';
export const EMAIL_COPIED = 'Email address copied';
/** GitLab's words for the other actions' failures. */
export const LOCK_ERROR = 'Something went wrong trying to change the locked state of this issue';
export const SUBSCRIPTION_ERROR = 'An error occurred while updating notifications.';
export const SPAM_ERROR = 'Something went wrong while submitting the issue as spam. Please try again.';
export const SPAM_SUCCESS = 'The issue was submitted as spam and is now hidden.';
export const DELETE_ERROR = 'Something went wrong while deleting the issue. Please try again.';
export const DELETED_MESSAGE = 'The issue was successfully deleted.';

/** GitLab's document event after the state changed (`EVENT_ISSUABLE_VUE_APP_CHANGE`). */
export const ISSUABLE_CHANGE_EVENT = 'issuable_vue_app:change';

/** How long the promote success message shows before the page goes to the epic. */
const PROMOTE_REDIRECT_DELAY_MS = 1500;

type Issue = {
  id: string;
  iid: string;
  state: string;
  discussionLocked: boolean;
  subscribed: boolean;
  fullReference: string;
  createNoteEmail?: string | null;
};

const firstError = (error: unknown) => (CombinedGraphQLErrors.is(error) ? error.errors[0]?.message : undefined);

/** Each action of the issue's menu, with its messages (spec 002 §4.1, §4.4, §8). */
export function useIssueActions(issue: Issue, projectPath: string) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const { pushAlert } = useAlerts();
  const copyText = useCopyText();
  const [update] = useMutation(IssueActionsUpdateMutationDocument);
  const [promote, promoting] = useMutation(IssuePromoteToEpicMutationDocument);
  const [setSubscription] = useMutation(IssueActionsSubscriptionMutationDocument);
  const [isStateChanging, setStateChanging] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  const base = { projectPath, iid: issue.iid };

  /** Closes an open issue or reopens a closed one; false when it failed (the alert says so). */
  const toggleState = async (): Promise<boolean> => {
    if (isStateChanging) return false;
    setStateChanging(true);
    const stateEvent = issue.state === 'closed' ? 'REOPEN' : 'CLOSE';
    try {
      const result = await update({ variables: { input: { ...base, stateEvent } } });
      const payload = result.data?.updateIssue;
      if (!payload?.issue || payload.errors.length > 0) throw new Error(payload?.errors[0]);
      const isClosed = payload.issue.state === 'closed';
      document.dispatchEvent(
        new CustomEvent(ISSUABLE_CHANGE_EVENT, {
          detail: { data: { id: issue.id, state: payload.issue.state }, isClosed },
        }),
      );
      return true;
    } catch {
      pushAlert({ variant: 'danger', message: STATE_ERROR });
      return false;
    } finally {
      setStateChanging(false);
    }
  };

  const promoteToEpic = async () => {
    try {
      const result = await promote({ variables: { input: base } });
      const payload = result.data?.promoteToEpic;
      if (!payload?.epic || payload.errors.length > 0) throw new Error(payload?.errors[0]);
      const epicPath = payload.epic.webPath;
      pushAlert({ variant: 'success', message: PROMOTE_SUCCESS, keepOnNavigate: true });
      window.setTimeout(() => void navigate(epicPath), PROMOTE_REDIRECT_DELAY_MS);
    } catch {
      pushAlert({ variant: 'danger', message: PROMOTE_ERROR });
    }
  };

  const toggleLock = async () => {
    try {
      const result = await update({ variables: { input: { ...base, locked: !issue.discussionLocked } } });
      const payload = result.data?.updateIssue;
      if (!payload?.issue || payload.errors.length > 0) throw new Error(payload?.errors[0]);
    } catch (error) {
      pushAlert({ variant: 'danger', message: firstError(error) ?? LOCK_ERROR });
    }
  };

  const toggleSubscription = async () => {
    try {
      const result = await setSubscription({
        variables: { input: { ...base, subscribedState: !issue.subscribed } },
      });
      const payload = result.data?.issueSetSubscription;
      if (!payload?.issue || payload.errors.length > 0) throw new Error(payload?.errors[0]);
    } catch (error) {
      pushAlert({ variant: 'danger', message: firstError(error) ?? SUBSCRIPTION_ERROR });
    }
  };

  const submitAsSpam = async () => {
    try {
      await markIssueAsSpam(projectPath, issue.iid);
      client.cache.modify({
        id: client.cache.identify({ __typename: 'Issue', id: issue.id }),
        fields: { hidden: () => true },
      });
      // The permission flags changed with it (no second submission): read them again.
      await client.refetchQueries({ include: ['IssueActionsQuery'] });
      pushAlert({ variant: 'success', message: SPAM_SUCCESS });
    } catch {
      pushAlert({ variant: 'danger', message: SPAM_ERROR });
    }
  };

  /** Deletes the issue; returns whether it worked (then the page has moved to the issue list). */
  const remove = async (): Promise<boolean> => {
    setDeleting(true);
    try {
      await deleteIssue(projectPath, issue.iid);
    } catch {
      pushAlert({ variant: 'danger', message: DELETE_ERROR });
      setDeleting(false);
      return false;
    }
    pushAlert({ variant: 'success', message: DELETED_MESSAGE, keepOnNavigate: true });
    clearDraft(draftKey(window.location)); // the edit form's draft of this page (spec 002 §4.2)
    await navigate(routes.projectIssues(projectPath));
    client.cache.evict({ id: client.cache.identify({ __typename: 'Issue', id: issue.id }) });
    client.cache.gc();
    return true;
  };

  return {
    toggleState,
    promoteToEpic,
    isPromoting: promoting.loading,
    copyReference: () => copyText(issue.fullReference, REFERENCE_COPIED, 'reference'),
    copyEmail: () =>
      issue.createNoteEmail ? copyText(issue.createNoteEmail, EMAIL_COPIED, 'email address') : undefined,
    toggleLock,
    toggleSubscription,
    submitAsSpam,
    remove,
    isStateChanging,
    isDeleting,
  };
}
