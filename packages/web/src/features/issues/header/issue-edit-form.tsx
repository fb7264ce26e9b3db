import { useApolloClient } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { projectAutocomplete } from '../../../components/markdown-editor/autocomplete/autocomplete-suggestions.tsx';
import { MarkdownEditor } from '../../../components/markdown-editor/markdown-editor.tsx';
import { DraftNotice } from '../../../components/markdown-editor/use-markdown-draft.tsx';
import { useConfirmSecrets } from '../../../components/secret-warning/secret-warning.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useUploads } from '../../../components/uploads/use-uploads.tsx';
import { type IssuePageIssueFragment, IssuePageQueryDocument } from '../../../gql/graphql.ts';
import { clearDraft, draftKey, readDraft, writeDraft } from '../../../lib/drafts.ts';
import { useUnsavedChangesPrompt } from '../../../lib/use-unsaved-changes-prompt.ts';
import {
  IssuableEditForm,
  type LatestVersion,
  titleError as validateTitle,
} from '../../issuables/issuable-edit-form.tsx';
import { DescriptionTemplateSelector } from '../../issue-templates/description-template-selector.tsx';
import styles from './issue-edit-form.module.css';
import { IssueRequestError, previewIssueMarkdown, type SavedIssue, updateIssue } from './issue-requests.ts';
import { issueTypeName } from './issue-status.ts';
import type { RemoteEdit } from './use-issue-realtime.ts';

/** Spec 002 §4.3, for an issue or an incident. */
export const concurrentEditMessage = (issueType: string) =>
  `Someone edited this ${issueType} at the same time you did. The description has been updated and you will need to make your changes again.`;
/** Spec 002 §4.2. */
export const LEAVE_MESSAGE = 'Are you sure you want to lose your issue information?';
/** GitLab's warning for a draft written against an older version of the issue (one text for every form). */
export { OUTDATED_DRAFT_MESSAGE } from '../../../components/markdown-editor/use-markdown-draft.tsx';

type EditableType = 'issue' | 'incident';

type IssueEditFormProps = {
  issue: IssuePageIssueFragment;
  projectFullPath: string;
  /** Whether the viewer may turn the issue into an incident (`createIncident`). */
  canCreateIncident: boolean;
  /** The latest title or description someone else saved while the form is open (polling). */
  remoteEdit: RemoteEdit | null;
  /** Closes the form without saving (Cancel). */
  onCancel: () => void;
  /** After a save; `typeChanged`: the page moves to `saved.webUrl`. */
  onSaved: (saved: SavedIssue, typeChanged: boolean) => void;
};

/** The type selector's choices (spec 002 §2.1): incident only with `createIncident` or when already one. */
function typeOptions(current: EditableType, canCreateIncident: boolean) {
  const options = [{ id: 'issue', label: 'Issue' }];
  if (canCreateIncident || current === 'incident') options.push({ id: 'incident', label: 'Incident' });
  return options;
}

/**
 * Edits the issue's title, type and description (`PUT …/<iid>.json`) against the version the user
 * started from. Drafts are kept in the browser as the user types; a draft of an older version asks
 * Keep or Discard. When someone else saved the title or description meanwhile (polling, or a 409 on
 * save), nothing of theirs is overwritten: the form keeps the user's text, shows the latest
 * version, and the next save is based on it. Ctrl/Cmd+Enter saves.
 */
export function IssueEditForm(props: IssueEditFormProps) {
  const { issue, projectFullPath, canCreateIncident, remoteEdit, onCancel, onSaved } = props;
  const client = useApolloClient();
  const location = useLocation();
  const key = useRef(draftKey(location)).current;
  const [draft] = useState(() => readDraft(key));
  const originalType: EditableType | null = (() => {
    const name = issueTypeName(issue.type);
    return name === 'task' ? null : name;
  })();
  const [title, setTitle] = useState(draft?.title ?? issue.title);
  const [description, setDescription] = useState(draft?.description ?? issue.description ?? '');
  const [issueType, setIssueType] = useState<EditableType | null>(originalType);
  const confirmSecrets = useConfirmSecrets();
  const attach = useUploads({ kind: 'project', fullPath: projectFullPath });
  const [draftNotice, setDraftNotice] = useState<'restored' | 'outdated' | null>(() => {
    if (draft === null || (draft.title === issue.title && draft.description === (issue.description ?? ''))) return null;
    return draft.lockVersion !== undefined && draft.lockVersion !== issue.lockVersion ? 'outdated' : 'restored';
  });
  const [errors, setErrors] = useState<string[]>([]);
  const [titleError, setTitleError] = useState('');
  const [latest, setLatest] = useState<LatestVersion | null>(null);
  const [loading, setLoading] = useState(false);
  // The version this edit is based on: its lock version and the title and description it started from.
  const base = useRef({ lockVersion: issue.lockVersion, title: issue.title, description: issue.description ?? '' });
  const typeName = issueTypeName(issue.type);
  const conflictMessage = concurrentEditMessage(typeName);

  const dirty = title !== base.current.title || description !== base.current.description || issueType !== originalType;
  const { allowNavigation } = useUnsavedChangesPrompt(dirty && !loading, LEAVE_MESSAGE);

  // Autosave: the text and the version it is based on.
  useEffect(() => {
    if (title === base.current.title && description === base.current.description) return;
    writeDraft(key, { title, description, lockVersion: base.current.lockVersion });
  }, [key, title, description]);

  // Someone else saved a new title or description while the form is open.
  useEffect(() => {
    if (!remoteEdit || remoteEdit.lockVersion <= base.current.lockVersion) return;
    base.current = {
      lockVersion: remoteEdit.lockVersion,
      title: remoteEdit.title,
      description: remoteEdit.description,
    };
    setErrors([conflictMessage]);
    setLatest({ title: remoteEdit.title, descriptionHtml: remoteEdit.descriptionHtml });
  }, [remoteEdit, conflictMessage]);

  const handleTitleChange = (value: string) => {
    setTitle(value);
    if (titleError) setTitleError('');
  };

  const handleKeepDraft = () => setDraftNotice(null);
  const handleDiscardDraft = () => {
    clearDraft(key);
    setTitle(base.current.title);
    setDescription(base.current.description);
    setDraftNotice(null);
  };

  const handleCancel = () => {
    clearDraft(key);
    allowNavigation();
    onCancel();
  };

  const save = (newTitle: string) =>
    updateIssue(projectFullPath, issue.iid, {
      title: newTitle,
      description,
      lockVersion: base.current.lockVersion,
      ...(issueType && issueType !== originalType ? { issueType } : {}),
    });

  /** The issue as saved now (also refreshes the page behind the form). */
  const fetchLatest = async () => {
    const { data } = await client.query({
      query: IssuePageQueryDocument,
      variables: { fullPath: projectFullPath, iid: issue.iid },
      fetchPolicy: 'network-only',
    });
    return data?.project?.issue ?? undefined;
  };

  /** A 409: the latest version; saves again when only other attributes changed, else shows it. */
  const resolveConflict = async (newTitle: string): Promise<SavedIssue | null> => {
    const fresh = await fetchLatest().catch(() => undefined);
    if (!fresh) {
      setErrors([conflictMessage, 'The latest version could not be loaded. Reload the page to see it.']);
      return null;
    }
    const theirs = { lockVersion: fresh.lockVersion, title: fresh.title, description: fresh.description ?? '' };
    const textUnchanged = theirs.title === base.current.title && theirs.description === base.current.description;
    base.current = theirs;
    if (!textUnchanged) {
      setErrors([conflictMessage]);
      setLatest({ title: fresh.title, descriptionHtml: fresh.descriptionHtml ?? null });
      return null;
    }
    // Only other attributes changed meanwhile (state, labels, dates…): nothing of theirs is overwritten.
    return await save(newTitle);
  };

  const handleSubmit = async () => {
    if (loading) return;
    const invalid = validateTitle(title);
    if (invalid) {
      setTitleError(invalid);
      return;
    }
    if (!(await confirmSecrets(description, 'description'))) return;
    setErrors([]);
    setLoading(true);
    const trimmed = title.trim();
    try {
      let saved: SavedIssue | null;
      try {
        saved = await save(trimmed);
      } catch (error) {
        if (!(error instanceof IssueRequestError) || error.status !== 409) throw error;
        saved = await resolveConflict(trimmed);
      }
      if (!saved) return;
      clearDraft(key);
      allowNavigation();
      client.cache.modify({
        id: client.cache.identify({ __typename: 'Issue', id: issue.id }),
        fields: { title: () => trimmed, description: () => description, lockVersion: () => saved.lockVersion },
      });
      onSaved(saved, issueType !== originalType);
    } catch (error) {
      if (error instanceof IssueRequestError && error.status === 409) setErrors([conflictMessage]);
      else {
        const detail = error instanceof IssueRequestError ? error.errors.join(' ') : 'Try again.';
        setErrors([`Error updating ${typeName}. ${detail}`]);
      }
    } finally {
      setLoading(false);
    }
  };

  const options = originalType ? typeOptions(originalType, canCreateIncident) : [];

  return (
    <IssuableEditForm
      label={`Edit ${typeName}`}
      title={title}
      onTitleChange={handleTitleChange}
      titleError={titleError}
      errors={errors}
      latest={latest}
      loading={loading}
      onSubmit={handleSubmit}
      onCancel={handleCancel}
      notice={draftNotice && <DraftNotice kind={draftNotice} onKeep={handleKeepDraft} onDiscard={handleDiscardDraft} />}
    >
      {issueType && options.length > 1 && (
        <SelectField
          label="Issue type"
          options={options}
          value={issueType}
          onChange={(value) => setIssueType(value === 'incident' ? 'incident' : 'issue')}
          isDisabled={loading}
          className={styles.type}
        />
      )}
      <DescriptionTemplateSelector
        projectFullPath={projectFullPath}
        description={description}
        onApply={setDescription}
      />
      <MarkdownEditor
        value={description}
        onChange={setDescription}
        preview={(text) => previewIssueMarkdown(projectFullPath, issue.iid, text)}
        autocomplete={projectAutocomplete(projectFullPath)}
        isDisabled={loading}
        onFiles={attach.onFiles}
        uploads={attach.uploads}
      />
    </IssuableEditForm>
  );
}
