import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { SignInError, signIn } from '../../lib/session.ts';
import styles from './sign-in-page.module.css';

type SignInFormProps = { onSignedIn: () => void | Promise<void> };

/** Username-or-email and password; shows the server's message when signing in fails. */
export function SignInForm({ onSignedIn }: SignInFormProps) {
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      await signIn(login.trim(), password);
      await onSignedIn();
    } catch (caught) {
      setError(caught instanceof SignInError ? caught.message : 'Something went wrong while signing in. Try again.');
      setSubmitting(false);
    }
  };

  return (
    <Form className={styles.form} onSubmit={handleSubmit} aria-label="Sign in">
      {error && <Alert variant="danger">{error}</Alert>}
      <TextField
        label="Username or primary email"
        name="login"
        value={login}
        onChange={setLogin}
        autoComplete="username"
        isRequired
        autoFocus
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
        isRequired
      />
      <Button type="submit" variant="primary" isDisabled={submitting} className={styles.submit}>
        {submitting ? 'Signing in…' : 'Sign in'}
      </Button>
    </Form>
  );
}
