import { useMutation, useQuery } from '@apollo/client/react';
import { DEFAULT_EPIC_COLOR_OPTION } from '@milepost/shared';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { NotFoundPage } from '../../app/not-found-page.tsx';
import { clearMarkdownDraft, type MarkdownAutosave } from '../../components/markdown-editor/use-markdown-draft.tsx';
import { EpicColorDropdown } from '../../components/planning/epic-color-dropdown.tsx';
import { PlanningDatePicker } from '../../components/planning/planning-date-picker.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { CreateEpicMutationDocument, NewEpicPermissionsQueryDocument } from '../../gql/graphql.ts';
import { draftKey } from '../../lib/drafts.ts';
import { routes } from '../../lib/routes.ts';
import { CreateFormPage, titleTooLong } from '../issuables/create-form-page.tsx';
import { useCreateSubmit } from '../issuables/use-create-submit.ts';
import type { ResolvedGroup } from '../namespaces/use-namespace-context.ts';
import { EpicDescriptionEditor } from './epic-description-editor.tsx';
import styles from './new-epic-page.module.css';

/** `/groups/<path>/-/epics/new`: the 'New epic' form; hidden (not found) without `createEpic`. */
export function NewEpicPage({ group }: { group: ResolvedGroup }) {
  const navigate = useNavigate();
  const { data, error } = useQuery(NewEpicPermissionsQueryDocument, { variables: { fullPath: group.fullPath } });
  useErrorAlert(error, 'Something went wrong while loading this group.');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [confidential, setConfidential] = useState(false);
  const [startDate, setStartDate] = useState<string | null>(null);
  const [dueDate, setDueDate] = useState<string | null>(null);
  const [color, setColor] = useState<string>(DEFAULT_EPIC_COLOR_OPTION.color);
  const [createEpic, { loading }] = useMutation(CreateEpicMutationDocument);
  const { errors, submit } = useCreateSubmit();
  const location = useLocation();
  const [autosave] = useState<MarkdownAutosave>(() => ({ key: draftKey(location) }));

  if (!data) return error ? null : <SkeletonList rows={4} label="Loading" />;
  if (!data.group?.userPermissions.createEpic) return <NotFoundPage />;

  const trimmedTitle = title.trim();
  const titleError = titleTooLong(title);

  const handleSubmit = () =>
    submit({
      title,
      description,
      blocked: Boolean(titleError),
      create: async () => {
        const result = await createEpic({
          variables: {
            input: {
              groupPath: group.fullPath,
              title: trimmedTitle,
              description,
              confidential,
              startDateFixed: startDate,
              startDateIsFixed: startDate !== null,
              dueDateFixed: dueDate,
              dueDateIsFixed: dueDate !== null,
              color,
            },
          },
        });
        const payload = result.data?.createEpic;
        if (payload?.errors.length) return payload.errors;
        if (!payload?.epic) return ['The epic was not created. Try again.'];
        clearMarkdownDraft(autosave);
        navigate(routes.groupEpic(group.fullPath, payload.epic.iid));
        return [];
      },
    });

  const handleCancel = () => {
    clearMarkdownDraft(autosave);
    const state = window.history.state as { idx?: number } | null;
    if (state?.idx && state.idx > 0) navigate(-1);
    else navigate(routes.groupEpics(group.fullPath));
  };

  return (
    <CreateFormPage
      noun="epic"
      namespace={{ fullPath: group.fullPath, name: group.fullName }}
      list={{ label: 'Epics', to: routes.groupEpics(group.fullPath) }}
      newTo={routes.newEpic(group.fullPath)}
      title={title}
      onTitleChange={setTitle}
      errors={errors}
      pending={loading}
      onSubmit={handleSubmit}
      onCancel={handleCancel}
    >
      <EpicDescriptionEditor
        groupFullPath={group.fullPath}
        epicIid={null}
        value={description}
        onChange={setDescription}
        autosave={autosave}
        onSave={handleSubmit}
      />
      <Checkbox isSelected={confidential} onChange={setConfidential}>
        This epic is confidential and should only be visible to team members with at least the Reporter role
      </Checkbox>
      <div className={styles.dates}>
        <PlanningDatePicker
          label="Start date"
          value={startDate}
          onChange={setStartDate}
          maxDate={dueDate}
          placeholder="Select start date"
        />
        <PlanningDatePicker
          label="Due date"
          value={dueDate}
          onChange={setDueDate}
          minDate={startDate}
          placeholder="Select due date"
        />
      </div>
      <div className={styles.colorField}>
        <span className={styles.colorLabel}>Color</span>
        <EpicColorDropdown
          variant="embedded"
          fullPath={group.fullPath}
          color={color}
          allowEdit
          onChange={(option) => setColor(option.color)}
        />
      </div>
    </CreateFormPage>
  );
}
