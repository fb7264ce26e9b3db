import { Editor, Extension } from '@tiptap/core';
import { Placeholder } from '@tiptap/extensions';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { EditorState } from '@tiptap/pm/state';
import type { EditorProps } from '@tiptap/pm/view';
import { tokenize } from 'linkifyjs';
import { type RefObject, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import { whenIdle } from '../../../lib/after-paint.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import type { CaretRect } from '../autocomplete/caret-position.ts';
import type { EditorCommand } from '../editor-commands.ts';
import styles from '../markdown-editor.module.css';
import { markdownExtensions } from './extensions.ts';
import { parseMarkdown } from './markdown-parser.ts';
import { serializeMarkdown } from './markdown-serializer.ts';
import { keepOutOfReactSelection } from './outside-react-selection.ts';

/** What the surrounding markdown editor asks of the rich text editor. */
export type RichTextHandle = {
  run: (command: EditorCommand) => void;
  /** Markdown (an upload's `![name](/uploads/…)`) at the selection. */
  insert: (markdown: string) => void;
  focus: () => void;
  /** Replaces the `length` characters before the caret (an autocompleted reference). */
  replaceBeforeCaret: (length: number, text: string) => void;
  /**
   * Where the character at `blockOffset` of the caret's text block is on screen (the caret without
   * it): the autocomplete list opens at the reference's trigger.
   */
  caretRect: (blockOffset?: number) => CaretRect | null;
  /** Writes the markdown of what was typed since the last write now (`onChange`), if anything. */
  flush: () => void;
};

export type RichTextEditorProps = {
  value: string;
  /** The markdown, written a pause after typing (SERIALIZE_DELAY_MS), or at once on `flush`, blur and Ctrl/Cmd. */
  onChange: (markdown: string) => void;
  label: string;
  placeholder: string;
  autoFocus?: boolean;
  isDisabled?: boolean;
  compact?: boolean;
  handle: RefObject<RichTextHandle | null>;
  onSave?: () => void;
  onCancel?: () => void;
  onPreview: () => void;
  /** Files pasted or dropped into the text. */
  onFiles?: (files: File[]) => void;
  /** The text of the block before the caret (null in code or with a selection), for the autocomplete. */
  onCaretText?: (textBefore: string | null) => void;
  /** Keys for the open autocomplete list: true when it took the key. */
  onAutocompleteKey?: (key: string) => boolean;
  onBlur?: () => void;
  /** The id of the open suggestions list. */
  autocompleteList?: string;
};

const LOADING = 'markdownLoad';
/**
 * How long typing may go on before the document is written as markdown: writing a long text on
 * every keystroke would cost each key a walk of the whole document. At once when the text becomes
 * empty or stops being empty (forms enable Save by that). The same pause as the plain text's
 * (COMMIT_DELAY_MS): longer than the gaps between a fast typist's keys (decision 0083).
 */
export const SERIALIZE_DELAY_MS = 300;
/**
 * Autolinking's first use builds linkify's state machine (2–10 ms; an editor's destroy resets it):
 * it is built while the browser is idle after the editor is made, not on the first space typed.
 */
const WARM_AUTOLINK_MS = 1_000;
const ESCAPE = 'Escape';

/** Replaces the document with `markdown` (not undoable, no change event). */
function load(editor: Editor, markdown: string) {
  const doc = parseMarkdown(editor.schema, markdown);
  const { tr } = editor.state;
  tr.replaceWith(0, tr.doc.content.size, doc.content).setMeta(LOADING, true).setMeta('addToHistory', false);
  editor.view.dispatch(tr);
}

/**
 * The new editor's first document: a fresh state with the editor's plugins, not a transaction
 * replacing the empty one, so no plugin reads the whole text as a change (autolinking, tables:
 * about 35 ms of a 50 KB description). Only for an editor just made: a fresh state has no history.
 */
function loadFirst(editor: Editor, markdown: string) {
  const doc = parseMarkdown(editor.schema, markdown);
  editor.view.updateState(EditorState.create({ doc, plugins: editor.state.plugins }));
}

/** The blocks (or, for one paragraph, the inline content) markdown makes, as insertable JSON. */
function contentOf(editor: Editor, markdown: string) {
  const doc = parseMarkdown(editor.schema, markdown);
  const only = doc.childCount === 1 ? doc.child(0) : null;
  const nodes: ProseMirrorNode[] = [];
  (only?.type.name === 'paragraph' ? only : doc).forEach((node) => {
    nodes.push(node);
  });
  return nodes.map((node) => node.toJSON());
}

function runCommand(editor: Editor, command: EditorCommand, askLink: () => void) {
  const chain = editor.chain().focus();
  switch (command) {
    case 'bold':
      return chain.toggleBold().run();
    case 'italic':
      return chain.toggleItalic().run();
    case 'strike':
      return chain.toggleStrike().run();
    case 'code':
      return chain.toggleCode().run();
    case 'link':
      if (editor.isActive('link')) return chain.extendMarkRange('link').unsetLink().run();
      return askLink();
    case 'heading':
      return chain.toggleHeading({ level: 3 }).run();
    case 'quote':
      return chain.toggleBlockquote().run();
    case 'bulletList':
      return chain.toggleBulletList().run();
    case 'orderedList':
      return chain.toggleOrderedList().run();
    case 'taskList':
      return chain.toggleTaskList().run();
    case 'table':
      return chain.insertTable({ rows: 2, cols: 2, withHeaderRow: true }).run();
    case 'indent':
      return editor.isActive('taskItem') ? chain.sinkListItem('taskItem').run() : chain.sinkListItem('listItem').run();
    case 'outdent':
      return editor.isActive('taskItem') ? chain.liftListItem('taskItem').run() : chain.liftListItem('listItem').run();
    case 'codeBlock':
      return chain.toggleCodeBlock().run();
    case 'horizontalRule':
      return chain.setHorizontalRule().run();
    case 'details':
      return chain
        .insertContent({
          type: 'rawMarkdown',
          content: [{ type: 'text', text: '<details><summary>Click to expand</summary>\n\n\n\n</details>' }],
        })
        .run();
  }
}

type Callbacks = Pick<
  RichTextEditorProps,
  | 'onChange'
  | 'onSave'
  | 'onCancel'
  | 'onPreview'
  | 'onFiles'
  | 'onCaretText'
  | 'onAutocompleteKey'
  | 'onBlur'
  | 'autocompleteList'
>;

/** The text of the block before the caret for the autocomplete (null in code or with a selection). */
function reportCaret(editor: Editor, callbacks: RefObject<Callbacks>) {
  const report = callbacks.current.onCaretText;
  if (!report) return;
  const { selection } = editor.state;
  const { $from } = selection;
  const inCode = $from.parent.type.spec.code || editor.isActive('code');
  report(selection.empty && !inCode ? $from.parent.textBetween(0, $from.parentOffset, undefined, '\ufffc') : null);
}

/** The schema's extensions, the placeholder and the editing shortcuts of spec 002 §9.1. */
function editorExtensions(placeholder: string, askLink: () => void, callbacks: RefObject<Callbacks>) {
  return markdownExtensions([
    Placeholder.configure({ placeholder }),
    Extension.create({
      name: 'editingShortcuts',
      // Before StarterKit's own keys (Mod-Enter there is a hard break).
      priority: 1000,
      addKeyboardShortcuts() {
        const run = (command: EditorCommand) => () => {
          runCommand(this.editor, command, askLink);
          return true;
        };
        const suggestion = (key: string) => () => callbacks.current.onAutocompleteKey?.(key) ?? false;
        return {
          ArrowDown: suggestion('ArrowDown'),
          ArrowUp: suggestion('ArrowUp'),
          Enter: suggestion('Enter'),
          Tab: suggestion('Tab'),
          'Mod-Shift-x': run('strike'),
          'Mod-k': run('link'),
          'Mod-]': run('indent'),
          'Mod-[': run('outdent'),
          'Mod-Shift-p': () => {
            callbacks.current.onPreview();
            return true;
          },
          // Saves (the form's own Ctrl/Cmd+Enter handler hears the key when there is no onSave).
          'Mod-Enter': () => {
            callbacks.current.onSave?.();
            return true;
          },
          [ESCAPE]: () => {
            if (callbacks.current.onAutocompleteKey?.('Escape')) return true;
            callbacks.current.onCancel?.();
            return Boolean(callbacks.current.onCancel);
          },
        };
      },
    }),
  ]);
}

/** ProseMirror's props: the text box's attributes, Ctrl/Cmd writing the markdown, files pasted or dropped. */
function editorPropsOf(
  label: string,
  compact: boolean | undefined,
  writeNow: RefObject<() => void>,
  callbacks: RefObject<Callbacks>,
): EditorProps {
  const takeFiles = (list: FileList | null | undefined) => {
    const files = Array.from(list ?? []);
    if (!callbacks.current.onFiles || files.length === 0) return false;
    callbacks.current.onFiles(files);
    return true;
  };
  return {
    attributes: {
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-label': label,
      class: [styles.prose, compact && styles.proseCompact].filter(Boolean).join(' '),
      spellcheck: 'true',
    },
    // Ctrl/Cmd first: a shortcut of the form (Ctrl+Enter saves) then reads the markdown as typed.
    handleKeyDown: (_view, event) => {
      if (event.key === 'Control' || event.key === 'Meta') writeNow.current();
      return false;
    },
    handlePaste: (_view, event) => takeFiles(event.clipboardData?.files),
    handleDrop: (_view, event) => takeFiles(event.dataTransfer?.files),
  };
}

/**
 * The rich text mode of the markdown editor (Tiptap). The text stays GitLab Flavored Markdown:
 * it is read with the server's parser and written back block by block, untouched blocks exactly
 * as they were (see markdown-serializer.ts). Loaded on demand, so the plain editor costs nothing.
 * A keystroke renders no React: the editor lives outside React's tree (its own element), and the
 * markdown is written a pause after typing (SERIALIZE_DELAY_MS).
 */
export default function RichTextEditor({
  value,
  onChange,
  label,
  placeholder,
  autoFocus,
  isDisabled,
  compact,
  handle,
  onSave,
  onCancel,
  onPreview,
  onFiles,
  onCaretText,
  onAutocompleteKey,
  onBlur,
  autocompleteList,
}: RichTextEditorProps) {
  // The latest markdown this editor wrote, so the parent's echo of it is not loaded again.
  const written = useRef(value);
  const [linkDraft, setLinkDraft] = useState<string | null>(null);
  const callbacks = useRef<Callbacks>({
    onChange,
    onSave,
    onCancel,
    onPreview,
    onFiles,
    onCaretText,
    onAutocompleteKey,
    onBlur,
    autocompleteList,
  });
  callbacks.current = {
    onChange,
    onSave,
    onCancel,
    onPreview,
    onFiles,
    onCaretText,
    onAutocompleteKey,
    onBlur,
    autocompleteList,
  };
  const askLink = useCallback(() => setLinkDraft('https://'), []);
  // Writes the markdown now (set below); the timer writes it after a pause.
  const writeNow = useRef(() => {});
  const writeTimer = useRef<number | undefined>(undefined);
  // The editor, made once the element it lives in is there (below).
  const editorRef = useRef<Editor | null>(null);
  const live = useCallback(() => {
    const editor = editorRef.current;
    return editor && !editor.isDestroyed ? editor : null;
  }, []);
  const host = useRef<HTMLDivElement>(null);
  // What the editor is made with: the props of its first render (it keeps them for its life).
  const initial = useRef({ label, placeholder, compact, autoFocus, isDisabled, value });

  // The markdown of the document, written when it changed since the last write.
  writeNow.current = () => {
    window.clearTimeout(writeTimer.current);
    writeTimer.current = undefined;
    const editor = live();
    if (!editor) return;
    const markdown = serializeMarkdown(editor.state.doc);
    if (markdown === written.current) return;
    written.current = markdown;
    callbacks.current.onChange(markdown);
  };

  /**
   * The editor, made and filled with the text before the first paint (the form never shows an empty
   * editor first): one editor and one parse of the markdown per mount. Made here rather than with
   * Tiptap's `useEditor`, which makes one during render and, when the page is too busy to mount it
   * within a millisecond, drops it and makes and fills a second one.
   */
  useLayoutEffect(() => {
    const element = host.current;
    if (!element) return;
    const start = initial.current;
    const editor = new Editor({
      element,
      editable: !start.isDisabled,
      autofocus: start.autoFocus ? 'end' : false,
      extensions: editorExtensions(start.placeholder, askLink, callbacks),
      editorProps: editorPropsOf(start.label, start.compact, writeNow, callbacks),
      // Typing opens the suggestions (onUpdate); moving the caret only updates or closes an open list
      // (a click into a text that ends in `@alice` opens nothing, as GitLab's).
      onSelectionUpdate: ({ editor: updated }) => {
        if (callbacks.current.autocompleteList) reportCaret(updated, callbacks);
      },
      onBlur: () => {
        writeNow.current();
        callbacks.current.onBlur?.();
      },
      onUpdate: ({ editor: updated, transaction }) => {
        if (transaction.getMeta(LOADING)) return;
        window.clearTimeout(writeTimer.current);
        if (updated.isEmpty !== (written.current.trim() === '')) writeNow.current();
        else writeTimer.current = window.setTimeout(() => writeNow.current(), SERIALIZE_DELAY_MS);
        reportCaret(updated, callbacks);
      },
    });
    keepOutOfReactSelection(editor.view.dom);
    editorRef.current = editor;
    written.current = start.value;
    loadFirst(editor, start.value);
    const cancelWarm = whenIdle(() => {
      if (!editor.isDestroyed) tokenize('');
    }, WARM_AUTOLINK_MS);
    return () => {
      cancelWarm();
      // What was typed since the last write reaches the form before the editor goes.
      writeNow.current();
      editorRef.current = null;
      editor.destroy();
    };
  }, [askLink]);

  // A text set from outside (a template, a restored draft, Discard) replaces the document.
  useLayoutEffect(() => {
    const editor = live();
    if (!editor || value === written.current) return;
    window.clearTimeout(writeTimer.current);
    written.current = value;
    load(editor, value);
  }, [value, live]);

  const wasDisabled = useRef(isDisabled);
  useEffect(() => {
    if (wasDisabled.current === isDisabled) return;
    wasDisabled.current = isDisabled;
    live()?.setEditable(!isDisabled, false);
  }, [isDisabled, live]);

  // The open suggestions list, for assistive technology (the other attributes are fixed at creation).
  useEffect(() => {
    const dom = live()?.view.dom;
    if (!dom) return;
    if (onCaretText) dom.setAttribute('aria-autocomplete', 'list');
    else dom.removeAttribute('aria-autocomplete');
    if (autocompleteList) dom.setAttribute('aria-controls', autocompleteList);
    else dom.removeAttribute('aria-controls');
  }, [autocompleteList, onCaretText, live]);

  useImperativeHandle(
    handle,
    () => ({
      run: (command) => {
        const editor = live();
        if (editor) runCommand(editor, command, askLink);
      },
      insert: (markdown) => {
        const editor = live();
        if (editor) editor.chain().focus().insertContent(contentOf(editor, markdown)).run();
      },
      focus: () => {
        live()?.commands.focus();
      },
      replaceBeforeCaret: (length, text) => {
        const editor = live();
        if (!editor) return;
        const to = editor.state.selection.from;
        editor
          .chain()
          .focus()
          .insertContentAt({ from: Math.max(0, to - length), to }, text)
          .run();
      },
      caretRect: (blockOffset) => {
        const editor = live();
        if (!editor) return null;
        const { from, $from } = editor.state.selection;
        const pos = blockOffset === undefined ? from : Math.min($from.start() + blockOffset, $from.end());
        const at = editor.view.coordsAtPos(pos);
        return { left: at.left, top: at.top, height: at.bottom - at.top };
      },
      flush: () => writeNow.current(),
    }),
    [askLink, live],
  );

  const closeLink = () => {
    setLinkDraft(null);
    live()?.commands.focus();
  };

  const applyLink = () => {
    const href = linkDraft?.trim() ?? '';
    setLinkDraft(null);
    const editor = live();
    if (!editor || href === '' || href === 'https://') return;
    const chain = editor.chain().focus();
    if (editor.state.selection.empty) {
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    } else chain.extendMarkRange('link').setLink({ href }).run();
  };

  return (
    <>
      {linkDraft !== null && (
        <form
          className={styles.linkForm}
          aria-label="Add a link"
          onSubmit={(event) => {
            event.preventDefault();
            applyLink();
          }}
        >
          <TextField
            label="Link URL"
            value={linkDraft}
            onChange={setLinkDraft}
            autoFocus
            onKeyDown={(event) => {
              if (event.key === 'Escape') closeLink();
            }}
          />
          <Button type="submit" compact variant="primary">
            Insert link
          </Button>
          <Button compact onPress={closeLink}>
            Cancel
          </Button>
        </form>
      )}
      {/* The editor's own element: React renders nothing inside it (ProseMirror owns it). */}
      <div ref={host} className={styles.richText} />
    </>
  );
}
