import { type FormEvent, useId, useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ReferenceTokensField } from '../../epics/child-items/reference-tokens-field.tsx';
import { usePendingReferences } from '../../epics/child-items/use-pending-references.ts';
import styles from './linked-items.module.css';
import { LINK_TYPES, type LinkedItemType, type LinkType, linkedItemsMessages } from './linked-items-api.ts';

/** The relation type choice, in GitLab's words (spec 001 §4). */
export const LINK_TYPE_TEXT: Record<LinkType, string> = {
  relates_to: 'relates to',
  blocks: 'blocks',
  is_blocked_by: 'is blocked by',
};

export type AddLinkedItemsFormProps = {
  type: LinkedItemType;
  /** Links the references; rejects with the message to show (the form stays open, nothing lost). */
  onSubmit: (references: string[], linkType: LinkType) => Promise<void>;
  onCancel: () => void;
};

/**
 * The add-related form (spec 001 §2.8, §5): references (`&5`, `group/path&5`, epic URLs) typed or
 * pasted collect as removable chips; a relation type (default 'relates to'); Add sends the chips
 * plus what is still in the input. Add is disabled while both are empty or while submitting.
 */
export function AddLinkedItemsForm({ type, onSubmit, onCancel }: AddLinkedItemsFormProps) {
  const headingId = useId();
  const references = usePendingReferences();
  const { setPending, setInput, isEmpty, all } = references;
  const [linkType, setLinkType] = useState<LinkType>('relates_to');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isEmpty || submitting) return;
    const submitted = all();
    setSubmitting(true);
    setError(null);
    setPending(submitted);
    setInput('');
    try {
      await onSubmit(submitted, linkType);
      setPending([]);
    } catch (failure) {
      setError(
        failure instanceof Error && failure.message !== '' ? failure.message : linkedItemsMessages(type).addFailed,
      );
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className={styles.form} aria-labelledby={headingId} onSubmit={handleSubmit}>
      <h3 id={headingId} className={styles.formHeading}>
        Add a linked {type}
      </h3>
      {error && <Alert variant="danger">{error}</Alert>}
      <RadioGroup
        className={styles.linkTypes}
        value={linkType}
        onChange={(value) => setLinkType(value as LinkType)}
        orientation="horizontal"
      >
        <Label className={styles.label}>{`The current ${type}`}</Label>
        <div className={styles.radios}>
          {LINK_TYPES.map((type) => (
            <Radio key={type} value={type} className={styles.radio}>
              <span className={styles.radioDot} aria-hidden="true" />
              {LINK_TYPE_TEXT[type]}
            </Radio>
          ))}
        </div>
      </RadioGroup>
      <ReferenceTokensField
        label={`the following ${type}s`}
        listLabel={`Pending ${type} references`}
        placeholder={type === 'epic' ? '&5, group/path&5 or an epic URL' : '#12, group/project#12 or an issue URL'}
        references={references}
        isDisabled={submitting}
      />
      <div className={styles.formActions}>
        <Button type="submit" variant="primary" isDisabled={isEmpty || submitting}>
          {submitting ? 'Adding…' : 'Add'}
        </Button>
        <Button onPress={onCancel} isDisabled={submitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
