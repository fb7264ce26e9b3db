import { type KeyboardEvent, memo, useRef, useState } from 'react';
import { Menu, MenuItem, MenuTrigger, Popover, Text } from 'react-aria-components';
import { useConfirmSecrets } from '../../components/secret-warning/secret-warning.tsx';
import { useShortcut } from '../../components/shortcuts/use-shortcut.ts';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import styles from './discussions.module.css';
import { bodyWithSelectionQuoted, editLastOwnNote, focusFormText } from './issuable-shortcuts.ts';
import { NoteEditor } from './note-editor.tsx';
import { issuableWord, type Noteable } from './noteable.ts';
import { useDraft } from './use-draft.ts';

export const INTERNAL_NOTE_LABEL = 'Make this an internal note';
export const INTERNAL_NOTE_HELP = 'Internal notes are only visible to members with the role of Reporter or higher';

type Mode = 'comment' | 'thread';

function submitLabel(mode: Mode, internal: boolean): string {
  if (mode === 'thread') return internal ? 'Start internal thread' : 'Start thread';
  return internal ? 'Add internal note' : 'Comment';
}

type CommentFormProps = {
  noteable: Noteable;
  canMarkInternal: boolean;
  onSubmit: (input: { body: string; internal: boolean; thread: boolean }) => Promise<{ errors: string[] }>;
};

/**
 * The form under (or, newest first, above) the activity: GitLab's split button — 'Comment' or
 * 'Start thread' — and 'Make this an internal note' for Reporter+. The text is a draft kept in
 * the browser until it is saved; a failed request keeps it and says why.
 *
 * `memo`, with stable props from the section: the thread's pages and edits must not render it again —
 * each render of the editor's Write/Preview tabs walks the panel's content for something tabbable
 * (React Aria's `useHasTabbableChild`), ~66 ms over a 500-note thread's steps (decision 0076).
 */
export const CommentForm = memo(function CommentForm({ noteable, canMarkInternal, onSubmit }: CommentFormProps) {
  const [body, setBody, clearBody] = useDraft(`${noteable.type}/${noteable.fullPath}/${noteable.iid}/comment`);
  const [internal, setInternal] = useState(false);
  const [mode, setMode] = useState<Mode>('comment');
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const isEmpty = body.trim() === '';
  const isInternal = canMarkInternal && internal;
  const confirmSecrets = useConfirmSecrets();
  const formRef = useRef<HTMLFormElement>(null);

  // `r`: reply, quoting what is selected on the page.
  useShortcut('replyWithQuote', () => {
    setBody(bodyWithSelectionQuoted(body));
    requestAnimationFrame(() => focusFormText(formRef.current));
  });

  // Up in the empty field edits the viewer's last comment. The field itself says whether it is empty:
  // the editor tells the form its text only after a pause in typing.
  const handleKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'ArrowUp' || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = event.target as HTMLElement;
    const text =
      target instanceof HTMLTextAreaElement ? target.value : target.isContentEditable ? target.textContent : null;
    if (text === null || text.trim() !== '') return;
    if (editLastOwnNote()) event.preventDefault();
  };

  const handleSubmit = async () => {
    if (pending || isEmpty) return;
    if (!(await confirmSecrets(body, 'comment'))) return;
    setPending(true);
    setErrors([]);
    const result = await onSubmit({ body, internal: isInternal, thread: mode === 'thread' });
    setPending(false);
    if (result.errors.length) setErrors(result.errors);
    else {
      clearBody();
      setInternal(false);
    }
  };

  return (
    <form
      ref={formRef}
      className={styles.commentForm}
      aria-label="Add a comment"
      onKeyDown={handleKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        void handleSubmit();
      }}
    >
      <NoteEditor
        noteable={noteable}
        label="Comment"
        placeholder="Write a comment or drag your files here…"
        value={body}
        onChange={setBody}
        onSubmit={() => void handleSubmit()}
        isDisabled={pending}
        errors={errors}
      >
        {canMarkInternal && (
          <div className={styles.internalToggle}>
            <Checkbox isSelected={internal} onChange={setInternal} isDisabled={pending}>
              {INTERNAL_NOTE_LABEL}
            </Checkbox>
            <span className={styles.help} title={INTERNAL_NOTE_HELP}>
              <Icon name="info" label={INTERNAL_NOTE_HELP} />
            </span>
          </div>
        )}
        <div className={styles.splitButton}>
          <Button
            type="submit"
            variant="primary"
            className={styles.splitMain}
            isDisabled={isEmpty || pending}
            isPending={pending}
          >
            {submitLabel(mode, isInternal)}
          </Button>
          <MenuTrigger>
            <Button
              variant="primary"
              iconOnly
              aria-label="Comment type"
              className={styles.splitToggle}
              isDisabled={pending}
            >
              <Icon name="chevron-down" />
            </Button>
            <Popover className={styles.popover} placement="bottom end">
              <Menu
                className={styles.menu}
                aria-label="Comment type"
                selectionMode="single"
                selectedKeys={[mode]}
                disallowEmptySelection
                onSelectionChange={(keys) => {
                  const [key] = [...(keys as Set<string>)];
                  if (key === 'comment' || key === 'thread') setMode(key);
                }}
              >
                <MenuItem id="comment" className={styles.menuOption} textValue="Comment">
                  {({ isSelected }) => (
                    <>
                      <span className={styles.menuCheck}>{isSelected && <Icon name="check" />}</span>
                      <span>
                        <Text slot="label" className={styles.menuTitle}>
                          Comment
                        </Text>
                        <Text slot="description" className={styles.menuDescription}>
                          {`Add a general comment to this ${issuableWord(noteable.type)}.`}
                        </Text>
                      </span>
                    </>
                  )}
                </MenuItem>
                <MenuItem id="thread" className={styles.menuOption} textValue="Start thread">
                  {({ isSelected }) => (
                    <>
                      <span className={styles.menuCheck}>{isSelected && <Icon name="check" />}</span>
                      <span>
                        <Text slot="label" className={styles.menuTitle}>
                          Start thread
                        </Text>
                        <Text slot="description" className={styles.menuDescription}>
                          Discuss a specific suggestion or question that needs to be resolved.
                        </Text>
                      </span>
                    </>
                  )}
                </MenuItem>
              </Menu>
            </Popover>
          </MenuTrigger>
        </div>
      </NoteEditor>
    </form>
  );
});
