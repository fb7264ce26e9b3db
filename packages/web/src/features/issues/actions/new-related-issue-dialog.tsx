import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAlerts } from '../../../app/alerts/use-alerts.ts';
import { projectAutocomplete } from '../../../components/markdown-editor/autocomplete/autocomplete-suggestions.tsx';
import { MarkdownEditor } from '../../../components/markdown-editor/markdown-editor.tsx';
import { clearMarkdownDraft, type MarkdownAutosave } from '../../../components/markdown-editor/use-markdown-draft.tsx';
import { useConfirmSecrets } from '../../../components/secret-warning/secret-warning.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormActions, FormStack } from '../../../components/ui/form.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useUploads } from '../../../components/uploads/use-uploads.tsx';
import { IssueActionsCreateIssueMutationDocument, type IssueType } from '../../../gql/graphql.ts';
import { draftKey } from '../../../lib/drafts.ts';
import { DescriptionTemplateSelector } from '../../issue-templates/description-template-selector.tsx';
import { previewIssueMarkdown } from '../header/issue-requests.ts';
import { relateIssues } from './issue-requests.ts';

type NewRelatedIssueDialogProps = {
  isOpen: boolean;
  type: 'issue' | 'incident' | 'task';
  projectFullPath: string;
  relatedTo: { iid: string; fullReference: string };
  onClose: () => void;
};

const ISSUE_TYPES: Record<NewRelatedIssueDialogProps['type'], IssueType> = {
  issue: 'ISSUE',
  incident: 'INCIDENT',
  task: 'TASK',
};

export const RELATED_LINK_ERROR =
  'The new issue was created, but it could not be linked to the original issue. Link it from its page.';

/**
 * 'New related {type}' (spec 002 §6): a title and a description, then the new issue in the same
 * project, linked as related to this one; the page goes to the new issue.
 */
export function NewRelatedIssueDialog({
  isOpen,
  type,
  projectFullPath,
  relatedTo,
  onClose,
}: NewRelatedIssueDialogProps) {
  const navigate = useNavigate();
  const { pushAlert } = useAlerts();
  const [create, { loading }] = useMutation(IssueActionsCreateIssueMutationDocument);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const confirmSecrets = useConfirmSecrets();
  const attach = useUploads({ kind: 'project', fullPath: projectFullPath });
  const location = useLocation();
  const autosave: MarkdownAutosave = { key: `${draftKey(location)}/new-related-${type}` };
  const cancel = () => {
    clearMarkdownDraft(autosave);
    setDescription('');
    onClose();
  };

  const handleSubmit = async () => {
    if (title.trim() === '') {
      setErrors(["Title can't be blank"]);
      return;
    }
    if (!(await confirmSecrets(description, 'description'))) return;
    try {
      const result = await create({
        variables: { input: { projectPath: projectFullPath, title, description, issueType: ISSUE_TYPES[type] } },
      });
      const payload = result.data?.createIssue;
      if (!payload?.issue || payload.errors.length > 0) {
        setErrors(payload?.errors.length ? payload.errors : ['The issue could not be created. Please try again.']);
        return;
      }
      const created = payload.issue;
      try {
        await relateIssues(projectFullPath, created.iid, relatedTo.iid);
      } catch {
        pushAlert({ variant: 'warning', message: RELATED_LINK_ERROR, keepOnNavigate: true });
      }
      clearMarkdownDraft(autosave);
      setTitle('');
      setDescription('');
      setErrors([]);
      onClose();
      await navigate(created.webPath);
    } catch {
      setErrors(['The issue could not be created. Please try again.']);
    }
  };

  return (
    <Dialog title={`New related ${type}`} isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      <FormStack
        label={`New ${type} related to ${relatedTo.fullReference}`}
        onSubmit={() => void handleSubmit()}
        errors={errors}
      >
        <TextField label="Title" value={title} onChange={setTitle} isRequired autoFocus />
        <DescriptionTemplateSelector
          projectFullPath={projectFullPath}
          description={description}
          onApply={setDescription}
        />
        <MarkdownEditor
          value={description}
          onChange={setDescription}
          preview={(text) => previewIssueMarkdown(projectFullPath, null, text)}
          autocomplete={projectAutocomplete(projectFullPath)}
          autosave={autosave}
          onSave={() => void handleSubmit()}
          onFiles={attach.onFiles}
          uploads={attach.uploads}
        />
        <FormActions>
          <Button variant="primary" type="submit" isDisabled={loading}>
            {loading ? 'Creating…' : `Create ${type}`}
          </Button>
          <Button onPress={cancel}>Cancel</Button>
        </FormActions>
      </FormStack>
    </Dialog>
  );
}
