import { type KeyboardEvent, useId, useState } from 'react';
import { type Key, Tab, TabList, TabPanel, Tabs, TextArea, TextField } from 'react-aria-components';
import { ServerHtml } from '../../issuables/server-html.tsx';
import styles from './description-field.module.css';
import { previewMarkdown } from './epic-requests.ts';

type Preview = { status: 'idle' | 'loading' | 'error' } | { status: 'ready'; html: string; text: string };

type DescriptionFieldProps = {
  value: string;
  onChange: (value: string) => void;
  isDisabled?: boolean;
  /** The field's name ('Description'; comments name it 'Comment'); `hideLabel` keeps it for assistive tech only. */
  label?: string;
  hideLabel?: boolean;
  placeholder?: string;
  autoFocus?: boolean;
  /** A shorter text area (comments and replies). */
  compact?: boolean;
  /** Keys in the text area (comments submit on Ctrl/Cmd+Enter). */
  onKeyDown?: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
} & (
  | { groupFullPath: string; iid: string; preview?: undefined }
  /** How the server renders the text for the Preview tab (another page's preview path). */
  | { preview: (text: string) => Promise<string>; groupFullPath?: undefined; iid?: undefined }
);

/**
 * The description as plain markdown, with Write and Preview tabs (spec §2.7). The preview is the
 * server's rendering (`preview_markdown`), so it looks exactly as it will once saved.
 */
export function DescriptionField({
  value,
  onChange,
  isDisabled,
  label = 'Description',
  hideLabel,
  placeholder = 'Write a description or drag your files here…',
  autoFocus,
  compact,
  onKeyDown,
  ...source
}: DescriptionFieldProps) {
  const labelId = useId();
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [preview, setPreview] = useState<Preview>({ status: 'idle' });

  const loadPreview = async (text: string) => {
    if (preview.status === 'ready' && preview.text === text) return;
    setPreview({ status: 'loading' });
    try {
      const html = source.preview
        ? await source.preview(text)
        : await previewMarkdown(source.groupFullPath, source.iid, text);
      setPreview({ status: 'ready', html, text });
    } catch {
      setPreview({ status: 'error' });
    }
  };

  const handleTabChange = (key: Key) => {
    const next = key === 'preview' ? 'preview' : 'write';
    setTab(next);
    if (next === 'preview' && value.trim() !== '') void loadPreview(value);
  };

  return (
    <div className={compact ? `${styles.field} ${styles.compact}` : styles.field}>
      <span id={labelId} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </span>
      <Tabs selectedKey={tab} onSelectionChange={handleTabChange} className={styles.tabs}>
        <TabList aria-label={`${label} editor`} className={styles.tabList}>
          <Tab id="write" className={styles.tab}>
            Write
          </Tab>
          <Tab id="preview" className={styles.tab}>
            Preview
          </Tab>
        </TabList>
        <TabPanel id="write" className={styles.panel}>
          <TextField value={value} onChange={onChange} aria-labelledby={labelId} isDisabled={isDisabled}>
            <TextArea
              className={styles.textarea}
              placeholder={placeholder}
              autoFocus={autoFocus}
              onKeyDown={onKeyDown}
            />
          </TextField>
          <p className={styles.hint}>Supports Markdown.</p>
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
      </Tabs>
    </div>
  );
}
