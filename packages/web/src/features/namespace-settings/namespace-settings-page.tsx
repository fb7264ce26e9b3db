import { useQuery } from '@apollo/client/react';
import { isVisibilityName, type VisibilityName } from '@milepost/shared';
import { useState } from 'react';
import { useAlerts, useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { NotFoundPage } from '../../app/not-found-page.tsx';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { AvatarUpload } from '../../components/avatar-upload/avatar-upload.tsx';
import { Button } from '../../components/ui/button.tsx';
import { FormActions, FormStack } from '../../components/ui/form.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { GroupOverviewQueryDocument, ProjectOverviewQueryDocument } from '../../gql/graphql.ts';
import { namespaceBreadcrumbs } from '../../lib/namespace-breadcrumbs.ts';
import { restContainerUrl, restJson } from '../../lib/rest.ts';
import { routes } from '../../lib/routes.ts';
import { useFormSubmit } from '../../lib/use-form-submit.ts';
import { VisibilityField } from '../namespaces/components/visibility-field.tsx';
import styles from './namespace-settings.module.css';

type Kind = 'group' | 'project';

/** What the page edits, the same for a group and a project. */
type Settings = {
  id: string;
  name: string;
  fullPath: string;
  /** 'Acme / Platform' (a project's includes its own name). */
  fullName: string;
  description: string;
  visibility: string;
  avatarUrl: string | null;
};

const NOUN: Record<Kind, string> = { group: 'Group', project: 'Project' };

/** `/groups/<path>/-/edit`: the group's Settings › General (Owners). */
export function GroupSettingsPage({ fullPath }: { fullPath: string }) {
  const { data, error, refetch } = useQuery(GroupOverviewQueryDocument, { variables: { fullPath } });
  useErrorAlert(error, 'Something went wrong while loading this group.');
  if (!data) return error ? null : <SkeletonList rows={4} label="Loading settings" />;
  const group = data.group;
  if (!group?.userPermissions.adminGroup) return <NotFoundPage />;
  return <NamespaceSettings kind="group" settings={group} onChanged={refetch} />;
}

/** `/<path>/edit`: the project's Settings › General (Maintainers). */
export function ProjectSettingsPage({ fullPath }: { fullPath: string }) {
  const { data, error, refetch } = useQuery(ProjectOverviewQueryDocument, { variables: { fullPath } });
  useErrorAlert(error, 'Something went wrong while loading this project.');
  if (!data) return error ? null : <SkeletonList rows={4} label="Loading settings" />;
  const project = data.project;
  if (!project?.userPermissions.adminProject) return <NotFoundPage />;
  return (
    <NamespaceSettings
      kind="project"
      settings={{ ...project, fullName: project.nameWithNamespace }}
      onChanged={refetch}
    />
  );
}

type NamespaceSettingsProps = { kind: Kind; settings: Settings; onChanged: () => unknown };

/**
 * Settings › General of a group or project, as GitLab's: 'Naming, description, visibility' (GitLab's
 * `PUT /groups/:id`, `PUT /projects/:id`) and the avatar (the same call, multipart `avatar`; a blank
 * one removes it), drawn by the one avatar upload of users, groups and projects.
 */
function NamespaceSettings({ kind, settings, onChanged }: NamespaceSettingsProps) {
  const url = restContainerUrl(kind, settings.fullPath);
  const settingsPath =
    kind === 'group' ? routes.groupSettings(settings.fullPath) : routes.projectSettings(settings.fullPath);
  const sendAvatar = (avatar: File | '') => {
    const form = new FormData();
    form.append('avatar', avatar);
    return restJson(url, { method: 'PUT', body: form });
  };
  return (
    <>
      <PageHeader
        breadcrumbs={[
          ...namespaceBreadcrumbs(settings.fullPath, settings.fullName),
          { label: 'General settings', to: settingsPath },
        ]}
        title="General settings"
      />
      <section className={styles.section} aria-labelledby="naming-heading">
        <h2 id="naming-heading" className={styles.title}>
          Naming, description, visibility
        </h2>
        <NamingForm kind={kind} settings={settings} url={url} onSaved={onChanged} />
      </section>
      <section className={styles.section} aria-labelledby="avatar-heading">
        <h2 id="avatar-heading" className={styles.title}>
          {NOUN[kind]} avatar
        </h2>
        <AvatarUpload
          subject={settings}
          shape="square"
          upload={(file) => sendAvatar(file)}
          remove={() => sendAvatar('')}
          saveLabel="Set new avatar"
          onChanged={onChanged}
        />
      </section>
    </>
  );
}

/** The REST call's refusal in the server's words. */
const messageOf = (caught: unknown) => [(caught as Error).message];

type NamingFormProps = { kind: Kind; settings: Settings; url: string; onSaved: () => unknown };

/** Name, description and visibility level; the server's words when it refuses them. */
function NamingForm({ kind, settings, url, onSaved }: NamingFormProps) {
  const { pushAlert } = useAlerts();
  const [name, setName] = useState(settings.name);
  const [description, setDescription] = useState(settings.description);
  const [visibility, setVisibility] = useState<VisibilityName>(
    isVisibilityName(settings.visibility) ? settings.visibility : 'private',
  );
  const { errors, saving, submit } = useFormSubmit(messageOf);

  const handleSubmit = () =>
    submit(async () => {
      const saved = await restJson<{ name: string }>(url, {
        method: 'PUT',
        body: { name: name.trim(), description, visibility },
      });
      await onSaved();
      pushAlert({ variant: 'success', message: `${NOUN[kind]} '${saved.name}' was successfully updated.` });
    });

  return (
    <FormStack label={`${NOUN[kind]} settings`} onSubmit={handleSubmit} errors={errors}>
      <TextField label={`${NOUN[kind]} name`} value={name} onChange={setName} isRequired maxLength={255} />
      <TextField
        label={`${NOUN[kind]} description (optional)`}
        value={description}
        onChange={setDescription}
        multiline
        maxLength={2000}
      />
      <VisibilityField kind={kind} value={visibility} onChange={setVisibility} />
      <FormActions>
        <Button type="submit" variant="primary" isDisabled={saving || !name.trim()}>
          {saving ? 'Saving…' : 'Save changes'}
        </Button>
      </FormActions>
    </FormStack>
  );
}
