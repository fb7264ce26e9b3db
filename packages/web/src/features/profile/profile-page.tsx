import { useState } from 'react';
import { useAlerts } from '../../app/alerts/use-alerts.ts';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { AvatarUpload } from '../../components/avatar-upload/avatar-upload.tsx';
import { Alert } from '../../components/ui/alert.tsx';
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

/** GitLab's `PUT /user/avatar` with the drawn square as the multipart `avatar`. */
function sendAvatar(file: File) {
  const form = new FormData();
  form.append('avatar', file);
  return sendJson('PUT', '/api/v4/user/avatar', form);
}

/**
 * `/-/profile`: the avatar, name, email (a new one needs the current password and waits for the
 * link sent to it), public email and bio.
 */
export function ProfilePage() {
  const { account, sendsEmail, loaded, refetch } = useAccount();
  return (
    <>
      <PageHeader breadcrumbs={[{ label: 'User settings', to: routes.editProfile() }]} title="Edit profile" />
      <AccountNav />
      {account ? (
        <>
          <section className={styles.section} aria-labelledby="avatar-heading">
            <h2 id="avatar-heading" className={styles.sectionTitle}>
              Public avatar
            </h2>
            <AvatarUpload
              subject={account}
              upload={(file) => sendAvatar(file)}
              remove={() => sendJson('DELETE', '/-/profile/avatar')}
              saveLabel="Set new profile picture"
              onChanged={refetch}
            />
          </section>
          <ProfileForm account={account} sendsEmail={sendsEmail} onSaved={refetch} />
        </>
      ) : loaded ? null : (
        <SkeletonList rows={3} label="Loading profile" />
      )}
    </>
  );
}

/** A new email waiting for its link: where it was sent, send again, or drop the change. */
function PendingEmail({ account, onChanged }: { account: Account; onChanged: () => unknown }) {
  const { pushAlert } = useAlerts();
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const run = async (method: 'POST' | 'DELETE', url: string) => {
    setBusy(true);
    setErrors([]);
    try {
      const message = await sendJson(method, url);
      await onChanged();
      pushAlert({ variant: 'success', message });
    } catch (caught) {
      setErrors(errorTexts(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert variant="info" title="Confirm your new email">
      <div className={styles.pending}>
        <span>
          We sent a confirmation link to <strong>{account.unconfirmedEmail}</strong>. Your email stays{' '}
          <strong>{account.email}</strong> until you open it.
        </span>
        {errors.length > 0 && <span className={styles.error}>{errors.join(' ')}</span>}
        <div className={styles.buttons}>
          <Button compact isDisabled={busy} onPress={() => run('POST', '/users/confirmation')}>
            Resend confirmation email
          </Button>
          <Button
            compact
            variant="tertiary"
            isDisabled={busy}
            onPress={() => run('DELETE', '/-/profile/unconfirmed_email')}
          >
            Cancel email change
          </Button>
        </div>
      </div>
    </Alert>
  );
}

type ProfileFormProps = { account: Account; sendsEmail: boolean; onSaved: () => unknown };

function ProfileForm({ account, sendsEmail, onSaved }: ProfileFormProps) {
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
      const message = await sendJson('PUT', '/-/profile', {
        user: {
          name,
          email,
          bio,
          public_email: publicEmail ? account.email : '',
          ...(emailChanged ? { current_password: currentPassword } : {}),
        },
      });
      setCurrentPassword('');
      // A new email waits for its link: the field shows the current one again, the notice the new one.
      if (emailChanged) setEmail(account.email);
      await onSaved();
      pushAlert({ variant: 'success', message: emailChanged ? message : 'Profile was successfully updated.' });
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
        {account.unconfirmedEmail && <PendingEmail account={account} onChanged={onSaved} />}
        <TextField
          label="Email"
          type="email"
          value={email}
          onChange={setEmail}
          isRequired
          isReadOnly={!sendsEmail}
          autoComplete="email"
          description={
            sendsEmail
              ? 'A new email applies once you open the confirmation link we send to it.'
              : 'This server cannot send email, so a new email address cannot be confirmed here. Ask your administrator to change it.'
          }
        />
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
