import { useMutation } from '@apollo/client/react';
import { pathError, pathFromName, type VisibilityName } from '@milepost/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormActions, FormStack } from '../../../components/ui/form.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ProjectCreateMutationDocument } from '../../../gql/graphql.ts';
import { errorMessages } from '../../../lib/mutation-errors.ts';
import { GroupPicker, type PickedGroup } from '../../groups/components/group-picker.tsx';
import { VisibilityField } from '../../namespaces/components/visibility-field.tsx';

type ProjectCreateFormProps = {
  /** A fixed group; without it the form asks for one. */
  group?: PickedGroup;
  onCreated: (project: { id: string; fullPath: string }) => void;
  onCancel?: () => void;
  refetchQueries?: string[];
};

/** Name, path, group, visibility and description for `projectCreate`. */
export function ProjectCreateForm({ group, onCreated, onCancel, refetchQueries = [] }: ProjectCreateFormProps) {
  const [name, setName] = useState('');
  const [path, setPath] = useState('');
  const [pathEdited, setPathEdited] = useState(false);
  const [chosenGroup, setChosenGroup] = useState<PickedGroup | null>(null);
  const [visibility, setVisibility] = useState<VisibilityName>('private');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [createProject, { loading }] = useMutation(ProjectCreateMutationDocument);

  const effectiveGroup = group ?? chosenGroup;
  const effectivePath = pathEdited ? path : pathFromName(name);
  const pathProblem = effectivePath ? pathError(effectivePath, false) : null;

  const handleSubmit = async () => {
    if (!effectiveGroup) {
      setErrors(['Choose the group the project belongs to.']);
      return;
    }
    if (pathProblem) {
      setErrors([`Project slug ${pathProblem}`]);
      return;
    }
    setErrors([]);
    try {
      const { data } = await createProject({
        variables: {
          input: {
            name: name.trim(),
            path: effectivePath,
            groupId: effectiveGroup.id,
            visibility,
            description: description.trim() || null,
          },
        },
        refetchQueries,
        awaitRefetchQueries: true,
      });
      const payload = data?.projectCreate;
      if (payload?.errors.length) setErrors(payload.errors);
      else if (payload?.project) onCreated(payload.project);
      else setErrors(['The project was not created. Try again.']);
    } catch (error) {
      setErrors(errorMessages(error));
    }
  };

  return (
    <FormStack label="New project" onSubmit={handleSubmit} errors={errors}>
      <TextField label="Project name" value={name} onChange={setName} isRequired autoFocus />
      {!group && <GroupPicker label="Group" value={chosenGroup} onChange={setChosenGroup} isRequired />}
      <TextField
        label="Project slug"
        description={`${window.location.origin}/${effectiveGroup ? `${effectiveGroup.fullPath}/` : ''}${effectivePath}`}
        value={effectivePath}
        onChange={(value) => {
          setPath(value);
          setPathEdited(true);
        }}
        errorMessage={pathProblem ? `Project slug ${pathProblem}` : undefined}
        isRequired
      />
      <VisibilityField kind="project" value={visibility} onChange={setVisibility} />
      <TextField label="Description (optional)" value={description} onChange={setDescription} multiline />
      <FormActions>
        <Button type="submit" variant="primary" isDisabled={loading}>
          Create project
        </Button>
        {onCancel && <Button onPress={onCancel}>Cancel</Button>}
      </FormActions>
    </FormStack>
  );
}
