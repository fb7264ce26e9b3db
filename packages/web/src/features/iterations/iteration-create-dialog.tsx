import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PlanningDatePicker } from '../../components/planning/planning-date-picker.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormActions, FormStack } from '../../components/ui/form.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { type IterationCadenceFieldsFragment, IterationCreateMutationDocument } from '../../gql/graphql.ts';
import { errorMessages } from '../../lib/mutation-errors.ts';
import type { ResolvedGroup } from '../namespaces/use-namespace-context.ts';
import styles from './iterations.module.css';

type Props = { group: ResolvedGroup; cadence: IterationCadenceFieldsFragment; onClose: () => void };

/** 'Add iteration' to a manual cadence: title (optional), start and due dates; opens the new iteration. */
export function IterationCreateDialog({ group, cadence, onClose }: Props) {
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [startDate, setStartDate] = useState<string | null>(null);
  const [dueDate, setDueDate] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [create, { loading }] = useMutation(IterationCreateMutationDocument, {
    refetchQueries: ['CadenceIterationsQuery'],
  });

  const handleSubmit = async () => {
    if (loading) return;
    const missing = [!startDate && "Start date can't be blank.", !dueDate && "Due date can't be blank."].filter(
      (m): m is string => Boolean(m),
    );
    if (missing.length) {
      setErrors(missing);
      return;
    }
    try {
      const result = await create({
        variables: {
          input: {
            groupPath: group.fullPath,
            iterationsCadenceId: cadence.id,
            title: title.trim() || null,
            startDate,
            dueDate,
          },
        },
      });
      const payload = result.data?.iterationCreate;
      if (payload?.errors.length) setErrors(payload.errors);
      else if (payload?.iteration) navigate(payload.iteration.webPath);
    } catch (caught) {
      setErrors(errorMessages(caught));
    }
  };

  return (
    <Dialog title={`New iteration in ${cadence.title}`} isOpen onOpenChange={(open) => !open && onClose()}>
      <FormStack label="New iteration" onSubmit={handleSubmit} errors={errors}>
        <TextField label="Title (optional)" value={title} onChange={setTitle} autoFocus />
        <div className={styles.formGrid}>
          <PlanningDatePicker label="Start date" value={startDate} onChange={setStartDate} maxDate={dueDate} />
          <PlanningDatePicker label="Due date" value={dueDate} onChange={setDueDate} minDate={startDate} />
        </div>
        <FormActions>
          <Button type="submit" variant="primary" isDisabled={loading}>
            {loading ? 'Creating…' : 'Create iteration'}
          </Button>
          <Button onPress={onClose} isDisabled={loading}>
            Cancel
          </Button>
        </FormActions>
      </FormStack>
    </Dialog>
  );
}
