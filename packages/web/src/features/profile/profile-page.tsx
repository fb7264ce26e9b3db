import { useState } from 'react';
import { useAlerts } from '../../app/alerts/use-alerts.ts';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { FormActions, FormStack } from '../../components/ui/form.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { routes } from '../../lib/routes.ts';
import { AccountNav } from './account-nav.tsx';
import { errorTexts, sendJson } from './json-request.ts';
import styles from './profile.module.css';
import { useAccount } from './use-account.ts';

type Account = NonNullable<ReturnType<typeof useAccount>['account']>;

/** `/-/profile`: name, email (the current password when it changes), public email and bio. */
export function ProfilePage() {
  const { account, loaded, refetch } = useAccount();
  return (
    <>
      <PageHeader breadcrumbs={[{ label: 'User settings', to: routes.editProfile() }]} title="Edit profile" />
      <AccountNav />
      {account ? (
        <ProfileForm account={account} onSaved={refetch} />
      ) : loaded ? null : (
        <SkeletonList rows={3} label="Loading profile" />
      )}
      <p className={styles.meta}>Avatar upload comes with file uploads; until then your avatar shows your initial.</p>
    </>
  );
}

function ProfileForm({ account, onSaved }: { account: Account; onSaved: () => unknown }) {
  const { pushAlert } = useAlerts();
  const [name, setName] = useState(account.name);
  const [email, setEmail] = useState(account.email);
  const [publicEmail, setPublicEmail] = useState(account.publicEmail !== null);
  const [bio, setBio] = useState(account.bio);
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const emailChanged = email.trim().toLowerCase() !== account.email.toLowerCase();

  const handleSave = async () => {
    setSaving(true);
    setErrors([]);
    try {
      await sendJson('PUT', '/-/profile', {
        user: {
          name,
          email,
          bio,
          public_email: publicEmail ? email : '',
          ...(emailChanged ? { current_password: currentPassword } : {}),
        },
      });
      setCurrentPassword('');
      await onSaved();
      pushAlert({ variant: 'success', message: 'Profile was successfully updated.' });
    } catch (caught) {
      setErrors(errorTexts(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.form}>
      <FormStack label="Edit profile" onSubmit={handleSave} errors={errors}>
        <TextField label="Full name" value={name} onChange={setName} isRequired autoComplete="name" />
        <TextField label="Email" type="email" value={email} onChange={setEmail} isRequired autoComplete="email" />
        {emailChanged && (
          <TextField
            label="Current password"
            description="Changing your email needs your current password."
            type="password"
            value={currentPassword}
            onChange={setCurrentPassword}
            isRequired
            autoComplete="current-password"
          />
        )}
        <Checkbox isSelected={publicEmail} onChange={setPublicEmail}>
          Show my email on my profile
        </Checkbox>
        <TextField
          label="Bio"
          value={bio}
          onChange={setBio}
          multiline
          maxLength={255}
          description="Tell us about yourself in fewer than 250 characters."
        />
        <FormActions>
          <Button type="submit" variant="primary" isDisabled={saving}>
            {saving ? 'Saving…' : 'Update profile settings'}
          </Button>
        </FormActions>
      </FormStack>
    </div>
  );
}
