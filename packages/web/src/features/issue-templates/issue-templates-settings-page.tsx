import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useAlerts, useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { NotFoundPage } from '../../app/not-found-page.tsx';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog, ConfirmText } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import {
  IssueTemplateCreateMutationDocument,
  IssueTemplateDestroyMutationDocument,
  IssueTemplatesSettingsQueryDocument,
  IssueTemplateUpdateMutationDocument,
} from '../../gql/graphql.ts';
import { errorMessages } from '../../lib/mutation-errors.ts';
import { namespaceBreadcrumbs } from '../../lib/namespace-breadcrumbs.ts';
import { routes } from '../../lib/routes.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import type { ResolvedProject } from '../namespaces/use-namespace-context.ts';
import { IssueTemplateForm } from './issue-template-form.tsx';
import { forgetTemplateNames } from './issue-template-requests.ts';
import styles from './issue-templates-settings.module.css';

type Editing = { mode: 'new' } | { mode: 'edit'; name: string } | null;

/**
 * `/<project>/-/settings/issue_templates`: the project's description templates (decision 0021).
 * Everyone who may read the project sees them; Maintainers add, edit and delete them. Templates of
 * the project's groups are offered in its issues too (the project's own win on a shared name).
 */
export function IssueTemplatesSettingsPage({ project }: { project: ResolvedProject }) {
  useDocumentTitle(`Issue templates · ${project.nameWithNamespace}`);
  const { pushAlert } = useAlerts();
  const { data, error, refetch } = useQuery(IssueTemplatesSettingsQueryDocument, {
    variables: { fullPath: project.fullPath },
  });
  useErrorAlert(error, 'Something went wrong while fetching the issue templates.');
  const [create, creating] = useMutation(IssueTemplateCreateMutationDocument);
  const [update, updating] = useMutation(IssueTemplateUpdateMutationDocument);
  const [destroy, destroying] = useMutation(IssueTemplateDestroyMutationDocument);
  const [editing, setEditing] = useState<Editing>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<string | null>(null);

  const breadcrumbs = [
    ...namespaceBreadcrumbs(project.fullPath, project.nameWithNamespace),
    { label: 'Issue templates', to: routes.projectIssueTemplates(project.fullPath) },
  ];
  if (!data) return error ? null : <SkeletonList rows={3} label="Loading issue templates" />;
  if (!data.project) return <NotFoundPage />;
  const templates = data.project.issueTemplates;
  const canAdmin = data.project.userPermissions.adminIssueTemplate;
  const projectPath = project.fullPath;

  const done = async (message: string) => {
    forgetTemplateNames(projectPath);
    setEditing(null);
    setErrors([]);
    await refetch();
    pushAlert({ variant: 'success', message });
  };

  const handleCreate = async (values: { name: string; content: string }) => {
    try {
      const result = await create({ variables: { input: { projectPath, ...values } } });
      const payload = result.data?.issueTemplateCreate;
      if (!payload?.issueTemplate) return setErrors(payload?.errors ?? ['The template could not be saved.']);
      await done(`Template ${payload.issueTemplate.name} was added.`);
    } catch (e) {
      setErrors(errorMessages(e));
    }
  };

  const handleUpdate = async (name: string, values: { name: string; content: string }) => {
    try {
      const result = await update({
        variables: { input: { projectPath, name, newName: values.name, content: values.content } },
      });
      const payload = result.data?.issueTemplateUpdate;
      if (!payload?.issueTemplate) return setErrors(payload?.errors ?? ['The template could not be saved.']);
      await done(`Template ${payload.issueTemplate.name} was saved.`);
    } catch (e) {
      setErrors(errorMessages(e));
    }
  };

  const handleDelete = async () => {
    if (!deleting) return;
    try {
      const result = await destroy({ variables: { input: { projectPath, name: deleting } } });
      const problems = result.data?.issueTemplateDestroy?.errors ?? [];
      if (problems.length > 0) pushAlert({ variant: 'danger', message: problems.join(' ') });
      else await done(`Template ${deleting} was deleted.`);
    } catch (e) {
      pushAlert({ variant: 'danger', message: errorMessages(e).join(' ') });
    } finally {
      setDeleting(null);
    }
  };

  const startEditing = (next: Editing) => {
    setErrors([]);
    setEditing(next);
  };

  return (
    <div className={styles.page}>
      <PageHeader
        breadcrumbs={breadcrumbs}
        title="Issue templates"
        actions={
          canAdmin && editing?.mode !== 'new' ? (
            <Button variant="primary" onPress={() => startEditing({ mode: 'new' })}>
              Add template
            </Button>
          ) : undefined
        }
      />
      <p className={styles.intro}>
        Description templates people can choose when they write an issue's description. Templates of the project's
        groups are offered too; a template here takes the place of a group's with the same name.
      </p>
      {editing?.mode === 'new' && (
        <section className={styles.formPanel} aria-label="New template">
          <IssueTemplateForm
            label="New template"
            initial={{ name: '', content: '' }}
            submitLabel="Add template"
            isSaving={creating.loading}
            errors={errors}
            onSubmit={(values) => void handleCreate(values)}
            onCancel={() => setEditing(null)}
          />
        </section>
      )}
      {templates.length === 0 && editing?.mode !== 'new' ? (
        <EmptyState
          icon="issues"
          title="No issue templates yet"
          description={
            canAdmin
              ? 'Add a template to give issues in this project a common structure.'
              : "This project has no templates of its own. Its Maintainers can add them; its groups' templates are offered in its issues."
          }
        />
      ) : (
        templates.length > 0 && (
          <ul className={styles.list} aria-label="Templates">
            {templates.map((t) => (
              <li key={t.id} className={styles.item}>
                {editing?.mode === 'edit' && editing.name === t.name ? (
                  <IssueTemplateForm
                    label={`Edit template ${t.name}`}
                    initial={{ name: t.name, content: t.content }}
                    submitLabel="Save changes"
                    isSaving={updating.loading}
                    errors={errors}
                    onSubmit={(values) => void handleUpdate(t.name, values)}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <>
                    <div className={styles.row}>
                      <h2 className={styles.name}>{t.name}</h2>
                      {canAdmin && (
                        <>
                          <Button compact onPress={() => startEditing({ mode: 'edit', name: t.name })}>
                            Edit<span className="visually-hidden"> {t.name}</span>
                          </Button>
                          <Button compact variant="danger" onPress={() => setDeleting(t.name)}>
                            Delete<span className="visually-hidden"> {t.name}</span>
                          </Button>
                        </>
                      )}
                    </div>
                    <p className={styles.preview}>{t.content}</p>
                  </>
                )}
              </li>
            ))}
          </ul>
        )
      )}
      <ConfirmDialog
        title="Delete template?"
        isOpen={deleting !== null}
        confirmLabel="Delete template"
        pendingLabel="Deleting…"
        isPending={destroying.loading}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void handleDelete()}
      >
        <ConfirmText>Template {deleting} will be deleted. Issues that used it keep their descriptions.</ConfirmText>
      </ConfirmDialog>
    </div>
  );
}
