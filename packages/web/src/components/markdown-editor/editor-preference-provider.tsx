import { useQuery } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { EditorPreferenceQueryDocument } from '../../gql/graphql.ts';
import { EditorPreferenceContext } from './editor-preference.ts';

/** Gives every markdown editor the signed-in user's default text editor (Preferences). */
export function EditorPreferenceProvider({ children }: { children: ReactNode }) {
  const { data } = useQuery(EditorPreferenceQueryDocument);
  const textEditor = data?.currentUser?.textEditor;
  const mode =
    textEditor === 'RICH_TEXT_EDITOR' ? 'contentEditor' : textEditor === 'PLAIN_TEXT_EDITOR' ? 'markdownField' : null;
  return <EditorPreferenceContext value={mode}>{children}</EditorPreferenceContext>;
}
