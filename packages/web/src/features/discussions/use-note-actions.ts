import type { ApolloClient } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useMemo } from 'react';
import {
  CreateDiscussionMutationDocument,
  CreateNoteMutationDocument,
  DestroyNoteMutationDocument,
  type DiscussionFieldsFragment,
  DiscussionToggleResolveMutationDocument,
  type NoteFieldsFragment,
  NoteQueryDocument,
  UpdateNoteMutationDocument,
} from '../../gql/graphql.ts';
import { type AwardUser, withToggledAward } from './award-emoji.tsx';
import { AWARD_ERROR, toggleAward } from './award-toggle.ts';
import { discussionStoreOf } from './load-pages.ts';
import type { Noteable } from './noteable.ts';

/** GitLab's messages for failed note requests. */
export const NOTE_MESSAGES = {
  create: 'Your comment could not be submitted! Please check your network connection and try again.',
  update: 'Something went wrong while editing your comment. Please try again.',
  destroy: 'Something went wrong while deleting your note. Please try again.',
  resolve: 'Something went wrong while resolving this discussion. Please try again.',
  award: AWARD_ERROR,
  stale: 'Someone edited this comment at the same time you did. Please refresh the page to see their changes.',
} as const;

type Result = { errors: string[] };

/**
 * The section's writes; each answers the errors to show (none: done, and the discussion store shows
 * it). Their answers go into the store (decision 0067), not Apollo's cache (`no-cache`).
 */
export function useNoteActions(noteable: Noteable, noteableId: string | null) {
  const client = useApolloClient();
  return useMemo(() => noteActions(client, noteable, noteableId), [client, noteable, noteableId]);
}

function noteActions(client: ApolloClient, noteable: Noteable, noteableId: string | null) {
  const store = discussionStoreOf(client);
  const fetchPolicy = 'no-cache' as const;

  const create = async (input: {
    body: string;
    internal: boolean;
    thread: boolean;
    discussion?: DiscussionFieldsFragment;
  }): Promise<Result> => {
    if (!noteableId) return { errors: [NOTE_MESSAGES.create] };
    try {
      const base = { noteableId, body: input.body, internal: input.internal };
      let discussion: DiscussionFieldsFragment | null | undefined;
      let errors: string[] = [];
      if (input.thread && !input.discussion) {
        const { data } = await client.mutate({
          mutation: CreateDiscussionMutationDocument,
          variables: { input: base },
          fetchPolicy,
        });
        discussion = data?.createDiscussion?.note?.discussion;
        errors = data?.createDiscussion?.errors ?? [];
      } else {
        const discussionId = input.discussion?.replyId;
        const { data } = await client.mutate({
          mutation: CreateNoteMutationDocument,
          variables: { input: { ...base, ...(discussionId ? { discussionId } : {}) } },
          fetchPolicy,
        });
        discussion = data?.createNote?.note?.discussion;
        errors = data?.createNote?.errors ?? [];
      }
      if (errors.length) return { errors };
      if (!discussion) return { errors: [NOTE_MESSAGES.create] };
      // A reply comes back as its whole discussion.
      if (input.discussion) store.putDiscussion(discussion);
      else store.addDiscussion(noteable, discussion);
      return { errors: [] };
    } catch {
      return { errors: [NOTE_MESSAGES.create] };
    }
  };

  /** Re-reads a note as saved now (someone else edited it meanwhile); rejects when it could not. */
  const refresh = async (note: NoteFieldsFragment): Promise<void> => {
    const { data } = await client.query({ query: NoteQueryDocument, variables: { id: note.id }, fetchPolicy });
    if (data?.note) store.putNote(data.note);
  };

  /** Saves a new text based on the version the user edited; a stale one saves nothing. */
  const update = async (
    note: NoteFieldsFragment,
    body: string,
    lockVersion: number,
  ): Promise<Result & { stale?: boolean }> => {
    try {
      const { data } = await client.mutate({
        mutation: UpdateNoteMutationDocument,
        variables: { input: { id: note.id, body, lockVersion } },
        fetchPolicy,
      });
      const errors = data?.updateNote?.errors ?? [];
      if (errors.includes(NOTE_MESSAGES.stale)) {
        // Show their version behind the form; the user's text stays in it.
        await refresh(note).catch(() => undefined);
        return { errors: [NOTE_MESSAGES.stale], stale: true };
      }
      if (errors.length) return { errors };
      const saved = data?.updateNote?.note;
      if (!saved) return { errors: [NOTE_MESSAGES.update] };
      store.putNote(saved);
      return { errors: [] };
    } catch {
      return { errors: [NOTE_MESSAGES.update] };
    }
  };

  const destroy = async (note: NoteFieldsFragment): Promise<Result> => {
    try {
      const { data } = await client.mutate({
        mutation: DestroyNoteMutationDocument,
        variables: { input: { id: note.id } },
        fetchPolicy,
      });
      const errors = data?.destroyNote?.errors ?? [];
      if (errors.length) return { errors };
      store.removeNote(note.id);
      return { errors: [] };
    } catch {
      return { errors: [NOTE_MESSAGES.destroy] };
    }
  };

  const toggleResolve = async (discussion: DiscussionFieldsFragment): Promise<Result> => {
    try {
      const { data } = await client.mutate({
        mutation: DiscussionToggleResolveMutationDocument,
        variables: { input: { id: discussion.id, resolve: !discussion.resolved } },
        fetchPolicy,
      });
      const errors = data?.discussionToggleResolve?.errors ?? [];
      const resolved = data?.discussionToggleResolve?.discussion;
      if (resolved && !errors.length) store.putDiscussion(resolved);
      return { errors: errors.length || resolved ? errors : [NOTE_MESSAGES.resolve] };
    } catch {
      return { errors: [NOTE_MESSAGES.resolve] };
    }
  };

  /** Adds or takes back the viewer's reaction; the note shows it once the server agreed. */
  const toggleNoteAward = async (note: NoteFieldsFragment, name: string, viewer: AwardUser): Promise<Result> => ({
    errors: await toggleAward(client, note.id, name, (on) =>
      store.updateNote(note.id, (current) => withToggledAward(current, name, viewer, on)),
    ),
  });

  return { create, update, refresh, destroy, toggleResolve, toggleAward: toggleNoteAward };
}
