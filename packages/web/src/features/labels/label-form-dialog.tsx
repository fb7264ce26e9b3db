import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { isLabelColorInputValid, LabelColorField } from '../../components/planning/label-color-field.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { RestError } from '../../lib/rest.ts';
import styles from './labels.module.css';
import { createLabel, type LabelFields, type RestLabel, updateLabel } from './labels-requests.ts';
import type { PlanningScope } from './planning-scope.ts';

type LabelFormDialogProps = {
  scope: PlanningScope;
  /** The label to edit; absent: a new label. */
  label?: RestLabel;
  onClose: () => void;
  onSaved: (label: RestLabel) => void;
};

/** 'New label' / 'Edit label': title, description and colour; the server's message stays in the form. */
export function LabelFormDialog({ scope, label, onClose, onSaved }: LabelFormDialogProps) {
  const [fields, setFields] = useState<LabelFields>({
    name: label?.name ?? '',
    description: label?.description ?? '',
    color: label?.color ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (key: keyof LabelFields) => (value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    setError(null);
  };
  const canSave = fields.name.trim() !== '' && isLabelColorInputValid(fields.color) && !saving;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    setSaving(true);
    const trimmed = { name: fields.name.trim(), color: fields.color.trim(), description: fields.description };
    try {
      onSaved(label ? await updateLabel(scope, label.id, trimmed) : await createLabel(scope, trimmed));
    } catch (e) {
      setError(e instanceof RestError ? e.message : 'Something went wrong. Try again.');
      setSaving(false);
    }
  };

  const title = label ? 'Edit label' : 'New label';
  return (
    <Dialog title={title} isOpen onOpenChange={(open) => !open && onClose()}>
      <Form className={styles.form} onSubmit={handleSubmit} aria-label={title}>
        {error && (
          <Alert variant="danger" title={label ? 'The label could not be saved.' : 'The label could not be created.'}>
            {error}
          </Alert>
        )}
        <TextField label="Title" value={fields.name} onChange={set('name')} autoFocus isRequired />
        <TextField label="Description" value={fields.description} onChange={set('description')} multiline />
        <LabelColorField value={fields.color} onChange={set('color')} />
        <div className={styles.formActions}>
          <Button type="submit" variant="primary" isDisabled={!canSave}>
            {saving ? 'Saving…' : label ? 'Save changes' : 'Create label'}
          </Button>
          <Button onPress={onClose}>Cancel</Button>
        </div>
      </Form>
    </Dialog>
  );
}
