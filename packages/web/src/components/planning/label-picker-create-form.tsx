import { useMutation } from '@apollo/client/react';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { LabelPickerCreateLabelMutationDocument } from '../../gql/graphql.ts';
import { errorMessages } from '../../lib/mutation-errors.ts';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/text-field.tsx';
import { isLabelColorInputValid, LabelColorField } from './label-color-field.tsx';
import styles from './label-picker.module.css';
import type { PickerLabel } from './label-picker-selection.ts';

type LabelPickerCreateFormProps = {
  /** The group the label is created in. */
  fullPath: string;
  onCreated: (label: PickerLabel) => void;
  onCancel: () => void;
};

/**
 * 'Create group label': a name and a colour (a suggested swatch or typed), both trimmed. Create is
 * disabled while either is empty or a creation runs (spec 001 §5).
 */
export function LabelPickerCreateForm({ fullPath, onCreated, onCancel }: LabelPickerCreateFormProps) {
  const [title, setTitle] = useState('');
  const [color, setColor] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [createLabel, { loading }] = useMutation(LabelPickerCreateLabelMutationDocument, {
    refetchQueries: ['LabelPickerLabelsQuery'],
  });
  const canCreate = title.trim() !== '' && isLabelColorInputValid(color) && !loading;
  // An error is about what was sent: it goes once the name or the colour changes.
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setError(null);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canCreate) return;
    setError(null);
    try {
      const result = await createLabel({
        variables: { input: { title: title.trim(), color: color.trim(), groupPath: fullPath } },
      });
      const payload = result.data?.labelCreate;
      if (payload?.label && payload.errors.length === 0) {
        onCreated(payload.label);
        return;
      }
      setError(payload?.errors[0] ?? '');
    } catch (e) {
      setError(errorMessages(e)[0] ?? '');
    }
  };

  return (
    <Form className={styles.createForm} onSubmit={handleSubmit} aria-label="Create group label">
      <TextField label="Name" placeholder="Name new label" value={title} onChange={edit(setTitle)} autoFocus />
      <LabelColorField value={color} onChange={edit(setColor)} />
      {error !== null && (
        <div className={styles.error} role="alert">
          <strong>Error creating label.</strong>
          {error && <span> {error}</span>}
        </div>
      )}
      <div className={styles.formActions}>
        <Button type="submit" variant="primary" compact isDisabled={!canCreate}>
          {loading ? 'Creating…' : 'Create'}
        </Button>
        <Button compact onPress={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
