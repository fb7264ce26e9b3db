import { useMutation, useQuery } from '@apollo/client/react';
import { iterationDisplayTitle } from '@milepost/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ComboBoxField, type ComboOption } from '../../components/ui/combo-box-field.tsx';
import {
  IssueIterationQueryDocument,
  IssueSetIterationMutationDocument,
  SearchIterationsQueryDocument,
  type SidebarIterationFieldsFragment,
} from '../../gql/graphql.ts';
import styles from './issue-iteration-widget.module.css';

/** The spec's three errors (§8), verbatim. */
export const SET_ITERATION_ERROR = 'Failed to set iteration on this issue. Please try again.';
export const FETCH_ISSUE_ITERATION_ERROR = 'Failed to fetch the iteration for this issue. Please try again.';
export const FETCH_ITERATIONS_ERROR = 'Failed to fetch the iterations for the group. Please try again.';

const NO_ITERATION = 'none';

const label = (it: Pick<SidebarIterationFieldsFragment, 'title' | 'startDate' | 'dueDate'>) =>
  iterationDisplayTitle({ title: it.title, startDate: String(it.startDate), dueDate: String(it.dueDate) });

type Props = { projectPath: string; iid: string };

/**
 * The issue sidebar's Iteration: the cadence and the iteration (a link to its report), or None;
 * with `adminIssue`, Edit picks an open iteration of the project's groups (searched by title or
 * cadence) or 'No iteration'. Self-contained: it reads and writes only the issue's iteration.
 */
export function IssueIterationWidget({ projectPath, iid }: Props) {
  const { data, error } = useQuery(IssueIterationQueryDocument, { variables: { projectPath, iid } });
  const [isEditing, setIsEditing] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [setIteration, { loading: saving }] = useMutation(IssueSetIterationMutationDocument);
  const titleId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !isEditing) sectionRef.current?.querySelector<HTMLElement>('[data-edit]')?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);

  const issue = data?.project?.issue;
  const iteration = issue?.iteration ?? null;
  const canEdit = issue?.userPermissions.adminIssue === true;

  const pick = async (iterationId: string | null) => {
    setSaveError(null);
    try {
      const result = await setIteration({ variables: { projectPath, iid, iterationId } });
      if (result.data?.issueSetIteration?.errors.length || !result.data?.issueSetIteration?.issue) {
        setSaveError(SET_ITERATION_ERROR);
        return;
      }
      setIsEditing(false);
    } catch {
      setSaveError(SET_ITERATION_ERROR);
    }
  };

  return (
    <section ref={sectionRef} className={styles.widget} aria-labelledby={titleId} data-section="iteration">
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          Iteration
        </h2>
        {canEdit && !isEditing && (
          <Button
            data-edit
            variant="tertiary"
            compact
            aria-label="Edit iteration"
            onPress={() => {
              setSaveError(null);
              setIsEditing(true);
            }}
          >
            Edit
          </Button>
        )}
      </div>
      {error && <p className={styles.error}>{FETCH_ISSUE_ITERATION_ERROR}</p>}
      {saveError && <Alert variant="danger">{saveError}</Alert>}
      {!data && !error && <span className={styles.none}>Loading…</span>}
      {data &&
        !isEditing &&
        (iteration ? <IterationValue iteration={iteration} /> : <span className={styles.none}>None</span>)}
      {isEditing && (
        <IterationPicker
          projectPath={projectPath}
          hasIteration={iteration !== null}
          saving={saving}
          onPick={pick}
          onCancel={() => setIsEditing(false)}
        />
      )}
    </section>
  );
}

function IterationValue({ iteration }: { iteration: SidebarIterationFieldsFragment }) {
  return (
    <div className={styles.value}>
      <span className={styles.cadence}>{iteration.iterationCadence.title}</span>
      <Link to={iteration.webPath} className={styles.link}>
        {label(iteration)}
      </Link>
    </div>
  );
}

type PickerProps = {
  projectPath: string;
  hasIteration: boolean;
  saving: boolean;
  onPick: (iterationId: string | null) => void;
  onCancel: () => void;
};

/** Open iterations by title or cadence, as you type (searchIterations), plus 'No iteration'. */
function IterationPicker({ projectPath, hasIteration, saving, onPick, onCancel }: PickerProps) {
  const [search, setSearch] = useState('');
  const { data, loading, error } = useQuery(SearchIterationsQueryDocument, {
    variables: { fullPath: projectPath, search: search.trim() || null },
  });
  const options: ComboOption[] = [
    ...(hasIteration && !search.trim() ? [{ id: NO_ITERATION, label: 'No iteration' }] : []),
    ...(data?.project?.iterations.nodes ?? []).map((it) => ({
      id: it.id,
      label: label(it),
      description: it.title
        ? `${it.iterationCadence.title} · ${label({ ...it, title: null })}`
        : it.iterationCadence.title,
    })),
  ];
  return (
    <div className={styles.form}>
      <ComboBoxField
        label="Assign iteration"
        options={options}
        inputValue={search}
        onInputChange={setSearch}
        selectedId={null}
        onSelect={(option) => option && onPick(option.id === NO_ITERATION ? null : option.id)}
        placeholder="Search iterations"
        loading={loading}
        description={error ? FETCH_ITERATIONS_ERROR : undefined}
      />
      <div className={styles.actions}>
        <Button compact onPress={onCancel} isDisabled={saving}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
