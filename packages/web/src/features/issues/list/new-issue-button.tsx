import { useMutation, useQuery } from '@apollo/client/react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { IssuesListCreateIssueMutationDocument, IssuesListProjectsQueryDocument } from '../../../gql/graphql.ts';
import { useAfterPaint } from '../../../lib/after-paint.ts';
import { errorMessages } from '../../../lib/mutation-errors.ts';
import { nodesOf } from '../../../lib/paging.ts';
import { routes } from '../../../lib/routes.ts';
import styles from './issues-list.module.css';
import type { IssuesListScope } from './issues-list-page.tsx';

/**
 * 'New issue': on a project's list, the new issue form (`/<project>/-/issues/new`); on a group's
 * list, the project first (as GitLab asks) and a title, then the new issue's page.
 */
export function NewIssueButton({ scope, groupPath }: { scope: IssuesListScope; groupPath: string }) {
  const isProject = scope.kind === 'project';
  const [projectPath, setProjectPath] = useState<string | null>(isProject ? scope.fullPath : null);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  // The group's projects for the dialog's picker: asked once the list is painted, not before its rows.
  const painted = useAfterPaint();
  const projects = useQuery(IssuesListProjectsQueryDocument, {
    variables: { fullPath: groupPath },
    skip: isProject || !painted,
  });
  const [create, { loading }] = useMutation(IssuesListCreateIssueMutationDocument);

  const close = () => setOpen(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!projectPath) return setError('Select a project.');
    if (!title.trim()) return setError("Title can't be blank");
    try {
      const result = await create({ variables: { input: { projectPath, title: title.trim() } } });
      const payload = result.data?.createIssue;
      if (payload?.errors.length || !payload?.issue)
        return setError(payload?.errors.join('. ') ?? 'Something went wrong.');
      close();
      navigate(routes.projectIssue(projectPath, payload.issue.iid));
    } catch (caught) {
      setError(errorMessages(caught).join('. '));
    }
  };

  if (isProject) {
    return (
      <ButtonLink variant="primary" to={routes.newProjectIssue(scope.fullPath)}>
        New issue
      </ButtonLink>
    );
  }
  return (
    <>
      <Button variant="primary" onPress={() => setOpen(true)}>
        {isProject ? 'New issue' : 'Select project to create issue'}
      </Button>
      <Dialog title="New issue" isOpen={open} onOpenChange={setOpen}>
        <form onSubmit={submit} className={styles.newIssueForm}>
          {!isProject && (
            <SelectField
              label="Project"
              options={nodesOf(projects.data?.group?.projects).map((p) => ({
                id: p.fullPath,
                label: p.nameWithNamespace,
              }))}
              value={projectPath}
              onChange={setProjectPath}
              placeholder="Select project"
            />
          )}
          <TextField label="Title" value={title} onChange={setTitle} autoFocus />
          {error && (
            <p role="alert" className={styles.bulkError}>
              {error}
            </p>
          )}
          <div className={styles.bulkButtons}>
            <Button type="submit" variant="primary" isDisabled={loading}>
              Create issue
            </Button>
            <Button onPress={close}>Cancel</Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
