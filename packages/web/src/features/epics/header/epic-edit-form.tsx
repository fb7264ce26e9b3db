import { useApolloClient, useMutation } from '@apollo/client/react';
import { useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { clearMarkdownDraft, type MarkdownAutosave } from '../../../components/markdown-editor/use-markdown-draft.tsx';
import { useConfirmSecrets } from '../../../components/secret-warning/secret-warning.tsx';
import {
  type EpicPageEpicFragment,
  EpicPageQueryDocument,
  UpdateEpicDescriptionMutationDocument,
} from '../../../gql/graphql.ts';
import { draftKey } from '../../../lib/drafts.ts';
import { errorMessages } from '../../../lib/mutation-errors.ts';
import {
  IssuableEditForm,
  type LatestVersion,
  titleError as validateTitle,
} from '../../issuables/issuable-edit-form.tsx';
import { EpicDescriptionEditor } from '../epic-description-editor.tsx';

/** Spec 001 §8, for an epic. */
export const CONCURRENT_EDIT_MESSAGE =
  'Someone edited this epic at the same time you did. The description has been updated and you will need to make your changes again.';
/** How the server words a stale `lockVersion` (its own, longer message). */
const STALE_PREFIX = 'Someone edited this epic at the same time you did.';

type EpicEditFormProps = {
  epic: EpicPageEpicFragment;
  groupFullPath: string;
  /** Closes the form (after a save or on Cancel). */
  onClose: () => void;
};

/**
 * Edits the title and description (updateEpic), based on the version the user started from. When
 * someone changed the title or description in between, nothing is overwritten: the form keeps the
 * user's text, shows the latest version, and the next save is based on it. Changes to other
 * attributes meanwhile (closing, dates, labels) are not a conflict: the save is retried on them.
 */
export function EpicEditForm({ epic, groupFullPath, onClose }: EpicEditFormProps) {
  const client = useApolloClient();
  const [title, setTitle] = useState(epic.title ?? '');
  const [description, setDescription] = useState(epic.description ?? '');
  const [errors, setErrors] = useState<string[]>([]);
  const [titleError, setTitleError] = useState('');
  const [latest, setLatest] = useState<LatestVersion | null>(null);
  // The version this edit is based on: its lock version and the title and description it started from.
  const base = useRef({ lockVersion: epic.lockVersion, title: epic.title ?? '', description: epic.description ?? '' });
  const [updateEpic, { loading }] = useMutation(UpdateEpicDescriptionMutationDocument);
  const confirmSecrets = useConfirmSecrets();
  // The description's draft in this browser, stamped with the version it is based on.
  const location = useLocation();
  const [autosave] = useState<MarkdownAutosave>(() => ({ key: draftKey(location), lockVersion: epic.lockVersion }));
  const close = () => {
    clearMarkdownDraft(autosave);
    onClose();
  };

  const handleTitleChange = (value: string) => {
    setTitle(value);
    if (titleError) setTitleError('');
  };

  const save = async (newTitle: string) => {
    const result = await updateEpic({
      variables: {
        input: {
          groupPath: groupFullPath,
          iid: epic.iid,
          title: newTitle,
          description,
          lockVersion: base.current.lockVersion,
        },
      },
    });
    return result.data?.updateEpic;
  };

  /** The epic as saved now (also refreshes the page behind the form). */
  const fetchLatest = async () => {
    const { data } = await client.query({
      query: EpicPageQueryDocument,
      variables: { fullPath: groupFullPath, iid: epic.iid },
      fetchPolicy: 'network-only',
    });
    return data?.group?.epic ?? undefined;
  };

  const handleSubmit = async () => {
    if (loading) return;
    const trimmed = title.trim();
    const invalid = validateTitle(title);
    if (invalid) {
      setTitleError(invalid);
      return;
    }
    if (!(await confirmSecrets(description, 'description'))) return;
    setErrors([]);
    try {
      let payload = await save(trimmed);
      if (payload?.errors.some((e) => e.startsWith(STALE_PREFIX))) {
        const fresh = await fetchLatest().catch(() => undefined);
        if (!fresh) {
          setErrors([CONCURRENT_EDIT_MESSAGE, 'The latest version could not be loaded. Reload the page to see it.']);
          return;
        }
        const theirs = {
          lockVersion: fresh.lockVersion,
          title: fresh.title ?? '',
          description: fresh.description ?? '',
        };
        const textUnchanged = theirs.title === base.current.title && theirs.description === base.current.description;
        base.current = theirs;
        if (!textUnchanged) {
          setErrors([CONCURRENT_EDIT_MESSAGE]);
          setLatest({ title: fresh.title, descriptionHtml: fresh.descriptionHtml });
          return;
        }
        // Only other attributes changed meanwhile (state, dates, labels…): nothing of theirs is overwritten.
        payload = await save(trimmed);
      }
      if (payload?.errors.some((e) => e.startsWith(STALE_PREFIX))) setErrors([CONCURRENT_EDIT_MESSAGE]);
      else if (payload?.errors.length) setErrors(payload.errors);
      else if (payload?.epic) close();
      else setErrors(['The epic was not saved. Try again.']);
    } catch (caught) {
      setErrors(errorMessages(caught));
    }
  };

  return (
    <IssuableEditForm
      label="Edit epic"
      title={title}
      onTitleChange={handleTitleChange}
      titleError={titleError}
      errors={errors}
      latest={latest}
      loading={loading}
      onSubmit={handleSubmit}
      onCancel={close}
    >
      <EpicDescriptionEditor
        groupFullPath={groupFullPath}
        epicIid={epic.iid}
        value={description}
        onChange={setDescription}
        autosave={autosave}
        isDisabled={loading}
      />
    </IssuableEditForm>
  );
}
