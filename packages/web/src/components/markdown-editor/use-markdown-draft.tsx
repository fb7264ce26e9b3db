import { type ReactNode, useEffect, useRef, useState } from 'react';
import { whenIdle } from '../../lib/after-paint.ts';
import { clearDraft, readDraft, writeDraft } from '../../lib/drafts.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import styles from './markdown-editor.module.css';

/** Where a form keeps its draft, and the version of the text it edits (descriptions; none for new text). */
export type MarkdownAutosave = { key: string; lockVersion?: number };

/** GitLab's warning for a draft written against an older version of the text. */
export const OUTDATED_DRAFT_MESSAGE =
  'The comment you are editing has been changed by another user. Would you like to keep your changes and overwrite the new description or discard your changes?';
export const RESTORED_DRAFT_MESSAGE = 'Your unsaved changes from this browser were restored.';

/**
 * How long a pause in typing is before the draft is written (then when the browser is idle): a
 * long text is not stored while it is typed — the form hears of it at each pause (COMMIT_DELAY_MS), and a
 * 50 KB draft written then landed between the keys (decision 0070). The draft is also written when
 * the page is hidden or left (`pagehide`, `visibilitychange`), from the editor's own text, so a
 * reload or a closed tab loses nothing typed.
 */
export const DRAFT_DELAY_MS = 1_000;

/** Forgets a form's draft: after a save, and on Cancel. */
export function clearMarkdownDraft(autosave: MarkdownAutosave | undefined): void {
  if (autosave) clearDraft(autosave.key);
}

/**
 * Draft autosave for one markdown field (issue 14: every form that uses the markdown editor): the
 * text is kept in `localStorage` as the user types, with the lock version it is based on; when
 * the form opens with a draft that differs from the text, the draft is put back with a notice
 * (Discard returns to the saved text), and a draft of an older version asks Keep or Discard.
 * The form clears it on save and Cancel (`clearMarkdownDraft`). `current` gives the editor's text
 * as typed now (the form's `value` follows it after a pause).
 */
export function useMarkdownDraft(
  autosave: MarkdownAutosave | undefined,
  value: string,
  onChange: (value: string) => void,
  current: () => string,
): ReactNode {
  const key = autosave?.key;
  // The text the form opened with, and the draft found then (read once).
  const [initial] = useState(() => {
    const draft = key ? readDraft(key) : null;
    const restored = draft?.description !== undefined && draft.description !== value ? draft : null;
    return { value, restored };
  });
  const [notice, setNotice] = useState<'restored' | 'outdated' | null>(() => {
    const { restored } = initial;
    if (!restored) return null;
    const outdated =
      autosave?.lockVersion !== undefined &&
      restored.lockVersion !== undefined &&
      restored.lockVersion !== autosave.lockVersion;
    return outdated ? 'outdated' : 'restored';
  });
  const callback = useRef(onChange);
  callback.current = onChange;

  // Put the draft back once the editor is there.
  useEffect(() => {
    if (initial.restored?.description !== undefined) callback.current(initial.restored.description);
  }, [initial]);

  // Writes the text as it is now, when it changed since the last write (a text back at the
  // original, or empty, needs no draft).
  const lockVersion = autosave?.lockVersion;
  const stored = useRef({ text: initial.value, lockVersion });
  const write = useRef(() => {});
  write.current = () => {
    if (!key) return;
    const text = current();
    if (text === stored.current.text && lockVersion === stored.current.lockVersion) return;
    stored.current = { text, lockVersion };
    if (text === initial.value || text === '') clearDraft(key);
    else writeDraft(key, { description: text, ...(lockVersion === undefined ? {} : { lockVersion }) });
  };

  // A pause in typing (the form hears of the text at each one): written after DRAFT_DELAY_MS more.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new text or lock version starts the wait again
  useEffect(() => {
    if (!key) return;
    let cancelIdle: (() => void) | null = null;
    const timer = window.setTimeout(() => {
      cancelIdle = whenIdle(() => write.current(), DRAFT_DELAY_MS);
    }, DRAFT_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      cancelIdle?.();
    };
  }, [key, value, lockVersion]);

  // The page hidden or left: written now.
  useEffect(() => {
    if (!key) return;
    const now = () => write.current();
    const hidden = () => {
      if (document.visibilityState === 'hidden') write.current();
    };
    window.addEventListener('pagehide', now);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', now);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [key]);

  if (!notice || !key) return null;
  return (
    <DraftNotice
      kind={notice}
      onKeep={() => setNotice(null)}
      onDiscard={() => {
        clearDraft(key);
        setNotice(null);
        callback.current(initial.value);
      }}
    />
  );
}

/** The notice of a restored draft: 'restored', or 'outdated' (written against an older version). */
export function DraftNotice({
  kind,
  onKeep,
  onDiscard,
}: {
  kind: 'restored' | 'outdated';
  onKeep: () => void;
  onDiscard: () => void;
}) {
  return (
    <Alert variant={kind === 'outdated' ? 'warning' : 'info'} className={styles.draftNotice}>
      <p className={styles.draftNoticeText}>{kind === 'outdated' ? OUTDATED_DRAFT_MESSAGE : RESTORED_DRAFT_MESSAGE}</p>
      <div className={styles.draftNoticeActions}>
        <Button compact onPress={onKeep}>
          {kind === 'outdated' ? 'Keep' : 'Keep draft'}
        </Button>
        <Button compact onPress={onDiscard}>
          Discard
        </Button>
      </div>
    </Alert>
  );
}
