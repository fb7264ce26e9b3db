import { useQuery } from '@apollo/client/react';
import { type ReactNode, useEffect } from 'react';
import { EditorPreferenceQueryDocument } from '../../gql/graphql.ts';
import { whenIdle } from '../../lib/after-paint.ts';
import { EditorPreferenceContext } from './editor-preference.ts';
import { loadRichText } from './rich/load-rich-text.ts';
import { storedMode } from './use-editor-mode.ts';

/**
 * Gives every markdown editor the signed-in user's default text editor (Preferences). When that is
 * rich text, its chunk loads while the browser is idle, so opening an edit form does not wait for it.
 */
export function EditorPreferenceProvider({ children }: { children: ReactNode }) {
  const { data } = useQuery(EditorPreferenceQueryDocument);
  const textEditor = data?.currentUser?.textEditor;
  const mode =
    textEditor === 'RICH_TEXT_EDITOR' ? 'contentEditor' : textEditor === 'PLAIN_TEXT_EDITOR' ? 'markdownField' : null;
  const signedIn = Boolean(data?.currentUser);
  useEffect(() => {
    if (!signedIn || (mode ?? storedMode()) !== 'contentEditor') return;
    return whenIdle(() => void loadRichText(), 2_000, 200);
  }, [signedIn, mode]);
  return <EditorPreferenceContext value={mode}>{children}</EditorPreferenceContext>;
}
