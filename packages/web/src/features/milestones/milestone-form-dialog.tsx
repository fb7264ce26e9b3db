import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { PlanningDatePicker } from '../../components/planning/planning-date-picker.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { RestError } from '../../lib/rest.ts';
import type { PlanningScope } from '../labels/planning-scope.ts';
import styles from './milestones.module.css';
import { createMilestone, type MilestoneFields, type RestMilestone, updateMilestone } from './milestones-requests.ts';

type MilestoneFormDialogProps = {
  scope: PlanningScope;
  milestone?: RestMilestone;
  onClose: () => void;
  onSaved: (milestone: RestMilestone) => void;
};

/** 'New milestone' / 'Edit milestone': title, start and due dates, description. */
export function MilestoneFormDialog({ scope, milestone, onClose, onSaved }: MilestoneFormDialogProps) {
  const [fields, setFields] = useState<MilestoneFields>({
    title: milestone?.title ?? '',
    description: milestone?.description ?? '',
    start_date: milestone?.start_date ?? '',
    due_date: milestone?.due_date ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (key: keyof MilestoneFields) => (value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    setError(null);
  };
  const datesInOrder = !fields.start_date || !fields.due_date || fields.start_date <= fields.due_date;
  const canSave = fields.title.trim() !== '' && datesInOrder && !saving;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    setSaving(true);
    const trimmed = { ...fields, title: fields.title.trim() };
    try {
      onSaved(milestone ? await updateMilestone(scope, milestone.id, trimmed) : await createMilestone(scope, trimmed));
    } catch (e) {
      setError(e instanceof RestError ? e.message : 'Something went wrong. Try again.');
      setSaving(false);
    }
  };

  const title = milestone ? 'Edit milestone' : 'New milestone';
  return (
    <Dialog title={title} isOpen onOpenChange={(open) => !open && onClose()}>
      <Form className={styles.form} onSubmit={handleSubmit} aria-label={title}>
        {error && (
          <Alert variant="danger" title="The milestone could not be saved.">
            {error}
          </Alert>
        )}
        <TextField label="Title" value={fields.title} onChange={set('title')} autoFocus isRequired />
        <div className={styles.dates}>
          <PlanningDatePicker
            label="Start date"
            value={fields.start_date || null}
            maxDate={fields.due_date || null}
            onChange={(v) => set('start_date')(v ?? '')}
          />
          <PlanningDatePicker
            label="Due date"
            value={fields.due_date || null}
            minDate={fields.start_date || null}
            onChange={(v) => set('due_date')(v ?? '')}
          />
        </div>
        {!datesInOrder && <p className={styles.fieldError}>The due date must be on or after the start date.</p>}
        <TextField label="Description" value={fields.description} onChange={set('description')} multiline />
        <div className={styles.formActions}>
          <Button type="submit" variant="primary" isDisabled={!canSave}>
            {saving ? 'Saving…' : milestone ? 'Save changes' : 'Create milestone'}
          </Button>
          <Button onPress={onClose}>Cancel</Button>
        </div>
      </Form>
    </Dialog>
  );
}
