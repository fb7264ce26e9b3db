import { useMutation } from '@apollo/client/react';
import { addCalendarDays } from '@milepost/shared';
import { useState } from 'react';
import { PlanningDatePicker } from '../../../components/planning/planning-date-picker.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormActions, FormRow, FormStack } from '../../../components/ui/form.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { PersonalAccessTokenCreateMutationDocument } from '../../../gql/graphql.ts';
import { preferredToday } from '../../../lib/format-date.ts';
import { errorMessages } from '../../../lib/mutation-errors.ts';
import styles from '../personal-access-tokens.module.css';
import { TOKEN_SCOPES } from '../token-scopes.ts';

type TokenCreateFormProps = { onCreated: (token: string) => void };

/** Name, optional expiry date and scopes for `personalAccessTokenCreate`. */
export function TokenCreateForm({ onCreated }: TokenCreateFormProps) {
  const [name, setName] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [createToken, { loading }] = useMutation(PersonalAccessTokenCreateMutationDocument, {
    refetchQueries: ['PersonalAccessTokensQuery'],
    awaitRefetchQueries: true,
  });

  const toggleScope = (scope: string, selected: boolean) =>
    setScopes((current) => (selected ? [...current, scope] : current.filter((s) => s !== scope)));

  const handleSubmit = async () => {
    if (scopes.length === 0) {
      setErrors(['Select at least one scope.']);
      return;
    }
    setErrors([]);
    try {
      const { data } = await createToken({
        variables: { input: { name: name.trim(), scopes, expiresAt: expiresAt || null } },
      });
      const payload = data?.personalAccessTokenCreate;
      if (payload?.errors.length) setErrors(payload.errors);
      else if (payload?.token) {
        setName('');
        setExpiresAt('');
        setScopes([]);
        onCreated(payload.token);
      } else setErrors(['The token was not created. Try again.']);
    } catch (error) {
      setErrors(errorMessages(error));
    }
  };

  return (
    <FormStack label="Add a personal access token" onSubmit={handleSubmit} errors={errors}>
      <FormRow>
        <TextField
          label="Token name"
          description="For example, the application using the token or the purpose of the token."
          value={name}
          onChange={setName}
          isRequired
        />
        <PlanningDatePicker
          label="Expiration date (optional)"
          description="Leave empty for a token that does not expire."
          value={expiresAt || null}
          onChange={(value) => setExpiresAt(value ?? '')}
          minDate={addCalendarDays(preferredToday(), 1)}
        />
      </FormRow>
      <fieldset className={styles.scopes}>
        <legend>Select scopes</legend>
        {TOKEN_SCOPES.map((scope) => (
          <div key={scope.id}>
            <Checkbox isSelected={scopes.includes(scope.id)} onChange={(selected) => toggleScope(scope.id, selected)}>
              <code>{scope.id}</code>
            </Checkbox>
            <span className={styles.scopeHelp}>{scope.description}</span>
          </div>
        ))}
      </fieldset>
      <FormActions>
        <Button type="submit" variant="primary" isDisabled={loading}>
          Create personal access token
        </Button>
      </FormActions>
    </FormStack>
  );
}
