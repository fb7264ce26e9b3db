import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { NotFoundPage } from '../../app/not-found-page.tsx';
import { useCurrentUser } from '../../app/use-current-user.ts';
import { projectAutocomplete } from '../../components/markdown-editor/autocomplete/autocomplete-suggestions.tsx';
import { MarkdownEditor } from '../../components/markdown-editor/markdown-editor.tsx';
import { clearMarkdownDraft, type MarkdownAutosave } from '../../components/markdown-editor/use-markdown-draft.tsx';
import { LabelPicker, type PickerLabel } from '../../components/planning/label-picker.tsx';
import { PlanningDatePicker } from '../../components/planning/planning-date-picker.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import type { ComboOption } from '../../components/ui/combo-box-field.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useUploads } from '../../components/uploads/use-uploads.tsx';
import { NewIssueMutationDocument, NewIssueQueryDocument } from '../../gql/graphql.ts';
import { draftKey } from '../../lib/drafts.ts';
import { routes } from '../../lib/routes.ts';
import { useGoBack } from '../../lib/use-go-back.ts';
import { CreateFormPage, titleTooLong } from '../issuables/create-form-page.tsx';
import { useCreateSubmit } from '../issuables/use-create-submit.ts';
import { DescriptionTemplateSelector } from '../issue-templates/description-template-selector.tsx';
import type { ResolvedProject } from '../namespaces/use-namespace-context.ts';
import { previewIssueMarkdown } from './header/issue-requests.ts';
import styles from './new-issue-page.module.css';
import { PickedOptionsField } from './new-issue-pickers.tsx';

/** A weight as typed: empty (none) or a whole number of 0 or more. */
function weightError(text: string): string | null {
  if (text.trim() === '') return null;
  return /^\d{1,9}$/.test(text.trim()) ? null : 'Weight must be a whole number of 0 or more.';
}

/**
 * `/<project>/-/issues/new`: GitLab's new issue form — title, type, description (the markdown
 * editor with preview, autocomplete and uploads), assignees, labels, milestone, weight, due date,
 * confidentiality and epic, created in one `createIssue`. Not found without `createIssue`.
 */
export function NewIssuePage({ project }: { project: ResolvedProject }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { pathname } = location;
  const { currentUser, loading: userLoading } = useCurrentUser();
  const { data, error } = useQuery(NewIssueQueryDocument, { variables: { fullPath: project.fullPath } });
  useErrorAlert(error, 'Something went wrong while loading this project.');
  const [title, setTitle] = useState('');
  const [issueType, setIssueType] = useState<'ISSUE' | 'INCIDENT'>('ISSUE');
  const [description, setDescription] = useState('');
  const [assignees, setAssignees] = useState<ComboOption[]>([]);
  const [labels, setLabels] = useState<PickerLabel[]>([]);
  const [milestone, setMilestone] = useState<ComboOption[]>([]);
  const [epic, setEpic] = useState<ComboOption[]>([]);
  const [weight, setWeight] = useState('');
  const [dueDate, setDueDate] = useState<string | null>(null);
  const [confidential, setConfidential] = useState(false);
  const [createIssue, { loading }] = useMutation(NewIssueMutationDocument);
  const { errors, submit } = useCreateSubmit();
  const attach = useUploads({ kind: 'project', fullPath: project.fullPath });
  const goBack = useGoBack(routes.projectIssues(project.fullPath));
  // The description's draft in this browser (issue 14: every description form keeps one).
  const [autosave] = useState<MarkdownAutosave>(() => ({ key: draftKey(location) }));

  if (!userLoading && !currentUser) return <Navigate to={routes.signIn(pathname)} replace />;
  if (!data) return error ? null : <SkeletonList rows={6} label="Loading" />;
  const found = data.project;
  if (!found?.userPermissions.createIssue) return <NotFoundPage />;
  const groupPath = found.group?.fullPath ?? project.fullPath.split('/').slice(0, -1).join('/');

  const titleError = titleTooLong(title);
  const weightProblem = weightError(weight);

  const handleSubmit = () =>
    submit({
      title,
      description,
      blocked: Boolean(titleError || weightProblem),
      create: async () => {
        const result = await createIssue({
          variables: {
            input: {
              projectPath: project.fullPath,
              title: title.trim(),
              type: issueType,
              description,
              confidential,
              assigneeIds: assignees.map((a) => a.id),
              labelIds: labels.map((l) => l.id),
              milestoneId: milestone[0]?.id ?? null,
              epicId: epic[0]?.id ?? null,
              weight: weight.trim() === '' ? null : Number(weight.trim()),
              dueDate,
            },
          },
        });
        const payload = result.data?.createIssue;
        if (payload?.errors.length) return payload.errors;
        if (!payload?.issue) return ['The issue was not created. Try again.'];
        clearMarkdownDraft(autosave);
        navigate(routes.projectIssue(project.fullPath, payload.issue.iid));
        return [];
      },
    });

  const paths = { projectPath: project.fullPath, groupPath };
  return (
    <CreateFormPage
      noun="issue"
      namespace={{ fullPath: project.fullPath, name: project.nameWithNamespace }}
      list={{ label: 'Issues', to: routes.projectIssues(project.fullPath) }}
      newTo={routes.newProjectIssue(project.fullPath)}
      wide
      title={title}
      onTitleChange={setTitle}
      errors={errors}
      pending={loading}
      onSubmit={handleSubmit}
      onCancel={() => {
        clearMarkdownDraft(autosave);
        goBack();
      }}
    >
      <SelectField
        label="Type"
        options={[
          { id: 'ISSUE', label: 'Issue' },
          ...(found.userPermissions.createIncident ? [{ id: 'INCIDENT', label: 'Incident' }] : []),
        ]}
        value={issueType}
        onChange={(value) => setIssueType(value as 'ISSUE' | 'INCIDENT')}
      />
      <DescriptionTemplateSelector
        projectFullPath={project.fullPath}
        description={description}
        onApply={setDescription}
      />
      <MarkdownEditor
        value={description}
        onChange={setDescription}
        preview={(text) => previewIssueMarkdown(project.fullPath, null, text)}
        autocomplete={projectAutocomplete(project.fullPath)}
        autosave={autosave}
        onSave={handleSubmit}
        onFiles={attach.onFiles}
        uploads={attach.uploads}
      />
      <Checkbox isSelected={confidential} onChange={setConfidential}>
        This issue is confidential and should only be visible to team members with at least the Reporter role.
      </Checkbox>
      <div className={styles.grid}>
        <PickedOptionsField
          kind="users"
          title="Assignees"
          pickLabel="Assign a user"
          picked={assignees}
          onChange={setAssignees}
          {...paths}
        />
        <fieldset className={styles.picker}>
          <legend className={styles.legend}>Labels</legend>
          <LabelPicker
            variant="standalone"
            fullPath={groupPath}
            selected={labels}
            allowEdit
            allowRemove
            onChange={async (change) => setLabels(change.labels)}
            title="Labels"
          />
        </fieldset>
        <PickedOptionsField
          kind="milestones"
          title="Milestone"
          pickLabel="Select milestone"
          picked={milestone}
          single
          onChange={setMilestone}
          {...paths}
        />
        <PickedOptionsField
          kind="epics"
          title="Epic"
          pickLabel="Select epic"
          picked={epic}
          single
          onChange={setEpic}
          {...paths}
        />
        <TextField
          label="Weight"
          value={weight}
          onChange={setWeight}
          inputMode="numeric"
          placeholder="Enter a number"
          errorMessage={weightProblem ?? undefined}
        />
        <PlanningDatePicker label="Due date" value={dueDate} onChange={setDueDate} placeholder="Select due date" />
      </div>
    </CreateFormPage>
  );
}
