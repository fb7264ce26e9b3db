import {
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
  useId,
  useRef,
  useState,
} from 'react';
import { type Key, Tab, TabList, TabPanel, Tabs, TextArea, TextField } from 'react-aria-components';
import { ServerHtml } from '../../features/issuables/server-html.tsx';
import { Button } from '../ui/button.tsx';
import styles from './markdown-editor.module.css';

type Preview = { status: 'idle' | 'loading' | 'error' } | { status: 'ready'; html: string; text: string };

/**
 * Files the user pasted, dropped or chose with 'Attach a file or image'; `insert` puts markdown
 * (`![name](/uploads/…)`) at the caret of the editor as it is when called (also after an upload).
 */
export type MarkdownEditorFilesHandler = (files: File[], insert: (markdown: string) => void) => void;

export type MarkdownEditorProps = {
  value: string;
  onChange: (value: string) => void;
  /** How the server renders the text for the Preview tab (`preview_markdown` of the page's group or project). */
  preview: (text: string) => Promise<string>;
  isDisabled?: boolean;
  /** The field's name ('Description'; comments name it 'Comment'); `hideLabel` keeps it for assistive tech only. */
  label?: string;
  hideLabel?: boolean;
  placeholder?: string;
  autoFocus?: boolean;
  /** A shorter editor (comments and replies). */
  compact?: boolean;
  /** Ctrl/Cmd+Enter: the form's main action. */
  onSave?: () => void;
  /** Escape (edit and reply forms close). */
  onCancel?: () => void;
  /** Pasted, dropped and attached files; without it the editor takes no files. */
  onFiles?: MarkdownEditorFilesHandler;
  /** Under the text: the uploads' progress, cancel and errors. */
  uploads?: ReactNode;
};

function filesOf(list: FileList | null | undefined): File[] {
  return list ? Array.from(list) : [];
}

/**
 * The one markdown editor of every description and comment form (issue 14): Write and Preview
 * tabs (spec §2.7) where Preview is the server's rendering (`preview_markdown`), so it looks
 * exactly as it will once saved; files pasted, dropped or attached go to `onFiles`.
 */
export function MarkdownEditor({
  value,
  onChange,
  preview: renderPreview,
  isDisabled,
  label = 'Description',
  hideLabel,
  placeholder = 'Write a description or drag your files here…',
  autoFocus,
  compact,
  onSave,
  onCancel,
  onFiles,
  uploads,
}: MarkdownEditorProps) {
  const labelId = useId();
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [preview, setPreview] = useState<Preview>({ status: 'idle' });
  const [dragging, setDragging] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  // The latest text, for inserts that arrive after an upload (the closure's value is stale then).
  const valueRef = useRef(value);
  valueRef.current = value;

  const loadPreview = async (text: string) => {
    if (preview.status === 'ready' && preview.text === text) return;
    setPreview({ status: 'loading' });
    try {
      setPreview({ status: 'ready', html: await renderPreview(text), text });
    } catch {
      setPreview({ status: 'error' });
    }
  };

  const handleTabChange = (key: Key) => {
    const next = key === 'preview' ? 'preview' : 'write';
    setTab(next);
    if (next === 'preview' && value.trim() !== '') void loadPreview(value);
  };

  /** Markdown at the caret (replacing the selection), on a line of its own when it is an image or link. */
  const insert = (markdown: string) => {
    const text = valueRef.current;
    const area = textareaRef.current;
    const start = area && document.activeElement === area ? area.selectionStart : text.length;
    const end = area && document.activeElement === area ? area.selectionEnd : text.length;
    const before = text.slice(0, start);
    const spacer = before === '' || before.endsWith('\n') ? '' : '\n';
    const next = `${before}${spacer}${markdown}${text.slice(end)}`;
    valueRef.current = next;
    onChange(next);
    const caret = before.length + spacer.length + markdown.length;
    requestAnimationFrame(() => area?.setSelectionRange(caret, caret));
  };

  const takeFiles = (files: File[]) => {
    if (onFiles && files.length > 0) onFiles(files, insert);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey) && onSave) {
      event.preventDefault();
      onSave();
    } else if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      onCancel();
    }
  };

  const handlePaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = filesOf(event.clipboardData?.files);
    if (!onFiles || files.length === 0) return;
    event.preventDefault();
    takeFiles(files);
  };

  const handleDragOver = (event: DragEvent<HTMLElement>) => {
    if (!onFiles || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDragging(true);
  };

  const handleDrop = (event: DragEvent<HTMLElement>) => {
    setDragging(false);
    const files = filesOf(event.dataTransfer?.files);
    if (!onFiles || files.length === 0) return;
    event.preventDefault();
    takeFiles(files);
  };

  const fieldClass = [styles.field, compact && styles.compact, dragging && styles.dragging].filter(Boolean).join(' ');
  return (
    <div className={fieldClass}>
      <span id={labelId} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </span>
      <Tabs selectedKey={tab} onSelectionChange={handleTabChange} className={styles.tabs}>
        <div className={styles.header}>
          <TabList aria-label={`${label} editor`} className={styles.tabList}>
            <Tab id="write" className={styles.tab}>
              Write
            </Tab>
            <Tab id="preview" className={styles.tab}>
              Preview
            </Tab>
          </TabList>
          {onFiles && (
            <div className={styles.toolbar}>
              <Button
                variant="tertiary"
                compact
                onPress={() => fileInputRef.current?.click()}
                isDisabled={isDisabled || tab !== 'write'}
              >
                Attach a file or image
              </Button>
              <input
                ref={fileInputRef}
                type="file"
                multiple
                hidden
                tabIndex={-1}
                aria-hidden="true"
                onChange={(event) => {
                  takeFiles(filesOf(event.currentTarget.files));
                  event.currentTarget.value = '';
                }}
              />
            </div>
          )}
        </div>
        <TabPanel id="write" className={styles.panel}>
          <TextField value={value} onChange={onChange} aria-labelledby={labelId} isDisabled={isDisabled}>
            <TextArea
              ref={textareaRef}
              className={styles.textarea}
              placeholder={placeholder}
              autoFocus={autoFocus}
              onKeyDown={handleKeyDown}
              onPaste={handlePaste}
              onDragOver={handleDragOver}
              onDragLeave={() => setDragging(false)}
              onDrop={handleDrop}
            />
          </TextField>
        </TabPanel>
        <TabPanel id="preview" className={[styles.panel, styles.previewPanel].join(' ')}>
          {value.trim() === '' ? (
            <p className={styles.muted}>Nothing to preview.</p>
          ) : preview.status === 'ready' ? (
            <ServerHtml html={preview.html} />
          ) : preview.status === 'error' ? (
            <p className={styles.error} role="alert">
              The preview could not be loaded. Your text is unchanged; try again.
            </p>
          ) : (
            <p className={styles.muted}>Loading preview…</p>
          )}
        </TabPanel>
        {uploads && <div className={styles.uploads}>{uploads}</div>}
        <p className={styles.hint}>Supports Markdown.</p>
      </Tabs>
    </div>
  );
}
