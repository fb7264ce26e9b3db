/**
 * Editing a markdown source through its rendered task lists (GitLab's task-list behaviour): toggle
 * one checkbox at exactly its line, move a list item, take a task-list item out (to convert it into
 * a child item) and make a work item's title of it. Every function works on the source's lines, as
 * the renderer's `data-sourcepos="<line>:<col>-<line>:<col>"` (1-based) names them, and leaves every
 * other line byte for byte as it was.
 */

/** GitLab's longest title (`TITLE_LENGTH_MAX`). */
export const WORK_ITEM_TITLE_MAX_LENGTH = 255;

/** The title a task gets when its text is only code or an image. */
export const UNTITLED_TASK_TITLE = 'Untitled';

/** Lines `start` … `end` of a source, 1-based and inclusive. */
export type LineRange = { start: number; end: number };

/** A checkbox toggle as the page sends it (GitLab's `update_task`): the line it saw and the new state. */
export type TaskToggle = { lineNumber: number; lineSource: string; checked: boolean };

/** A task-list item line: its prefix (1), the checkbox state character (2) and the rest (3). */
const TASK_ITEM = /^((?:[ \t]*>)*[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+)\[([ xX~])\](?=[ \t])(.*)$/;
const ORDERED_NUMBER = /^((?:[ \t]*>)*[ \t]*)(\d{1,9})([.)])/;
const CODE_ONLY = /^\s*`.*`\s*$/;
const IMAGE_OR_LINK_ONLY = /^\s*!?\[.*\)\s*$/;

/** `"3:1-5:12"` → lines 3 to 5; null for anything else. */
export function parseSourcepos(sourcepos: string | null | undefined): LineRange | null {
  const m = /^(\d{1,9}):\d{1,9}-(\d{1,9}):\d{1,9}$/.exec(sourcepos ?? '');
  if (!m) return null;
  const start = Number(m[1]);
  const end = Number(m[2]);
  return start >= 1 && end >= start ? { start, end } : null;
}

/** The lines of a source; a `\r` before a line break stays part of its line. */
const linesOf = (source: string) => source.split('\n');
const withoutCr = (line: string) => (line.endsWith('\r') ? line.slice(0, -1) : line);

/** The text of line `lineNumber` (1-based) without its line break, or undefined past the end. */
export function sourceLine(source: string, lineNumber: number): string | undefined {
  const line = linesOf(source)[lineNumber - 1];
  return line === undefined ? undefined : withoutCr(line);
}

/** Whether a line is a task-list item (`- [ ] …`, `1. [x] …`, also inside a blockquote). */
export function isTaskItemLine(line: string): boolean {
  return TASK_ITEM.test(withoutCr(line));
}

/**
 * The source with one checkbox set to `checked`, or null when line `lineNumber` is no longer the
 * line the user saw (`lineSource`) or holds no checkbox: someone changed the source meanwhile, and
 * the caller answers a conflict instead of writing over their change. Setting a checkbox to the
 * state it already has answers the source unchanged.
 */
export function toggleTaskLine(source: string, toggle: TaskToggle): string | null {
  const lines = linesOf(source);
  const index = toggle.lineNumber - 1;
  const raw = lines[index];
  if (raw === undefined || !Number.isInteger(toggle.lineNumber) || index < 0) return null;
  const line = withoutCr(raw);
  if (line !== withoutCr(toggle.lineSource)) return null;
  const m = TASK_ITEM.exec(line);
  if (!m || m[2] === '~') return null;
  const next = `${m[1]}[${toggle.checked ? 'x' : ' '}]${m[3]}`;
  lines[index] = raw.endsWith('\r') ? `${next}\r` : next;
  return lines.join('\n');
}

const isBlank = (line: string) => withoutCr(line).trim() === '';

/** An item's own lines: its range without trailing blank lines (markdown-it counts them in). */
function itemLines(lines: string[], range: LineRange): string[] {
  const own = lines.slice(range.start - 1, range.end);
  while (own.length > 1 && isBlank(own[own.length - 1] ?? '')) own.pop();
  return own;
}

/**
 * The source with one item of a list moved from position `from` to position `to` (0-based, among
 * `items`: the list's own items in source order, each with its nested lines). The lines between
 * items (blank lines of a loose list) stay where they were; an ordered list keeps its numbering in
 * order (the item now first gets the first number). Null when the ranges do not fit the source.
 */
export function moveListItem(source: string, items: readonly LineRange[], from: number, to: number): string | null {
  const lines = linesOf(source);
  const n = items.length;
  if (n < 2 || from < 0 || to < 0 || from >= n || to >= n) return null;
  for (let i = 0; i < n; i += 1) {
    const item = items[i] as LineRange;
    const previous = items[i - 1];
    if (item.start < 1 || item.end < item.start || item.end > lines.length) return null;
    if (previous && item.start <= previous.end) return null;
  }
  if (from === to) return source;
  const blocks = items.map((item) => itemLines(lines, item));
  const first = items[0] as LineRange;
  const last = items[n - 1] as LineRange;
  // The gaps: what lies between one item's own lines and the next item.
  const gaps: string[][] = [];
  for (let i = 0; i < n - 1; i += 1) {
    const item = items[i] as LineRange;
    const next = items[i + 1] as LineRange;
    gaps.push(lines.slice(item.start - 1 + (blocks[i] as string[]).length, next.start - 1));
  }
  const numbers = blocks.map((block) => ORDERED_NUMBER.exec(withoutCr(block[0] ?? ''))?.[2]);
  const order = blocks.map((_, i) => i);
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved as number);
  const rebuilt: string[] = [];
  order.forEach((original, position) => {
    const block = [...(blocks[original] as string[])];
    const number = numbers[position];
    if (number !== undefined && numbers[original] !== undefined) {
      block[0] = (block[0] ?? '').replace(
        ORDERED_NUMBER,
        (_m, pre: string, _d: string, sep: string) => `${pre}${number}${sep}`,
      );
    }
    rebuilt.push(...block);
    if (position < n - 1) rebuilt.push(...(gaps[position] as string[]));
  });
  const lastEnd = last.start - 1 + (blocks[n - 1] as string[]).length;
  return [...lines.slice(0, first.start - 1), ...rebuilt, ...lines.slice(lastEnd)].join('\n');
}

/** What taking a task-list item out of a source leaves and gives. */
export type RemovedTaskItem = {
  /** The source without the item (nested task items move up one level). */
  source: string;
  /** The item's text after its checkbox. */
  title: string;
  /** The item's further lines (not nested task items), unindented, or '' without any. */
  description: string;
};

/**
 * Takes the task-list item at `range` out of the source, as GitLab's 'Convert to child item' does:
 * its first line gives the title, its further paragraphs the description, and nested task-list
 * items stay, moved up to the item's own indentation. Null when `range` is not a task-list item.
 */
export function removeTaskItem(source: string, range: LineRange): RemovedTaskItem | null {
  const lines = linesOf(source);
  const firstRaw = lines[range.start - 1];
  if (firstRaw === undefined || range.end > lines.length || range.end < range.start) return null;
  const m = TASK_ITEM.exec(withoutCr(firstRaw));
  if (!m) return null;
  const indentOf = (line: string) => line.length - line.trimStart().length;
  const firstIndent = indentOf(withoutCr(firstRaw));
  const description: string[] = [];
  const kept: string[] = [];
  let shift = -1;
  for (let i = range.start; i < range.end; i += 1) {
    const line = lines[i] as string;
    if (shift < 0 && isTaskItemLine(line)) shift = Math.max(0, indentOf(withoutCr(line)) - firstIndent);
    if (shift >= 0) kept.push(line.slice(Math.min(shift, indentOf(line))));
    else description.push(withoutCr(line).trimStart());
  }
  while (description.length && description[description.length - 1] === '') description.pop();
  while (description.length && description[0] === '') description.shift();
  const source2 = [...lines.slice(0, range.start - 1), ...kept, ...lines.slice(range.end)].join('\n');
  return { source: source2, title: (m[3] ?? '').trim(), description: description.join('\n') };
}

/**
 * A work item's title and description from a task's text (GitLab's `extractTaskTitleAndDescription`):
 * text that is only code or an image/link becomes 'Untitled' with the text in the description; a
 * title over the longest length is cut there, the rest opening the description.
 */
export function taskTitleAndDescription(title: string, description: string): { title: string; description: string } {
  const join = (head: string) => (description ? `${head}\n\n${description}` : head);
  if (title === '' || CODE_ONLY.test(title) || IMAGE_OR_LINK_ONLY.test(title)) {
    return { title: UNTITLED_TASK_TITLE, description: title === '' ? description : join(title) };
  }
  const chars = [...title];
  if (chars.length > WORK_ITEM_TITLE_MAX_LENGTH) {
    return {
      title: chars.slice(0, WORK_ITEM_TITLE_MAX_LENGTH).join(''),
      description: join(chars.slice(WORK_ITEM_TITLE_MAX_LENGTH).join('')),
    };
  }
  return { title, description };
}

/**
 * The checklist items whose box alone changed between two versions of a source (the same lines
 * otherwise), with their text and new state; null when anything else changed too.
 */
export function toggledTaskItems(before: string, after: string): { text: string; checked: boolean }[] | null {
  const a = linesOf(before);
  const b = linesOf(after);
  if (a.length !== b.length || before === after) return null;
  const out: { text: string; checked: boolean }[] = [];
  for (let i = 0; i < a.length; i += 1) {
    if (a[i] === b[i]) continue;
    const was = TASK_ITEM.exec(withoutCr(a[i] ?? ''));
    const now = TASK_ITEM.exec(withoutCr(b[i] ?? ''));
    if (!was || !now || was[1] !== now[1] || was[3] !== now[3]) return null;
    out.push({ text: (now[3] ?? '').trim(), checked: now[2] === 'x' || now[2] === 'X' });
  }
  return out;
}
