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
  NoteFieldsFragmentDoc,
  NoteQueryDocument,
  UpdateNoteMutationDocument,
} from '../../gql/graphql.ts';
import { type AwardUser, withToggledAward } from './award-emoji.tsx';
import { AWARD_ERROR, toggleAward } from './award-toggle.ts';
import { addDiscussion, removeNote } from './discussions-cache.ts';

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

/** The section's writes; each answers the errors to show (none: done, and the cache shows it). */
export function useNoteActions(noteableId: string | null, noteableCacheId: string | null) {
  const client = useApolloClient();
  return useMemo(() => noteActions(client, noteableId, noteableCacheId), [client, noteableId, noteableCacheId]);
}

function noteActions(client: ApolloClient, noteableId: string | null, noteableCacheId: string | null) {
  const create = async (input: {
    body: string;
    internal: boolean;
    thread: boolean;
    discussion?: DiscussionFieldsFragment;
  }): Promise<Result> => {
    if (!noteableId || !noteableCacheId) return { errors: [NOTE_MESSAGES.create] };
    try {
      const base = { noteableId, body: input.body, internal: input.internal };
      let discussion: DiscussionFieldsFragment | null | undefined;
      let errors: string[] = [];
      if (input.thread && !input.discussion) {
        const { data } = await client.mutate({
          mutation: CreateDiscussionMutationDocument,
          variables: { input: base },
        });
        discussion = data?.createDiscussion?.note?.discussion;
        errors = data?.createDiscussion?.errors ?? [];
      } else {
        const discussionId = input.discussion?.replyId;
        const { data } = await client.mutate({
          mutation: CreateNoteMutationDocument,
          variables: { input: { ...base, ...(discussionId ? { discussionId } : {}) } },
        });
        discussion = data?.createNote?.note?.discussion;
        errors = data?.createNote?.errors ?? [];
      }
      if (errors.length) return { errors };
      if (!discussion) return { errors: [NOTE_MESSAGES.create] };
      if (!input.discussion) {
        const ref = client.cache.identify(discussion);
        if (ref) addDiscussion(client.cache, noteableCacheId, { __ref: ref });
      }
      return { errors: [] };
    } catch {
      return { errors: [NOTE_MESSAGES.create] };
    }
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
      });
      const errors = data?.updateNote?.errors ?? [];
      if (errors.includes(NOTE_MESSAGES.stale)) {
        // Show their version behind the form; the user's text stays in it.
        await client
          .query({ query: NoteQueryDocument, variables: { id: note.id }, fetchPolicy: 'network-only' })
          .catch(() => undefined);
        return { errors: [NOTE_MESSAGES.stale], stale: true };
      }
      if (errors.length) return { errors };
      return data?.updateNote?.note ? { errors: [] } : { errors: [NOTE_MESSAGES.update] };
    } catch {
      return { errors: [NOTE_MESSAGES.update] };
    }
  };

  const destroy = async (note: NoteFieldsFragment, discussion: DiscussionFieldsFragment): Promise<Result> => {
    try {
      const { data } = await client.mutate({
        mutation: DestroyNoteMutationDocument,
        variables: { input: { id: note.id } },
      });
      const errors = data?.destroyNote?.errors ?? [];
      if (errors.length) return { errors };
      const noteCacheId = client.cache.identify(note);
      const discussionCacheId = client.cache.identify(discussion);
      if (noteableCacheId && noteCacheId && discussionCacheId) {
        const remaining = (discussion.notes.nodes ?? []).filter((n) => n && n.id !== note.id).length;
        removeNote(client.cache, noteableCacheId, discussionCacheId, noteCacheId, remaining === 0);
      }
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
      });
      const errors = data?.discussionToggleResolve?.errors ?? [];
      return { errors: errors.length || data?.discussionToggleResolve?.discussion ? errors : [NOTE_MESSAGES.resolve] };
    } catch {
      return { errors: [NOTE_MESSAGES.resolve] };
    }
  };

  /** Adds or takes back the viewer's reaction; the note shows it once the server agreed. */
  const toggleNoteAward = async (note: NoteFieldsFragment, name: string, viewer: AwardUser): Promise<Result> => ({
    errors: await toggleAward(client, note.id, name, (on) =>
      client.cache.updateFragment(
        { id: client.cache.identify(note), fragment: NoteFieldsFragmentDoc, fragmentName: 'NoteFields' },
        (current) => current && withToggledAward(current, name, viewer, on),
      ),
    ),
  });

  return { create, update, destroy, toggleResolve, toggleAward: toggleNoteAward };
}
