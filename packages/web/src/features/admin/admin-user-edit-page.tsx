import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useAlerts } from '../../app/alerts/use-alerts.ts';
import { NotFoundPage } from '../../app/not-found-page.tsx';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { FormActions, FormStack } from '../../components/ui/form.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { RestError } from '../../lib/rest.ts';
import { routes } from '../../lib/routes.ts';
import { AdminOnly } from './admin-only.tsx';
import styles from './admin-user.module.css';
import { type AdminUser, type AdminUserChanges, updateAdminUser, useAdminUser } from './admin-user.ts';

/** `/admin/users/<username>/edit`: name, email, administrator, projects limit, and a new password. */
export function AdminUserEditPage() {
  return (
    <AdminOnly>
      <AdminUserEdit />
    </AdminOnly>
  );
}

function AdminUserEdit() {
  const username = useParams().username ?? '';
  const { user, error } = useAdminUser(username);
  if (user === null) return <NotFoundPage />;
  const crumbs = [
    { label: 'Admin area', to: routes.admin() },
    { label: 'Users', to: `${routes.admin()}?tab=users` },
    { label: user?.name ?? username, to: routes.adminUser(username) },
    { label: 'Edit', to: routes.adminUserEdit(username) },
  ];
  return (
    <>
      <PageHeader breadcrumbs={crumbs} title={`Edit user: ${user?.name ?? username}`} />
      {user ? (
        <UserEditForm user={user} />
      ) : error ? (
        <Alert variant="danger">Something went wrong while fetching the user. {error.message}</Alert>
      ) : (
        <SkeletonList rows={4} label="Loading user" />
      )}
    </>
  );
}

function UserEditForm({ user }: { user: AdminUser }) {
  const navigate = useNavigate();
  const { pushAlert } = useAlerts();
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [admin, setAdmin] = useState(user.is_admin);
  const [projectsLimit, setProjectsLimit] = useState(String(user.projects_limit));
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const handleSubmit = async () => {
    const problems: string[] = [];
    const limit = projectsLimit.trim();
    if (!/^\d{1,10}$/.test(limit)) problems.push('Projects limit must be a whole number from 0 to 2147483647');
    if (password !== confirmation) problems.push("Password confirmation doesn't match Password");
    if (problems.length > 0) {
      setErrors(problems);
      return;
    }
    const changes: AdminUserChanges = {
      name: name.trim(),
      email: email.trim(),
      admin,
      projects_limit: Number(limit),
      ...(password ? { password } : {}),
    };
    setSaving(true);
    setErrors([]);
    try {
      await updateAdminUser(user.id, changes);
      pushAlert({
        variant: 'success',
        keepOnNavigate: true,
        message: password
          ? `User @${user.username} was updated. Their new password is set and their sessions were signed out.`
          : `User @${user.username} was updated.`,
      });
      navigate(routes.adminUser(user.username));
    } catch (caught) {
      setErrors([caught instanceof RestError ? caught.message : 'Something went wrong. Try again.']);
      setSaving(false);
    }
  };

  return (
    <div className={styles.form}>
      <FormStack label="Edit user" onSubmit={handleSubmit} errors={errors}>
        <TextField label="Name" value={name} onChange={setName} isRequired autoComplete="off" />
        <TextField label="Username" value={`@${user.username}`} isReadOnly description="Usernames cannot be changed." />
        <TextField label="Email" type="email" value={email} onChange={setEmail} isRequired autoComplete="off" />
        <TextField
          label="Projects limit"
          inputMode="numeric"
          value={projectsLimit}
          onChange={setProjectsLimit}
          isRequired
          description="How many personal projects the user may create."
        />
        <Checkbox isSelected={admin} onChange={setAdmin}>
          Administrator (can use the Admin area and see everything)
        </Checkbox>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Reset password</legend>
          <p className={styles.help}>
            Leave empty to keep the current password. A new password signs the user out everywhere; tell them what it
            is.
          </p>
          <TextField
            label="New password"
            type="password"
            value={password}
            onChange={setPassword}
            minLength={8}
            description="At least 8 characters."
            autoComplete="new-password"
          />
          <TextField
            label="Password confirmation"
            type="password"
            value={confirmation}
            onChange={setConfirmation}
            autoComplete="new-password"
          />
        </fieldset>
        <FormActions>
          <Button type="submit" variant="primary" isDisabled={saving}>
            {saving ? 'Saving…' : 'Save changes'}
          </Button>
          <ButtonLink to={routes.adminUser(user.username)}>Cancel</ButtonLink>
        </FormActions>
      </FormStack>
    </div>
  );
}
