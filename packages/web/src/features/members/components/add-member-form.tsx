import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormActions, FormRow, FormStack } from '../../../components/ui/form.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { ROLE_OPTIONS } from '../access-levels.ts';
import { type PickedUser, UserPicker } from './user-picker.tsx';

type AddMemberFormProps = {
  /** 'group' or 'project', for the button text. */
  kind: 'group' | 'project';
  /** Adds the member; resolves to the server's errors (empty when it worked). */
  onAdd: (userId: string, accessLevel: string) => Promise<string[]>;
};

/** Pick a user and a role, then add them as a direct member. */
export function AddMemberForm({ kind, onAdd }: AddMemberFormProps) {
  const [user, setUser] = useState<PickedUser | null>(null);
  const [role, setRole] = useState('10');
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [pickerKey, setPickerKey] = useState(0);

  const handleSubmit = async () => {
    if (!user) {
      setErrors(['Choose a user to add.']);
      return;
    }
    setSaving(true);
    const result = await onAdd(user.id, role);
    setSaving(false);
    setErrors(result);
    if (result.length === 0) {
      setUser(null);
      setPickerKey((key) => key + 1);
    }
  };

  return (
    <FormStack label={`Add ${kind} member`} onSubmit={handleSubmit} errors={errors}>
      <FormRow>
        <UserPicker key={pickerKey} value={user} onChange={setUser} />
        <SelectField label="Select a role" options={ROLE_OPTIONS} value={role} onChange={setRole} />
      </FormRow>
      <FormActions>
        <Button type="submit" variant="primary" isDisabled={saving}>
          {kind === 'group' ? 'Add to group' : 'Add to project'}
        </Button>
      </FormActions>
    </FormStack>
  );
}
