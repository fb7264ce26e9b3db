import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormActions, FormRow, FormStack } from '../../../components/ui/form.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { UserCreateMutationDocument } from '../../../gql/graphql.ts';
import { errorMessages } from '../../../lib/mutation-errors.ts';

type UserCreateFormProps = { onCreated: (username: string) => void; onCancel: () => void };

/** Username, name, email, password and the administrator flag for `userCreate`. */
export function UserCreateForm({ onCreated, onCancel }: UserCreateFormProps) {
  const [username, setUsername] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [admin, setAdmin] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [createUser, { loading }] = useMutation(UserCreateMutationDocument, {
    refetchQueries: ['AdminUsersQuery'],
    awaitRefetchQueries: true,
  });

  const handleSubmit = async () => {
    setErrors([]);
    try {
      const { data } = await createUser({
        variables: { input: { username: username.trim(), name: name.trim(), email: email.trim(), password, admin } },
      });
      const payload = data?.userCreate;
      if (payload?.errors.length) setErrors(payload.errors);
      else if (payload?.user) onCreated(payload.user.username);
      else setErrors(['The user was not created. Try again.']);
    } catch (error) {
      setErrors(errorMessages(error));
    }
  };

  return (
    <FormStack label="New user" onSubmit={handleSubmit} errors={errors}>
      <FormRow>
        <TextField label="Name" value={name} onChange={setName} isRequired autoFocus autoComplete="off" />
        <TextField label="Username" value={username} onChange={setUsername} isRequired autoComplete="off" />
      </FormRow>
      <TextField label="Email" type="email" value={email} onChange={setEmail} isRequired autoComplete="off" />
      <TextField
        label="Password"
        type="password"
        description="At least 8 characters."
        value={password}
        onChange={setPassword}
        minLength={8}
        isRequired
        autoComplete="new-password"
      />
      <Checkbox isSelected={admin} onChange={setAdmin}>
        Administrator (can use the Admin area and see everything)
      </Checkbox>
      <FormActions>
        <Button type="submit" variant="primary" isDisabled={loading}>
          Create user
        </Button>
        <Button onPress={onCancel}>Cancel</Button>
      </FormActions>
    </FormStack>
  );
}
