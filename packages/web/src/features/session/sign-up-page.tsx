import { useApolloClient } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { FormStack } from '../../components/ui/form.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { instanceSettings } from '../../lib/instance-settings.ts';
import { routes } from '../../lib/routes.ts';
import { useFormSubmit } from '../../lib/use-form-submit.ts';
import { errorTexts, sendJson } from '../profile/json-request.ts';
import { SessionLayout } from './session-layout.tsx';
import styles from './sign-in-page.module.css';

/** `/users/sign_up`: a visitor creates an account (when Admin › Settings allows sign-up) and is signed in. */
export function SignUpPage() {
  const client = useApolloClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { errors, saving, submit } = useFormSubmit(errorTexts);

  const handleSubmit = () =>
    submit(async () => {
      await sendJson('POST', '/users', {
        user: { name: name.trim(), username: username.trim(), email: email.trim(), password },
      });
      await client.resetStore();
      navigate(routes.dashboardGroups(), { replace: true });
    });

  const footer = (
    <>
      Already have an account? <Link to={routes.signIn()}>Sign in</Link>
    </>
  );
  if (!instanceSettings().signupEnabled) {
    return (
      <SessionLayout title="Register" footer={footer}>
        <Alert variant="info">Sign-up is disabled on this instance. Ask an administrator for an account.</Alert>
      </SessionLayout>
    );
  }
  return (
    <SessionLayout title="Register" footer={footer}>
      <FormStack label="Register" onSubmit={handleSubmit} errors={errors}>
        <TextField label="Full name" value={name} onChange={setName} isRequired autoFocus autoComplete="name" />
        <TextField label="Username" value={username} onChange={setUsername} isRequired autoComplete="username" />
        <TextField label="Email" type="email" value={email} onChange={setEmail} isRequired autoComplete="email" />
        <TextField
          label="Password"
          type="password"
          value={password}
          onChange={setPassword}
          description="At least 8 characters."
          isRequired
          autoComplete="new-password"
        />
        <Button type="submit" variant="primary" isDisabled={saving} className={styles.submit}>
          {saving ? 'Registering…' : 'Register'}
        </Button>
      </FormStack>
    </SessionLayout>
  );
}
