import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { FormStack } from '../../components/ui/form.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { routes } from '../../lib/routes.ts';
import { errorTexts, sendJson } from '../profile/json-request.ts';
import { SessionLayout } from './session-layout.tsx';
import styles from './sign-in-page.module.css';
import { PASSWORD_RESET_FLASH } from './use-flash.ts';

/**
 * `/users/password/edit?reset_password_token=…`, the emailed link: a new password twice; then to
 * sign in with it. An expired or used link says so and leads to a new one.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('reset_password_token') ?? '';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const handleSubmit = async () => {
    if (password !== confirmation) {
      setErrors(["Password confirmation doesn't match Password"]);
      return;
    }
    setSaving(true);
    setErrors([]);
    try {
      await sendJson('PUT', '/users/password', {
        user: { reset_password_token: token, password, password_confirmation: confirmation },
      });
      navigate(routes.signIn(), { replace: true, state: { flash: PASSWORD_RESET_FLASH } });
    } catch (caught) {
      setErrors(errorTexts(caught));
      setSaving(false);
    }
  };

  const footer = <Link to={routes.forgotPassword()}>Didn't receive a link, or did it expire? Request a new one</Link>;
  if (!token) {
    return (
      <SessionLayout title="Change your password" footer={footer}>
        <Alert variant="danger">This link has no reset token. Open the link from the email again.</Alert>
      </SessionLayout>
    );
  }
  return (
    <SessionLayout title="Change your password" footer={footer}>
      <FormStack label="Change your password" onSubmit={handleSubmit} errors={errors}>
        <TextField
          label="New password"
          type="password"
          value={password}
          onChange={setPassword}
          description="At least 8 characters."
          isRequired
          autoFocus
          autoComplete="new-password"
        />
        <TextField
          label="Confirm new password"
          type="password"
          value={confirmation}
          onChange={setConfirmation}
          isRequired
          autoComplete="new-password"
        />
        <Button type="submit" variant="primary" isDisabled={saving} className={styles.submit}>
          {saving ? 'Saving…' : 'Change your password'}
        </Button>
      </FormStack>
    </SessionLayout>
  );
}
