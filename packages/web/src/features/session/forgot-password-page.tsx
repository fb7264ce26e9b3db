import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { FormStack } from '../../components/ui/form.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { instanceSettings } from '../../lib/instance-settings.ts';
import { routes } from '../../lib/routes.ts';
import { errorTexts, sendJson } from '../profile/json-request.ts';
import { SessionLayout } from './session-layout.tsx';
import styles from './sign-in-page.module.css';

export const NO_EMAIL_TEXT =
  'This server cannot send email, so passwords are not reset by email here. Ask your administrator to reset your password: they set a new one in Admin area › Users › Edit.';

/**
 * `/users/password/new`, 'Forgot your password?': an email address, and a reset link sent to it
 * (the same answer whether or not the address is known). Without outgoing mail the page says the
 * administrator resets passwords.
 */
export function ForgotPasswordPage() {
  const byEmail = instanceSettings().passwordResetByEmail;
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [sent, setSent] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const handleSubmit = async () => {
    setSending(true);
    setErrors([]);
    try {
      setSent(await sendJson('POST', '/users/password', { user: { email: email.trim() } }));
    } catch (caught) {
      setErrors(errorTexts(caught));
    } finally {
      setSending(false);
    }
  };

  return (
    <SessionLayout title="Forgot your password?" footer={<Link to={routes.signIn()}>Back to sign in</Link>}>
      {!byEmail ? (
        <Alert variant="info">{NO_EMAIL_TEXT}</Alert>
      ) : sent ? (
        <Alert variant="success">{sent}</Alert>
      ) : (
        <>
          <p className={styles.intro}>Enter your email address and we'll send you a link to choose a new password.</p>
          <FormStack label="Reset password" onSubmit={handleSubmit} errors={errors}>
            <TextField
              label="Email"
              type="email"
              value={email}
              onChange={setEmail}
              isRequired
              autoFocus
              autoComplete="email"
            />
            <Button type="submit" variant="primary" isDisabled={sending} className={styles.submit}>
              {sending ? 'Sending…' : 'Reset password'}
            </Button>
          </FormStack>
        </>
      )}
    </SessionLayout>
  );
}
