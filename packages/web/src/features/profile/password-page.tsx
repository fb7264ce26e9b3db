import { useState } from 'react';
import { useAlerts } from '../../app/alerts/use-alerts.ts';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { FormActions, FormStack } from '../../components/ui/form.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { routes } from '../../lib/routes.ts';
import { AccountNav } from './account-nav.tsx';
import { errorTexts, sendJson } from './json-request.ts';
import styles from './profile.module.css';

/** `/-/profile/password/edit`: a new password, with the current one; your other sessions are signed out. */
export function PasswordPage() {
  const { pushAlert } = useAlerts();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const handleSave = async () => {
    if (password !== confirmation) {
      setErrors(["Password confirmation doesn't match Password"]);
      return;
    }
    setSaving(true);
    setErrors([]);
    try {
      const message = await sendJson('PUT', '/-/profile/password', {
        user: { current_password: current, password, password_confirmation: confirmation },
      });
      setCurrent('');
      setPassword('');
      setConfirmation('');
      pushAlert({ variant: 'success', message });
    } catch (caught) {
      setErrors(errorTexts(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader breadcrumbs={[{ label: 'User settings', to: routes.editProfile() }]} title="Password" />
      <AccountNav />
      <p className={styles.meta}>After a successful password update, your other sessions are signed out.</p>
      <div className={styles.form}>
        <FormStack label="Change password" onSubmit={handleSave} errors={errors}>
          <TextField
            label="Current password"
            type="password"
            value={current}
            onChange={setCurrent}
            isRequired
            autoComplete="current-password"
          />
          <TextField
            label="New password"
            description="At least 8 characters."
            type="password"
            value={password}
            onChange={setPassword}
            isRequired
            autoComplete="new-password"
          />
          <TextField
            label="Password confirmation"
            type="password"
            value={confirmation}
            onChange={setConfirmation}
            isRequired
            autoComplete="new-password"
          />
          <FormActions>
            <Button type="submit" variant="primary" isDisabled={saving}>
              {saving ? 'Saving…' : 'Save password'}
            </Button>
          </FormActions>
        </FormStack>
      </div>
    </>
  );
}
