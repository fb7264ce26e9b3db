import { useRef, useState } from 'react';
import { clearMarkdownDraft, type MarkdownAutosave } from '../../components/markdown-editor/use-markdown-draft.tsx';
import { useConfirmSecrets } from '../../components/secret-warning/secret-warning.tsx';
import { Button } from '../../components/ui/button.tsx';
import type { NoteFieldsFragment } from '../../gql/graphql.ts';
import { ServerHtml } from '../issuables/server-html.tsx';
import styles from './discussions.module.css';
import { NoteEditor } from './note-editor.tsx';
import type { Noteable } from './noteable.ts';

type NoteEditFormProps = {
  noteable: Noteable;
  note: NoteFieldsFragment;
  onSave: (body: string, lockVersion: number) => Promise<{ errors: string[]; stale?: boolean }>;
  onClose: () => void;
};

/**
 * Edits a comment based on the version the user opened. When someone changed it meanwhile nothing
 * is overwritten: GitLab's message, their version above the form, the user's text kept; the next
 * save is based on their version.
 */
export function NoteEditForm({ noteable, note, onSave, onClose }: NoteEditFormProps) {
  const [body, setBody] = useState(note.body);
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [showLatest, setShowLatest] = useState(false);
  const base = useRef(note.lockVersion);
  const confirmSecrets = useConfirmSecrets();
  // GitLab's key of an edited note's draft, stamped with the version it is based on.
  const [autosave] = useState<MarkdownAutosave>(() => ({
    key: `autosave/Note/${note.id}`,
    lockVersion: note.lockVersion,
  }));
  const close = () => {
    clearMarkdownDraft(autosave);
    onClose();
  };

  const handleSubmit = async () => {
    if (pending || body.trim() === '') return;
    if (!(await confirmSecrets(body, 'comment'))) return;
    setPending(true);
    setErrors([]);
    const result = await onSave(body, base.current);
    setPending(false);
    if (result.stale) {
      setShowLatest(true);
      // `note` is re-read by now: the next save is based on what they saved.
      setErrors(result.errors);
      return;
    }
    if (result.errors.length) setErrors(result.errors);
    else close();
  };

  // After a conflict the cache holds their version: base the next save on it.
  if (showLatest && note.lockVersion !== base.current) base.current = note.lockVersion;

  return (
    <form
      aria-label="Edit comment"
      onSubmit={(event) => {
        event.preventDefault();
        void handleSubmit();
      }}
    >
      {showLatest && note.bodyHtml && (
        <section className={styles.latest} aria-label="Latest version">
          <h3 className={styles.latestHeading}>Latest version</h3>
          <ServerHtml html={note.bodyHtml} />
        </section>
      )}
      <NoteEditor
        noteable={noteable}
        label="Edit comment"
        placeholder="Write a comment or drag your files here…"
        value={body}
        onChange={setBody}
        onSubmit={() => void handleSubmit()}
        onCancel={close}
        autosave={autosave}
        isDisabled={pending}
        autoFocus
        errors={errors}
      >
        <Button type="submit" variant="primary" isDisabled={body.trim() === '' || pending} isPending={pending}>
          Save comment
        </Button>
        <Button onPress={close} isDisabled={pending}>
          Cancel
        </Button>
      </NoteEditor>
    </form>
  );
}
