import { useQuery } from '@apollo/client/react';
import { useId, useMemo, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ComboBoxField, type ComboOption } from '../../../components/ui/combo-box-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ChildItemsGroupsQueryDocument } from '../../../gql/graphql.ts';
import styles from './child-items-forms.module.css';
import { formHeading } from './tree-model.ts';
import { useDebounced } from './use-debounced.ts';

export const CREATE_EPIC_FAILED = 'Something went wrong while creating child epics.';

export type CreateEpicFormProps = {
  /** The parent epic's group: the default group of the new epic and the root of the picker. */
  groupFullPath: string;
  groupName: string;
  confidential: boolean;
  /** Creates the epic; rejects with the message to show (the form stays open). */
  onSubmit: (values: { title: string; groupFullPath: string }) => Promise<void>;
  onCancel: () => void;
};

/** 'Add a new epic': a title and the group to create it in (the parent's group or a subgroup). */
export function CreateEpicForm({ groupFullPath, groupName, confidential, onSubmit, onCancel }: CreateEpicFormProps) {
  const headingId = useId();
  const [title, setTitle] = useState('');
  const [groupInput, setGroupInput] = useState('');
  const [selected, setSelected] = useState<ComboOption | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const search = useDebounced(selected ? '' : groupInput.trim());
  const {
    data,
    loading,
    error: groupsError,
  } = useQuery(ChildItemsGroupsQueryDocument, {
    variables: { fullPath: groupFullPath, search: search || undefined },
  });

  const options = useMemo<ComboOption[]>(() => {
    const group = data?.group;
    if (!group) return [];
    const all = [
      { id: group.fullPath, label: group.fullName, description: group.fullPath },
      ...(group.descendantGroups?.nodes ?? []).map((g) => ({
        id: g.fullPath,
        label: g.fullName,
        description: g.fullPath,
      })),
    ];
    const term = search.toLowerCase();
    return term ? all.filter((o) => o.label.toLowerCase().includes(term) || o.id.toLowerCase().includes(term)) : all;
  }, [data, search]);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      await onSubmit({ title: trimmed, groupFullPath: selected?.id ?? groupFullPath });
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : CREATE_EPIC_FAILED);
      setSubmitting(false);
    }
  };

  return (
    <form className={styles.form} aria-labelledby={headingId} onSubmit={handleSubmit}>
      <h3 id={headingId} className={styles.heading}>
        {formHeading('create', 'epic', confidential)}
      </h3>
      {error && <Alert variant="danger">{error}</Alert>}
      <div className={styles.row}>
        <TextField label="Title" value={title} onChange={setTitle} className={styles.grow} autoFocus />
        <ComboBoxField
          label="Group"
          description={selected ? undefined : `Created in ${groupName} unless you choose another group.`}
          placeholder="Search a group"
          options={options}
          inputValue={groupInput}
          onInputChange={(value) => {
            setGroupInput(value);
            if (selected && value !== selected.label) setSelected(null);
          }}
          selectedId={selected?.id ?? null}
          onSelect={(option) => {
            setSelected(option);
            setGroupInput(option?.label ?? '');
          }}
          loading={loading}
          className={styles.grow}
        />
      </div>
      {groupsError && <Alert variant="danger">Something went wrong while fetching groups.</Alert>}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" isDisabled={title.trim() === '' || submitting}>
          {submitting ? 'Creating…' : 'Create epic'}
        </Button>
        <Button onPress={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
