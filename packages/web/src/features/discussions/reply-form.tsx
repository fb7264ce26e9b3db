import { useState } from 'react';
import { useConfirmSecrets } from '../../components/secret-warning/secret-warning.tsx';
import { Button } from '../../components/ui/button.tsx';
import { NoteEditor } from './note-editor.tsx';
import type { Noteable } from './noteable.ts';
import { useDraft } from './use-draft.ts';

type ReplyFormProps = {
  noteable: Noteable;
  discussionId: string;
  onSubmit: (body: string) => Promise<{ errors: string[] }>;
  onClose: () => void;
};

/** A reply in a discussion (its draft kept per discussion until it is sent or cancelled). */
export function ReplyForm({ noteable, discussionId, onSubmit, onClose }: ReplyFormProps) {
  const [body, setBody, clearBody] = useDraft(
    `${noteable.type}/${noteable.fullPath}/${noteable.iid}/reply/${discussionId}`,
  );
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const isEmpty = body.trim() === '';
  const confirmSecrets = useConfirmSecrets();

  const handleSubmit = async () => {
    if (pending || isEmpty) return;
    if (!(await confirmSecrets(body, 'comment'))) return;
    setPending(true);
    setErrors([]);
    const result = await onSubmit(body);
    setPending(false);
    if (result.errors.length) setErrors(result.errors);
    else {
      clearBody();
      onClose();
    }
  };

  const handleCancel = () => {
    clearBody();
    onClose();
  };

  return (
    <form
      aria-label="Reply to comment"
      onSubmit={(event) => {
        event.preventDefault();
        void handleSubmit();
      }}
    >
      <NoteEditor
        noteable={noteable}
        label="Reply"
        placeholder="Reply…"
        value={body}
        onChange={setBody}
        onSubmit={() => void handleSubmit()}
        onCancel={handleCancel}
        isDisabled={pending}
        autoFocus
        errors={errors}
      >
        <Button type="submit" variant="primary" isDisabled={isEmpty || pending} isPending={pending}>
          Reply
        </Button>
        <Button onPress={handleCancel} isDisabled={pending}>
          Cancel
        </Button>
      </NoteEditor>
    </form>
  );
}
