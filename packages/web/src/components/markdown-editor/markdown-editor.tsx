import {
  type ChangeEvent,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
  lazy,
  type ReactNode,
  Suspense,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type Key, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { flushSync } from 'react-dom';
import { ServerHtml } from '../../features/issuables/server-html.tsx';
import { type AutocompleteScope, AutocompleteSuggestions } from './autocomplete/autocomplete-suggestions.tsx';
import { textareaCaretRect } from './autocomplete/caret-position.ts';
import type { AutocompleteMatch, Suggestion } from './autocomplete/gfm-autocomplete.ts';
import { useAutocomplete } from './autocomplete/use-autocomplete.ts';
import { applyPlainCommand, commandOfKey, type EditorCommand } from './editor-commands.ts';
import { EditorPreferenceContext } from './editor-preference.ts';
import { EditorToolbar } from './editor-toolbar.tsx';
import styles from './markdown-editor.module.css';
import { loadRichText } from './rich/load-rich-text.ts';
import type { RichTextHandle } from './rich/rich-text-editor.tsx';
import { useEditorMode } from './use-editor-mode.ts';
import { type MarkdownAutosave, useMarkdownDraft } from './use-markdown-draft.tsx';

/** Tiptap and the markdown parser load only when rich text is used (or preferred: editor-preference-provider.tsx). */
const RichTextEditor = lazy(loadRichText);

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
  /** GFM autocomplete of `@`, `~`, `%`, `#`, `&` (the group's users, labels…) and `:` emoji; none without it. */
  autocomplete?: AutocompleteScope;
  /** Draft autosave in this browser (restored with a notice); the form clears it on save and Cancel. */
  autosave?: MarkdownAutosave;
};

/** The newlines that put a blank line between `text` and a block inserted before or after it. */
export function blankLineBetween(text: string, side: 'before' | 'after'): string {
  if (text === '') return '';
  const newlines = side === 'before' ? /\n*$/.exec(text)?.[0].length : /^\n*/.exec(text)?.[0].length;
  return '\n'.repeat(Math.max(0, 2 - (newlines ?? 0)));
}

function filesOf(list: FileList | null | undefined): File[] {
  return list ? Array.from(list) : [];
}

/**
 * How long typing may go on before the form hears of the text. The text lives in the editor (the
 * text area's DOM value, or ProseMirror's document) while it is typed, so a keystroke re-renders
 * nothing; the form gets it after this pause, at once when the text becomes empty or stops being
 * empty (the forms enable Save by that), and before anything that reads it: blur (a click on Save),
 * Ctrl/Cmd (Ctrl+Enter), Preview, a mode switch, an insert, and unmount. Longer than the gaps
 * between a fast typist's keys (150 ms was not: the form's render then landed just before the next
 * key in two of ten, decision 0083), so its work waits for a pause in typing.
 */
export const COMMIT_DELAY_MS = 300;

/** How many texts told to the form and not rendered back yet are remembered (see `unechoed`). */
const MAX_UNECHOED = 8;

const isModifier = (key: string) => key === 'Control' || key === 'Meta';

/**
 * The one markdown editor of every description and comment form (issue 14), in GitLab's two
 * modes: plain text (markdown with Write and Preview, the server's rendering through
 * `preview_markdown`) and rich text (Tiptap, loaded on demand). Both keep the same markdown in
 * `value`, share the toolbar and the editing shortcuts (spec 002 §9.1), and hand files pasted,
 * dropped or attached to `onFiles`.
 */
export function MarkdownEditor(props: MarkdownEditorProps) {
  const {
    value,
    onChange,
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
    autocomplete,
    autosave,
  } = props;
  const labelId = useId();
  const [mode, setMode] = useEditorMode(useContext(EditorPreferenceContext));
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [preview, setPreview] = useState<Preview>({ status: 'idle' });
  const [dragging, setDragging] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const richRef = useRef<RichTextHandle | null>(null);
  // The props of this render, for callbacks that must not change (the memoised toolbar) or that run
  // after a synchronous re-render (Ctrl+Enter saves what the form now has).
  const latest = useRef(props);
  latest.current = props;
  // The text as typed (the editor holds it; no React state), and what the form was last told or told us.
  const textRef = useRef(value);
  const committed = useRef(value);
  const timer = useRef<number | undefined>(undefined);
  // A value the form sets (a template, a restored draft, Discard, a cleared form) replaces the text.
  const external = useRef(false);
  // The value of the last render, and the texts the form was told and has not rendered yet. Only a
  // value that changed and is none of those is set from outside: the form, or this editor, may
  // render again with the text it had before (React renders an update of another lane first — a
  // key's, while the form's update from the pause is still waiting — or a transition is pending),
  // and that older text must not replace what was typed since (decision 0070).
  const rendered = useRef(value);
  const unechoed = useRef<string[]>([]);
  if (value !== rendered.current) {
    rendered.current = value;
    const echo = unechoed.current.indexOf(value);
    if (echo >= 0) unechoed.current.splice(0, echo + 1);
    else {
      unechoed.current = [];
      committed.current = value;
      textRef.current = value;
      window.clearTimeout(timer.current);
      timer.current = undefined;
      external.current = true;
    }
  }
  useLayoutEffect(() => {
    if (!external.current) return;
    external.current = false;
    const area = textareaRef.current;
    if (area && area.value !== textRef.current) area.value = textRef.current;
  });
  const rich = mode === 'contentEditor';
  const listId = useId();

  /**
   * Tells the form the text now (when it differs from what the form has). After a pause in typing
   * (`urgent` false) as a transition: React renders the form then in slices that give way to the
   * next key, and what reads the text (a save, Preview) flushes it urgently first — also when the
   * form has not rendered a text it was told in a transition yet.
   */
  const send = useCallback((urgent = true) => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    const text = textRef.current;
    if (committed.current === text && !(urgent && unechoed.current.length > 0)) return;
    if (committed.current !== text) {
      committed.current = text;
      unechoed.current.push(text);
      // A form that never renders the text back (it keeps it elsewhere) keeps only the last few.
      if (unechoed.current.length > MAX_UNECHOED) unechoed.current.shift();
    }
    if (urgent) latest.current.onChange(text);
    else startTransition(() => latest.current.onChange(text));
  }, []);
  const sendAfterPause = useCallback(() => send(false), [send]);

  /** The text changed in the editor: the form hears of it after the pause (see COMMIT_DELAY_MS). */
  const commit = useCallback(
    (text: string, now = false) => {
      const emptinessChanged = (committed.current.trim() === '') !== (text.trim() === '');
      textRef.current = text;
      window.clearTimeout(timer.current);
      if (now || emptinessChanged) send();
      else timer.current = window.setTimeout(sendAfterPause, COMMIT_DELAY_MS);
    },
    [send, sendAfterPause],
  );

  /**
   * The rich text's markdown, written after its own pause (rich/rich-text-editor.tsx), at once when
   * it becomes empty or not, and before anything that reads it (`flush`, which then sends urgently).
   */
  const commitNow = useCallback(
    (text: string) => {
      const emptinessChanged = (committed.current.trim() === '') !== (text.trim() === '');
      textRef.current = text;
      send(emptinessChanged);
    },
    [send],
  );

  /** Everything typed so far reaches the form (the rich text is written as markdown first). */
  const flush = useCallback(() => {
    richRef.current?.flush();
    // The plain field's own value is the text: a change the browser made without an input event
    // React saw (a script setting the value, some autofill) still reaches the form.
    const area = textareaRef.current;
    if (area && !external.current) textRef.current = area.value;
    send();
  }, [send]);

  // Nothing typed is lost when the editor goes (a form closed or re-keyed).
  useEffect(() => () => flush(), [flush]);

  /** The text as typed now (the rich text written as markdown first), for the draft. */
  const typed = useCallback(() => {
    flush();
    return textRef.current;
  }, [flush]);
  const draftNotice = useMarkdownDraft(autosave, value, onChange, typed);

  /** Ctrl/Cmd+Enter: the form re-renders with the text first, then its save runs with it. */
  const saveNow = useCallback(() => {
    flushSync(flush);
    latest.current.onSave?.();
  }, [flush]);

  /** Where a reference's trigger is on screen, for the suggestions list (it opens there, as GitLab's). */
  const caretRect = (match: AutocompleteMatch) => {
    if (rich) return richRef.current?.caretRect(match.from) ?? null;
    const area = textareaRef.current;
    return area ? textareaCaretRect(area, Math.min(match.from, area.value.length)) : null;
  };

  /** A picked suggestion replaces the reference typed so far, followed by a space. */
  const applySuggestion = (match: AutocompleteMatch, item: Suggestion) => {
    const text = `${item.insert} `;
    if (rich) {
      // The whole reference typed (a quoted `~"Needs` is longer than its query).
      richRef.current?.replaceBeforeCaret(match.to - match.from, text);
      return;
    }
    const area = textareaRef.current;
    if (!area) return;
    const caret = area.selectionStart;
    const current = area.value;
    const next = current.slice(0, match.from) + text + current.slice(caret);
    area.value = next;
    commit(next, true);
    const at = match.from + text.length;
    area.setSelectionRange(at, at);
  };
  const suggest = useAutocomplete(applySuggestion);
  /** The plain text before the caret, for the autocomplete (none while text is selected). */
  const updatePlainSuggestions = () => {
    const area = textareaRef.current;
    if (!autocomplete || !area) return;
    suggest.update(area.selectionStart === area.selectionEnd ? area.value.slice(0, area.selectionStart) : null);
  };

  const loadPreview = async (text: string) => {
    const renderPreview = latest.current.preview;
    if (preview.status === 'ready' && preview.text === text) return;
    setPreview({ status: 'loading' });
    try {
      setPreview({ status: 'ready', html: await renderPreview(text), text });
    } catch {
      setPreview({ status: 'error' });
    }
  };

  const showTab = (next: 'write' | 'preview') => {
    flush();
    setTab(next);
    if (next === 'preview' && textRef.current.trim() !== '') void loadPreview(textRef.current);
    if (next === 'write') requestAnimationFrame(() => textareaRef.current?.focus());
  };

  /** Ctrl/Cmd+Shift+P: the markdown preview (from rich text, plain text mode on its Preview tab). */
  const togglePreview = () => {
    if (rich) setMode('markdownField');
    showTab(rich || tab === 'write' ? 'preview' : 'write');
  };

  /**
   * Markdown at the caret (replacing the selection) as a paragraph of its own: a blank line before
   * and after it unless the text starts or ends there (GitLab's uploads; a single newline would join
   * the image to the paragraph above it).
   */
  const insert = (markdown: string) => {
    if (rich && richRef.current) {
      richRef.current.insert(markdown);
      return;
    }
    const area = textareaRef.current;
    const text = area?.value ?? textRef.current;
    const focused = area !== null && document.activeElement === area;
    const start = focused ? area.selectionStart : text.length;
    const end = focused ? area.selectionEnd : text.length;
    const before = text.slice(0, start);
    const after = text.slice(end);
    const spacer = blankLineBetween(before, 'before');
    const trailer = blankLineBetween(after, 'after');
    const next = `${before}${spacer}${markdown}${trailer}${after}`;
    if (area) area.value = next;
    commit(next, true);
    const caret = before.length + spacer.length + markdown.length + trailer.length;
    area?.setSelectionRange(caret, caret);
  };

  const takeFiles = (files: File[]) => {
    if (onFiles && files.length > 0) onFiles(files, insert);
  };

  const runPlain = useCallback(
    (command: EditorCommand) => {
      const area = textareaRef.current;
      if (!area) return;
      const result = applyPlainCommand(command, {
        text: area.value,
        start: area.selectionStart,
        end: area.selectionEnd,
      });
      area.value = result.text;
      commit(result.text, true);
      area.focus();
      area.setSelectionRange(result.start, result.end);
    },
    [commit],
  );

  const runCommand = useCallback(
    (command: EditorCommand) => {
      if (rich) richRef.current?.run(command);
      else {
        if (tab !== 'write') setTab('write');
        requestAnimationFrame(() => runPlain(command));
      }
    },
    [rich, tab, runPlain],
  );
  const attachFile = useCallback(() => fileInputRef.current?.click(), []);

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Ctrl/Cmd first: a shortcut of the form (Ctrl+Enter saves) then reads the text as typed.
    if (isModifier(event.key)) flush();
    if (suggest.keyDown(event.key)) {
      event.preventDefault();
      return;
    }
    const command = commandOfKey(event);
    if (command === 'save') {
      if (!onSave) {
        flushSync(flush);
        return;
      }
      event.preventDefault();
      saveNow();
    } else if (command === 'preview') {
      event.preventDefault();
      togglePreview();
    } else if (command) {
      event.preventDefault();
      runPlain(command);
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

  const hasFiles = Boolean(onFiles);
  const suggestOpen = suggest.open;
  const suggestActive = suggest.active;

  const richText = (
    <Suspense fallback={<p className={styles.loadingRich}>Loading the rich text editor…</p>}>
      <RichTextEditor
        value={textRef.current}
        onChange={commitNow}
        label={label}
        placeholder={placeholder}
        autoFocus={autoFocus}
        isDisabled={isDisabled}
        compact={compact}
        handle={richRef}
        onSave={onSave ? saveNow : undefined}
        onCancel={onCancel}
        onPreview={togglePreview}
        onFiles={onFiles ? takeFiles : undefined}
        onCaretText={autocomplete ? suggest.update : undefined}
        onAutocompleteKey={suggest.keyDown}
        onBlur={suggest.blur}
        autocompleteList={suggest.open ? listId : undefined}
      />
    </Suspense>
  );

  // The plain text panel's handlers, through one stable object (below): the panel is memoised, so a
  // render of this component for something it does not show — the form echoing the text after the
  // pause, the autocomplete's match changing as a reference is typed — renders none of the tabs,
  // the toolbar or the text area.
  const handlers = {
    showTab,
    handleKeyDown,
    updatePlainSuggestions,
    blurSuggestions: suggest.blur,
    handlePaste,
    handleDragOver,
    handleDrop,
  };
  const plainHandlers = useRef(handlers);
  plainHandlers.current = handlers;
  const [plain] = useState(() => ({
    // The text area gets its text when it is attached (first, after Preview, after rich text), not
    // through `defaultValue`: React 19 writes a text area's `defaultValue` back into the DOM after
    // every input event, which for a long description made each key replace a 50 KB text node (and
    // woke React Aria's observer of the tab panel, which then walked it for a tabbable element).
    ref: (area: HTMLTextAreaElement | null) => {
      textareaRef.current = area;
      if (area && area.value !== textRef.current) area.value = textRef.current;
    },
    onSelectionChange: (key: Key) => plainHandlers.current.showTab(key === 'preview' ? 'preview' : 'write'),
    onChange: (event: ChangeEvent<HTMLTextAreaElement>) => commit(event.currentTarget.value),
    onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => plainHandlers.current.handleKeyDown(event),
    onKeyUp: (event: KeyboardEvent<HTMLTextAreaElement>) => {
      if (!['ArrowDown', 'ArrowUp', 'Enter', 'Tab', 'Escape'].includes(event.key)) {
        plainHandlers.current.updatePlainSuggestions();
      }
    },
    suggest: () => plainHandlers.current.updatePlainSuggestions(),
    onBlur: () => {
      flush();
      plainHandlers.current.blurSuggestions();
    },
    onPaste: (event: ClipboardEvent<HTMLTextAreaElement>) => plainHandlers.current.handlePaste(event),
    onDragOver: (event: DragEvent<HTMLElement>) => plainHandlers.current.handleDragOver(event),
    onDragLeave: () => setDragging(false),
    onDrop: (event: DragEvent<HTMLElement>) => plainHandlers.current.handleDrop(event),
  }));
  // One toolbar for both modes; plain text's acts on the Write tab only.
  const toolbarDisabled = isDisabled || (!rich && tab !== 'write');
  const toolbar = useMemo(
    () => (
      <EditorToolbar
        label={label}
        onCommand={runCommand}
        onAttach={hasFiles ? attachFile : undefined}
        isDisabled={toolbarDisabled}
      />
    ),
    [label, runCommand, hasFiles, attachFile, toolbarDisabled],
  );
  const hasAutocomplete = Boolean(autocomplete);
  const previewEmpty = textRef.current.trim() === '';
  const plainText = useMemo(
    () => (
      <Tabs selectedKey={tab} onSelectionChange={plain.onSelectionChange}>
        <div className={styles.header}>
          <TabList aria-label={`${label} editor`} className={styles.tabList}>
            <Tab id="write" className={styles.tab}>
              Write
            </Tab>
            <Tab id="preview" className={styles.tab}>
              Preview
            </Tab>
          </TabList>
          {toolbar}
        </div>
        <TabPanel id="write" className={styles.panel}>
          {/* Uncontrolled: the text is the DOM's while it is typed (see COMMIT_DELAY_MS; set by `plain.ref`). */}
          <textarea
            ref={plain.ref}
            aria-labelledby={labelId}
            disabled={isDisabled}
            className={styles.textarea}
            placeholder={placeholder}
            // biome-ignore lint/a11y/noAutofocus: the forms open to write (as the text field did)
            autoFocus={autoFocus}
            onChange={plain.onChange}
            onKeyDown={plain.onKeyDown}
            onKeyUp={plain.onKeyUp}
            onClick={plain.suggest}
            onInput={plain.suggest}
            onBlur={plain.onBlur}
            aria-autocomplete={hasAutocomplete ? 'list' : undefined}
            aria-controls={suggestOpen ? listId : undefined}
            aria-activedescendant={suggestOpen ? `${listId}-${suggestActive}` : undefined}
            onPaste={plain.onPaste}
            onDragOver={plain.onDragOver}
            onDragLeave={plain.onDragLeave}
            onDrop={plain.onDrop}
          />
        </TabPanel>
        <TabPanel id="preview" className={[styles.panel, styles.previewPanel].join(' ')}>
          {previewEmpty ? (
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
    ),
    // The text (textRef) is the field's own: the form echoing it changes nothing here.
    [
      tab,
      plain,
      label,
      toolbar,
      isDisabled,
      labelId,
      placeholder,
      autoFocus,
      hasAutocomplete,
      suggestOpen,
      listId,
      suggestActive,
      previewEmpty,
      preview,
    ],
  );

  const fieldClass = [styles.field, compact && styles.compact, dragging && styles.dragging].filter(Boolean).join(' ');
  return (
    <div className={fieldClass}>
      <span id={labelId} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </span>
      {draftNotice}
      <div className={styles.frame}>
        {rich ? (
          <>
            <div className={styles.header}>
              <span className={styles.modeName}>Rich text</span>
              {toolbar}
            </div>
            {/* biome-ignore lint/a11y/noStaticElementInteractions: files dropped on the rich text area */}
            <div onDragOver={handleDragOver} onDragLeave={() => setDragging(false)} onDrop={() => setDragging(false)}>
              {richText}
            </div>
          </>
        ) : (
          plainText
        )}
        {autocomplete && suggest.match && (
          <AutocompleteSuggestions
            match={suggest.match}
            scope={autocomplete}
            active={suggest.active}
            listId={listId}
            caretRect={caretRect}
            onItems={suggest.setItems}
            onSelect={suggest.select}
          />
        )}
        {uploads && <div className={styles.uploads}>{uploads}</div>}
        <div className={styles.footer}>
          <span>{rich ? 'Rich text editor.' : 'Supports Markdown.'}</span>
          <button
            type="button"
            className={styles.modeSwitch}
            onMouseEnter={() => void loadRichText()}
            onFocus={() => void loadRichText()}
            onClick={() => {
              flush();
              setTab('write');
              setMode(rich ? 'markdownField' : 'contentEditor');
            }}
            disabled={isDisabled}
          >
            {rich ? 'Switch to plain text editing' : 'Switch to rich text editing'}
          </button>
        </div>
      </div>
      {onFiles && (
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
      )}
    </div>
  );
}
