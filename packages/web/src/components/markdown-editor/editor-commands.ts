import { shortcutById } from '@milepost/shared';

/** What the toolbar and the editing shortcuts (spec 002 §9.1) do, in either mode. */
export type EditorCommand =
  | 'bold'
  | 'italic'
  | 'strike'
  | 'code'
  | 'link'
  | 'heading'
  | 'quote'
  | 'bulletList'
  | 'orderedList'
  | 'taskList'
  | 'table'
  | 'indent'
  | 'outdent'
  | 'codeBlock'
  | 'horizontalRule'
  | 'details';

/** The text area's text and selection, before or after a command. */
export type TextSelection = { text: string; start: number; end: number };

/** The editing shortcuts of spec 002 §9.1 (`mod` is Cmd on macOS, Ctrl elsewhere), from the shortcut registry. */
export const SHORTCUTS: Partial<Record<EditorCommand, string>> = {
  bold: shortcutById('bold').defaultKeys[0],
  italic: shortcutById('italic').defaultKeys[0],
  strike: shortcutById('strikethrough').defaultKeys[0],
  link: shortcutById('link').defaultKeys[0],
  indent: shortcutById('indent').defaultKeys[0],
  outdent: shortcutById('outdent').defaultKeys[0],
};

/** A key event → its command (the editing shortcuts), or null. */
export function commandOfKey(event: {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): EditorCommand | 'preview' | 'save' | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'enter') return 'save';
  if (event.shiftKey) {
    if (key === 'x') return 'strike';
    if (key === 'p') return 'preview';
    return null;
  }
  if (key === 'b') return 'bold';
  if (key === 'i') return 'italic';
  if (key === 'k') return 'link';
  if (key === ']' || event.code === 'BracketRight') return 'indent';
  if (key === '[' || event.code === 'BracketLeft') return 'outdent';
  return null;
}

const WRAPS: Partial<Record<EditorCommand, string>> = { bold: '**', italic: '_', strike: '~~', code: '`' };

const PREFIXES: Partial<Record<EditorCommand, string>> = {
  heading: '### ',
  quote: '> ',
  bulletList: '- ',
  taskList: '- [ ] ',
};

const TABLE = '| header | header |\n| ------ | ------ |\n|        |        |\n|        |        |';

/** Wraps the selection in `tag` (or unwraps it when it is wrapped already). */
function wrap({ text, start, end }: TextSelection, tag: string): TextSelection {
  const before = text.slice(0, start);
  const selected = text.slice(start, end);
  const after = text.slice(end);
  if (before.endsWith(tag) && after.startsWith(tag)) {
    return {
      text: before.slice(0, -tag.length) + selected + after.slice(tag.length),
      start: start - tag.length,
      end: end - tag.length,
    };
  }
  if (selected.length >= tag.length * 2 && selected.startsWith(tag) && selected.endsWith(tag)) {
    const inner = selected.slice(tag.length, -tag.length);
    return { text: before + inner + after, start, end: start + inner.length };
  }
  return { text: `${before}${tag}${selected}${tag}${after}`, start: start + tag.length, end: end + tag.length };
}

/** The start of the first and the end of the last line the selection touches. */
function lineRange({ text, start, end }: TextSelection): [number, number] {
  const from = text.lastIndexOf('\n', start - 1) + 1;
  const newline = text.indexOf('\n', end > start && text[end - 1] === '\n' ? end - 1 : end);
  return [from, newline === -1 ? text.length : newline];
}

/** Applies `change` to every line the selection touches, keeping those lines selected. */
function mapLines(selection: TextSelection, change: (lines: string[]) => string[]): TextSelection {
  const [from, to] = lineRange(selection);
  const lines = change(selection.text.slice(from, to).split('\n')).join('\n');
  const text = selection.text.slice(0, from) + lines + selection.text.slice(to);
  if (selection.start === selection.end) {
    const caret = Math.max(from, selection.start + (lines.length - (to - from)));
    return { text, start: caret, end: caret };
  }
  return { text, start: from, end: from + lines.length };
}

/** Prefixes every touched line (`> `, `- `…), or removes the prefix when every line has it. */
function prefixLines(selection: TextSelection, prefix: (index: number) => string, pattern: RegExp): TextSelection {
  return mapLines(selection, (lines) =>
    lines.every((line) => pattern.test(line))
      ? lines.map((line) => line.replace(pattern, ''))
      : lines.map((line, i) => prefix(i) + line),
  );
}

/** Puts a block on lines of its own at the selection, the caret at `caret` within it. */
function insertBlock({ text, start, end }: TextSelection, block: string, caret = block.length): TextSelection {
  const before = text.slice(0, start);
  const after = text.slice(end);
  const lead = before === '' ? '' : before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after === '' || after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  const at = before.length + lead.length + caret;
  return { text: before + lead + block + trail + after, start: at, end: at };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A toolbar command or editing shortcut applied to plain markdown (GitLab's markdown toolbar). */
export function applyPlainCommand(command: EditorCommand, selection: TextSelection): TextSelection {
  const tag = WRAPS[command];
  if (tag) return wrap(selection, tag);
  const prefix = PREFIXES[command];
  if (prefix) return prefixLines(selection, () => prefix, new RegExp(`^${escapeRegExp(prefix)}`));
  const selected = selection.text.slice(selection.start, selection.end);
  switch (command) {
    case 'orderedList':
      return prefixLines(selection, (i) => `${i + 1}. `, /^\d+\. /);
    case 'indent':
      return mapLines(selection, (lines) => lines.map((line) => `  ${line}`));
    case 'outdent':
      return mapLines(selection, (lines) => lines.map((line) => line.replace(/^ {1,2}|^\t/, '')));
    case 'link': {
      const { text, start, end } = selection;
      if (/^https?:\/\/\S+$/.test(selected)) {
        const inserted = `[text](${selected})`;
        return { text: text.slice(0, start) + inserted + text.slice(end), start: start + 1, end: start + 5 };
      }
      const label = selected || 'text';
      const inserted = `[${label}](url)`;
      const urlAt = start + label.length + 3;
      return { text: text.slice(0, start) + inserted + text.slice(end), start: urlAt, end: urlAt + 3 };
    }
    case 'table':
      return insertBlock(selection, TABLE, 2);
    case 'codeBlock':
      return insertBlock(selection, `\`\`\`\n${selected}\n\`\`\``, 4 + selected.length);
    case 'horizontalRule':
      return insertBlock(selection, '---');
    case 'details': {
      const block = `<details><summary>Click to expand</summary>\n\n${selected}\n\n</details>`;
      return insertBlock(selection, block, block.indexOf('\n\n') + 2 + selected.length);
    }
    default:
      return selection;
  }
}
