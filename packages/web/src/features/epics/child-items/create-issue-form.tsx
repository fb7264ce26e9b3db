import { useQuery } from '@apollo/client/react';
import { useId, useMemo, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ComboBoxField, type ComboOption } from '../../../components/ui/combo-box-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ChildItemsProjectsQueryDocument, FrecentProjectsQueryDocument } from '../../../gql/graphql.ts';
import { FREQUENTLY_VISITED } from '../../frequent-items/frequent-first.ts';
import styles from './child-items-forms.module.css';
import { MAX_RECENT_PROJECTS, type RecentProject, readRecentProjects } from './recent-projects.ts';
import { formHeading } from './tree-model.ts';
import { useDebounced } from './use-debounced.ts';

export const CREATE_ISSUE_FAILED = 'Something went wrong while creating issue.';
export const FETCH_PROJECTS_FAILED = 'Something went wrong while fetching projects.';

export type CreateIssueFormProps = {
  groupFullPath: string;
  confidential: boolean;
  /** Preselected: the project the viewer last created an issue in for this epic, if any. */
  defaultProject?: RecentProject | null;
  /** Creates the issue; rejects to show 'Something went wrong while creating issue.'. */
  onSubmit: (values: { title: string; project: RecentProject }) => Promise<void>;
  onCancel: () => void;
};

function optionOf(p: RecentProject, description?: string): ComboOption {
  return { id: p.id, label: p.nameWithNamespace, description: description ?? p.fullPath };
}

/** 'Add a new issue': a title and a project of the epic's group (frequently visited, then recently used ones first). */
export function CreateIssueForm({
  groupFullPath,
  confidential,
  defaultProject,
  onSubmit,
  onCancel,
}: CreateIssueFormProps) {
  const headingId = useId();
  const [title, setTitle] = useState('');
  const [project, setProject] = useState<RecentProject | null>(defaultProject ?? null);
  const [projectInput, setProjectInput] = useState(defaultProject?.nameWithNamespace ?? '');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [recent] = useState(() => readRecentProjects().slice(0, MAX_RECENT_PROJECTS));
  const search = useDebounced(project ? '' : projectInput.trim());
  const {
    data,
    loading,
    error: projectsError,
  } = useQuery(ChildItemsProjectsQueryDocument, {
    variables: { fullPath: groupFullPath, search: search || undefined },
  });

  const found = useMemo(() => data?.group?.projects.nodes ?? [], [data]);
  // The viewer's frequently visited projects of this group (and its subgroups) come first.
  const frecent = useQuery(FrecentProjectsQueryDocument);
  const frequent = useMemo(
    () => (frecent.data?.frecentProjects ?? []).filter((p) => p.fullPath.startsWith(`${groupFullPath}/`)),
    [frecent.data, groupFullPath],
  );
  const options = useMemo<ComboOption[]>(() => {
    const term = search.toLowerCase();
    const matches = (p: RecentProject) =>
      !term || p.nameWithNamespace.toLowerCase().includes(term) || p.fullPath.toLowerCase().includes(term);
    const frequentShown = frequent.filter(matches);
    const recentShown = recent.filter((p) => matches(p) && !frequentShown.some((f) => f.id === p.id));
    const rest = found.filter((p) => ![...frequentShown, ...recentShown].some((r) => r.id === p.id));
    return [
      ...frequentShown.map((p) => optionOf(p, `${FREQUENTLY_VISITED} · ${p.fullPath}`)),
      ...recentShown.map((p) => optionOf(p, `Recently used · ${p.fullPath}`)),
      ...rest.map((p) => optionOf(p)),
    ];
  }, [found, frequent, recent, search]);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed || !project || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      await onSubmit({ title: trimmed, project });
    } catch {
      setError(CREATE_ISSUE_FAILED);
      setSubmitting(false);
    }
  };

  return (
    <form className={styles.form} aria-labelledby={headingId} onSubmit={handleSubmit}>
      <h3 id={headingId} className={styles.heading}>
        {formHeading('create', 'issue', confidential)}
      </h3>
      {error && <Alert variant="danger">{error}</Alert>}
      {projectsError && <Alert variant="danger">{FETCH_PROJECTS_FAILED}</Alert>}
      <div className={styles.row}>
        <TextField label="Title" value={title} onChange={setTitle} className={styles.grow} autoFocus />
        <ComboBoxField
          label="Project"
          placeholder="Select a project"
          options={options}
          inputValue={projectInput}
          onInputChange={(value) => {
            setProjectInput(value);
            if (project && value !== project.nameWithNamespace) setProject(null);
          }}
          selectedId={project?.id ?? null}
          onSelect={(option) => {
            const chosen = option ? ([...frequent, ...recent, ...found].find((p) => p.id === option.id) ?? null) : null;
            setProject(chosen);
            setProjectInput(chosen?.nameWithNamespace ?? '');
          }}
          loading={loading}
          className={styles.grow}
        />
      </div>
      <div className={styles.actions}>
        <Button type="submit" variant="primary" isDisabled={title.trim() === '' || !project || submitting}>
          {submitting ? 'Creating…' : 'Create issue'}
        </Button>
        <Button onPress={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
