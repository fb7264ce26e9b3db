import type { ReactNode } from 'react';
import { projectAutocomplete } from '../../components/markdown-editor/autocomplete/autocomplete-suggestions.tsx';
import { MarkdownEditor } from '../../components/markdown-editor/markdown-editor.tsx';
import type { MarkdownAutosave } from '../../components/markdown-editor/use-markdown-draft.tsx';
import { useUploads } from '../../components/uploads/use-uploads.tsx';
import { previewNote } from './discussion-requests.ts';
import styles from './discussions.module.css';
import type { Noteable } from './noteable.ts';

type NoteEditorProps = {
  noteable: Noteable;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** Ctrl/Cmd+Enter: the form's main action (not when the text is empty). */
  onSubmit: () => void;
  isDisabled?: boolean;
  autoFocus?: boolean;
  /** Errors of the last attempt; the text stays. */
  errors: readonly string[];
  /** The buttons (and the internal checkbox) under the text. */
  children: ReactNode;
  /** Escape (edit and reply forms close). */
  onCancel?: () => void;
  /** Draft autosave with a restore notice (the edit form; new comments and replies keep theirs with `useDraft`). */
  autosave?: MarkdownAutosave;
};

/**
 * The markdown text area with Write / Preview of every note form (comment, reply, edit): the
 * markdown editor of the description forms, with the noteable's preview, Ctrl/Cmd+Enter to submit and
 * the form's errors above its buttons.
 */
export function NoteEditor({
  noteable,
  label,
  placeholder,
  value,
  onChange,
  onSubmit,
  isDisabled,
  autoFocus,
  errors,
  children,
  onCancel,
  autosave,
}: NoteEditorProps) {
  const attach = useUploads({ kind: noteable.type === 'Issue' ? 'project' : 'group', fullPath: noteable.fullPath });
  return (
    <div className={styles.editor}>
      <MarkdownEditor
        value={value}
        onChange={onChange}
        preview={(text) => previewNote(noteable, text)}
        autocomplete={
          noteable.type === 'Epic' ? { groupPath: noteable.fullPath } : projectAutocomplete(noteable.fullPath)
        }
        label={label}
        hideLabel
        placeholder={placeholder}
        autoFocus={autoFocus}
        compact
        isDisabled={isDisabled}
        onSave={() => {
          if (value.trim() !== '') onSubmit();
        }}
        onCancel={onCancel}
        autosave={autosave}
        onFiles={attach.onFiles}
        uploads={attach.uploads}
      />
      {errors.length > 0 && (
        <div className={styles.formErrors} role="alert">
          {errors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      )}
      <div className={styles.formActions}>{children}</div>
    </div>
  );
}
