import { useId, useState } from 'react';
import { Button as AriaButton, Input, Label, TextField } from 'react-aria-components';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import styles from './child-items-forms.module.css';
import { formHeading } from './tree-model.ts';
import { usePendingReferences } from './use-pending-references.ts';

export type AddExistingFormProps = {
  kind: 'epic' | 'issue';
  /** The parent epic is confidential: the heading says so (its children must be confidential too). */
  confidential: boolean;
  /** Adds the references; rejects with the message to show (the form stays open). */
  onSubmit: (references: string[]) => Promise<void>;
  onCancel: () => void;
};

/**
 * 'Add an existing issue / epic': references typed or pasted (split on whitespace) collect in a
 * pending list; Add sends the list plus whatever is still in the input.
 */
export function AddExistingForm({ kind, confidential, onSubmit, onCancel }: AddExistingFormProps) {
  const headingId = useId();
  const { pending, setPending, input, setInput, isEmpty, handleInputChange, handleKeyDown, remove, all } =
    usePendingReferences();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (isEmpty || submitting) return;
    const references = all();
    setSubmitting(true);
    setError(null);
    try {
      await onSubmit(references);
      setPending([]);
      setInput('');
    } catch (failure) {
      setPending(references);
      setInput('');
      setError(failure instanceof Error ? failure.message : `Something went wrong while adding ${kind}s.`);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className={styles.form} aria-labelledby={headingId} onSubmit={handleSubmit}>
      <h3 id={headingId} className={styles.heading}>
        {formHeading('add', kind, confidential)}
      </h3>
      {error && <Alert variant="danger">{error}</Alert>}
      <TextField className={styles.field} value={input} onChange={handleInputChange} autoFocus>
        <Label className={styles.label}>{`Paste ${kind} links or references`}</Label>
        <div className={styles.tokens}>
          {pending.length > 0 && (
            <ul className={styles.tokenList} aria-label={`Pending ${kind} references`}>
              {pending.map((reference) => (
                <li key={reference} className={styles.token}>
                  <span>{reference}</span>
                  <AriaButton
                    className={styles.tokenRemove}
                    aria-label={`Remove ${reference}`}
                    onPress={() => remove(reference)}
                  >
                    <Icon name="close" size={12} />
                  </AriaButton>
                </li>
              ))}
            </ul>
          )}
          <Input
            className={styles.tokenInput}
            placeholder={kind === 'epic' ? '&1 or group/path&1' : 'group/project#1'}
            onKeyDown={handleKeyDown}
          />
        </div>
      </TextField>
      <div className={styles.actions}>
        <Button type="submit" variant="primary" isDisabled={isEmpty || submitting}>
          {submitting ? 'Adding…' : 'Add'}
        </Button>
        <Button onPress={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
