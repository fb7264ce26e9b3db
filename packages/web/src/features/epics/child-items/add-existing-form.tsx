import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { AddExistingSuggestions } from './add-existing-suggestions.tsx';
import styles from './child-items-forms.module.css';
import { ReferenceTokensField } from './reference-tokens-field.tsx';
import { addReferences, formHeading } from './tree-model.ts';
import { usePendingReferences } from './use-pending-references.ts';

export type AddExistingFormProps = {
  kind: 'epic' | 'issue';
  /** The epic's group: its items (and its subgroups') are suggested as you type. */
  groupFullPath: string;
  /** The parent epic is confidential: the heading says so (its children must be confidential too). */
  confidential: boolean;
  /** Adds the references; rejects with the message to show (the form stays open). */
  onSubmit: (references: string[]) => Promise<void>;
  onCancel: () => void;
};

/**
 * 'Add an existing issue / epic': references typed or pasted (split on whitespace) collect in a
 * pending list, words typed suggest matching open items to pick; Add sends the list plus whatever
 * is still in the input.
 */
export function AddExistingForm({ kind, groupFullPath, confidential, onSubmit, onCancel }: AddExistingFormProps) {
  const headingId = useId();
  const references = usePendingReferences();
  const { pending, input, setPending, setInput, isEmpty, all } = references;
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (isEmpty || submitting) return;
    const submitted = all();
    setSubmitting(true);
    setError(null);
    try {
      await onSubmit(submitted);
      setPending([]);
      setInput('');
    } catch (failure) {
      setPending(submitted);
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
      <ReferenceTokensField
        label={`Paste ${kind} links or references`}
        listLabel={`Pending ${kind} references`}
        placeholder={kind === 'epic' ? '&1 or group/path&1' : 'group/project#1'}
        references={references}
      />
      <AddExistingSuggestions
        kind={kind}
        groupFullPath={groupFullPath}
        term={input}
        pending={pending}
        onPick={(reference) => {
          setPending(addReferences(pending, reference));
          setInput('');
        }}
      />
      <div className={styles.actions}>
        <Button type="submit" variant="primary" isDisabled={isEmpty || submitting}>
          {submitting ? 'Adding…' : 'Add'}
        </Button>
        <Button onPress={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
