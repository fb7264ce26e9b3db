import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { FormActions, FormStack } from '../../components/ui/form.tsx';
import { TextField } from '../../components/ui/text-field.tsx';

type IssueTemplateFormProps = {
  /** The form's accessible name: 'New template', 'Edit template Bug'. */
  label: string;
  initial: { name: string; content: string };
  submitLabel: string;
  isSaving: boolean;
  errors: readonly string[];
  onSubmit: (values: { name: string; content: string }) => void;
  onCancel: () => void;
};

/** A template's name and markdown, as added or edited in the project's settings. */
export function IssueTemplateForm({
  label,
  initial,
  submitLabel,
  isSaving,
  errors,
  onSubmit,
  onCancel,
}: IssueTemplateFormProps) {
  const [name, setName] = useState(initial.name);
  const [content, setContent] = useState(initial.content);
  return (
    <FormStack label={label} onSubmit={() => onSubmit({ name, content })} errors={errors}>
      <TextField label="Name" value={name} onChange={setName} isRequired maxLength={100} autoFocus />
      <TextField
        label="Template"
        description="Markdown that replaces an issue's description when someone chooses this template."
        value={content}
        onChange={setContent}
        multiline
        isRequired
      />
      <FormActions>
        <Button variant="primary" type="submit" isDisabled={isSaving}>
          {isSaving ? 'Saving…' : submitLabel}
        </Button>
        <Button onPress={onCancel}>Cancel</Button>
      </FormActions>
    </FormStack>
  );
}
