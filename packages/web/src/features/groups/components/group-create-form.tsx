import { useMutation } from '@apollo/client/react';
import { pathError, pathFromName, type VisibilityName } from '@milepost/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormActions, FormStack } from '../../../components/ui/form.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { GroupCreateMutationDocument } from '../../../gql/graphql.ts';
import { errorMessages } from '../../../lib/mutation-errors.ts';
import { VisibilityField } from '../../namespaces/components/visibility-field.tsx';
import { GroupPicker, type PickedGroup } from './group-picker.tsx';

type GroupCreateFormProps = {
  /** A fixed parent (creating a subgroup); without it the form offers a parent picker. */
  parent?: PickedGroup;
  onCreated: (group: { id: string; fullPath: string }) => void;
  onCancel?: () => void;
  /** Operation names to refetch after creating (lists that show the new group). */
  refetchQueries?: string[];
};

/** Name, path, parent, visibility and description for `groupCreate`. */
export function GroupCreateForm({ parent, onCreated, onCancel, refetchQueries = [] }: GroupCreateFormProps) {
  const [name, setName] = useState('');
  const [path, setPath] = useState('');
  const [pathEdited, setPathEdited] = useState(false);
  const [chosenParent, setChosenParent] = useState<PickedGroup | null>(null);
  const [visibility, setVisibility] = useState<VisibilityName>('private');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [createGroup, { loading }] = useMutation(GroupCreateMutationDocument);

  const effectiveParent = parent ?? chosenParent;
  const effectivePath = pathEdited ? path : pathFromName(name);
  const pathProblem = effectivePath ? pathError(effectivePath, !effectiveParent) : null;

  const handleSubmit = async () => {
    if (pathProblem) {
      setErrors([`Group URL ${pathProblem}`]);
      return;
    }
    setErrors([]);
    try {
      const { data } = await createGroup({
        variables: {
          input: {
            name: name.trim(),
            path: effectivePath,
            parentId: effectiveParent?.id ?? null,
            visibility,
            description: description.trim() || null,
          },
        },
        refetchQueries,
        awaitRefetchQueries: true,
      });
      const payload = data?.groupCreate;
      if (payload?.errors.length) setErrors(payload.errors);
      else if (payload?.group) onCreated(payload.group);
      else setErrors(['The group was not created. Try again.']);
    } catch (error) {
      setErrors(errorMessages(error));
    }
  };

  return (
    <FormStack label={parent ? 'New subgroup' : 'New group'} onSubmit={handleSubmit} errors={errors}>
      <TextField label="Group name" value={name} onChange={setName} isRequired autoFocus />
      <TextField
        label="Group URL"
        description={`${window.location.origin}/${effectiveParent ? `${effectiveParent.fullPath}/` : ''}${effectivePath}`}
        value={effectivePath}
        onChange={(value) => {
          setPath(value);
          setPathEdited(true);
        }}
        errorMessage={pathProblem ? `Group URL ${pathProblem}` : undefined}
        isRequired
      />
      {!parent && (
        <GroupPicker
          label="Parent group (optional)"
          description="Leave empty to create a top-level group."
          value={chosenParent}
          onChange={setChosenParent}
        />
      )}
      <VisibilityField kind="group" value={visibility} onChange={setVisibility} />
      <TextField label="Description (optional)" value={description} onChange={setDescription} multiline />
      <FormActions>
        <Button type="submit" variant="primary" isDisabled={loading}>
          {parent ? 'Create subgroup' : 'Create group'}
        </Button>
        {onCancel && <Button onPress={onCancel}>Cancel</Button>}
      </FormActions>
    </FormStack>
  );
}
