import { MarkdownEditor } from '../../components/markdown-editor/markdown-editor.tsx';
import type { MarkdownAutosave } from '../../components/markdown-editor/use-markdown-draft.tsx';
import { useUploads } from '../../components/uploads/use-uploads.tsx';
import { previewMarkdown } from './header/epic-requests.ts';

type EpicDescriptionEditorProps = {
  groupFullPath: string;
  /** The epic being edited; null on 'New epic' (previews render without it). */
  epicIid: string | null;
  value: string;
  onChange: (value: string) => void;
  autosave: MarkdownAutosave;
  onSave?: () => void;
  isDisabled?: boolean;
};

/**
 * An epic's description field, on 'New epic' and in the epic's edit form: the markdown editor with
 * the group's preview, autocomplete and uploads (files go to the group), and the draft kept in this browser.
 */
export function EpicDescriptionEditor({
  groupFullPath,
  epicIid,
  value,
  onChange,
  autosave,
  onSave,
  isDisabled,
}: EpicDescriptionEditorProps) {
  const attach = useUploads({ kind: 'group', fullPath: groupFullPath });
  return (
    <MarkdownEditor
      value={value}
      onChange={onChange}
      preview={(text) => previewMarkdown(groupFullPath, epicIid, text)}
      autocomplete={{ groupPath: groupFullPath }}
      autosave={autosave}
      onSave={onSave}
      isDisabled={isDisabled}
      onFiles={attach.onFiles}
      uploads={attach.uploads}
    />
  );
}
