import { type Editor, Extension } from '@tiptap/core';
import { Placeholder } from '@tiptap/extensions';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { EditorProps } from '@tiptap/pm/view';
import { EditorContent, useEditor } from '@tiptap/react';
import { type RefObject, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import type { CaretRect } from '../autocomplete/caret-position.ts';
import type { EditorCommand } from '../editor-commands.ts';
import styles from '../markdown-editor.module.css';
import { markdownExtensions } from './extensions.ts';
import { parseMarkdown } from './markdown-parser.ts';
import { serializeMarkdown } from './markdown-serializer.ts';

/** What the surrounding markdown editor asks of the rich text editor. */
export type RichTextHandle = {
  run: (command: EditorCommand) => void;
  /** Markdown (an upload's `![name](/uploads/…)`) at the selection. */
  insert: (markdown: string) => void;
  focus: () => void;
  /** Replaces the `length` characters before the caret (an autocompleted reference). */
  replaceBeforeCaret: (length: number, text: string) => void;
  /** Where the caret is on screen (the autocomplete list opens there). */
  caretRect: () => CaretRect | null;
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
  /** Called once the editor shows the text (the ready-time benchmark reads it). */
  onReady?: () => void;
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
 * empty or stops being empty (forms enable Save by that).
 */
export const SERIALIZE_DELAY_MS = 150;
const ESCAPE = 'Escape';

/** Replaces the document with `markdown` (not undoable, no change event). */
function load(editor: Editor, markdown: string) {
  const doc = parseMarkdown(editor.schema, markdown);
  const { tr } = editor.state;
  tr.replaceWith(0, tr.doc.content.size, doc.content).setMeta(LOADING, true).setMeta('addToHistory', false);
  editor.view.dispatch(tr);
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

/**
 * The rich text mode of the markdown editor (Tiptap). The text stays GitLab Flavored Markdown:
 * it is read with the server's parser and written back block by block, untouched blocks exactly
 * as they were (see markdown-serializer.ts). Loaded on demand, so the plain editor costs nothing.
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
  onReady,
  onCaretText,
  onAutocompleteKey,
  onBlur,
  autocompleteList,
}: RichTextEditorProps) {
  // The latest markdown this editor wrote, so the parent's echo of it is not loaded again.
  const written = useRef(value);
  const [linkDraft, setLinkDraft] = useState<string | null>(null);
  const callbacks = useRef({
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
  // Writes the markdown now (set once the editor exists, below); the timer writes it after a pause.
  const writeNow = useRef(() => {});
  const writeTimer = useRef<number | undefined>(undefined);

  const reportCaret = (current: Editor) => {
    const report = callbacks.current.onCaretText;
    if (!report) return;
    const { selection } = current.state;
    const { $from } = selection;
    const inCode = $from.parent.type.spec.code || current.isActive('code');
    report(selection.empty && !inCode ? $from.parent.textBetween(0, $from.parentOffset, undefined, '\ufffc') : null);
  };

  // Made once: Tiptap re-applies its options (a full view update of the document) whenever an
  // extension or the editor props are new objects, which on a long text would cost every keystroke.
  const [extensions] = useState(() =>
    markdownExtensions([
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
    ]),
  );
  const [editorProps] = useState(
    (): EditorProps => ({
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
      handlePaste: (_view, event) => {
        const files = Array.from(event.clipboardData?.files ?? []);
        if (!callbacks.current.onFiles || files.length === 0) return false;
        callbacks.current.onFiles(files);
        return true;
      },
      handleDrop: (_view, event) => {
        const files = Array.from(event.dataTransfer?.files ?? []);
        if (!callbacks.current.onFiles || files.length === 0) return false;
        callbacks.current.onFiles(files);
        return true;
      },
    }),
  );

  const editor = useEditor({
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editable: !isDisabled,
    autofocus: autoFocus ? 'end' : false,
    extensions,
    editorProps,
    // Typing opens the suggestions (onUpdate); moving the caret only updates or closes an open list
    // (a click into a text that ends in `@alice` opens nothing, as GitLab's).
    onSelectionUpdate: ({ editor: updated }) => {
      if (callbacks.current.autocompleteList) reportCaret(updated);
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
      reportCaret(updated);
    },
  });

  // The markdown of the document, written when it changed since the last write.
  writeNow.current = () => {
    window.clearTimeout(writeTimer.current);
    writeTimer.current = undefined;
    if (!editor || editor.isDestroyed) return;
    const markdown = serializeMarkdown(editor.state.doc);
    if (markdown === written.current) return;
    written.current = markdown;
    callbacks.current.onChange(markdown);
  };
  useEffect(() => () => window.clearTimeout(writeTimer.current), []);

  // The text once the editor is mounted (EditorContent, a child, mounts it first), then whatever is
  // set from outside (a template, a restored draft, Discard) replaces the document. Before the
  // first paint: the form never shows an empty editor first (a frame less until it is ready).
  const loaded = useRef(false);
  useLayoutEffect(() => {
    // Tiptap drops an editor that did not mount in time (a busy page) and renders a new one.
    if (!editor || editor.isDestroyed) return;
    if (!loaded.current || value !== written.current) {
      window.clearTimeout(writeTimer.current);
      written.current = value;
      load(editor, value);
    }
    if (!loaded.current) {
      loaded.current = true;
      onReady?.();
    }
  }, [editor, value, onReady]);

  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!isDisabled);
  }, [editor, isDisabled]);

  // The open suggestions list, for assistive technology (the attributes above are fixed at creation).
  useEffect(() => {
    if (!editor || editor.isDestroyed || !editor.isInitialized) return;
    const dom = editor.view.dom;
    if (onCaretText) dom.setAttribute('aria-autocomplete', 'list');
    if (autocompleteList) dom.setAttribute('aria-controls', autocompleteList);
    else dom.removeAttribute('aria-controls');
  }, [editor, autocompleteList, onCaretText]);

  useImperativeHandle(
    handle,
    () => ({
      run: (command) => {
        if (editor && !editor.isDestroyed) runCommand(editor, command, askLink);
      },
      insert: (markdown) => {
        if (editor && !editor.isDestroyed) editor.chain().focus().insertContent(contentOf(editor, markdown)).run();
      },
      focus: () => {
        if (editor && !editor.isDestroyed) editor.commands.focus();
      },
      replaceBeforeCaret: (length, text) => {
        if (!editor || editor.isDestroyed) return;
        const to = editor.state.selection.from;
        editor
          .chain()
          .focus()
          .insertContentAt({ from: Math.max(0, to - length), to }, text)
          .run();
      },
      caretRect: () => {
        if (!editor || editor.isDestroyed) return null;
        const at = editor.view.coordsAtPos(editor.state.selection.from);
        return { left: at.left, top: at.top, height: at.bottom - at.top };
      },
      flush: () => writeNow.current(),
    }),
    [editor, askLink],
  );

  const applyLink = () => {
    const href = linkDraft?.trim() ?? '';
    setLinkDraft(null);
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
              if (event.key === 'Escape') {
                setLinkDraft(null);
                editor?.commands.focus();
              }
            }}
          />
          <Button type="submit" compact variant="primary">
            Insert link
          </Button>
          <Button
            compact
            onPress={() => {
              setLinkDraft(null);
              editor?.commands.focus();
            }}
          >
            Cancel
          </Button>
        </form>
      )}
      <EditorContent editor={editor} className={styles.richText} />
    </>
  );
}
