/**
 * The renderer's task-list plugin (markdown-it), as GitLab renders task lists: a list item opening
 * with `[ ]`, `[x]` or `[~]` gets a disabled checkbox named by the item's text and the class
 * `task-list-item` (`inapplicable` for `[~]`), its list the class `task-list`; every list and list
 * item carries `data-sourcepos="<line>:<col>-<line>:<col>"` (1-based, trailing blank lines left out),
 * so the page can toggle a checkbox at exactly its line, reorder items and convert one into a child
 * item (`@milepost/shared`'s task-list source functions). The page enables the checkboxes for users
 * who may edit; the HTML itself is the same for everyone.
 */
import { isTaskItemLine } from '@milepost/shared';
import type { MarkdownIt, StateCore, Token } from 'markdown-it';

const CHECKBOX = /^\[([ xX~])\](?:\s|$)/;

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** What the sanitiser must let through for the plugin's markup (merged into the renderer's options). */
export const TASK_LIST_SANITIZE: {
  allowedAttributes: Record<string, string[]>;
  allowedClasses: Record<string, string[]>;
} = {
  allowedAttributes: {
    li: ['class', 'data-sourcepos'],
    ul: ['class', 'data-sourcepos'],
    ol: ['class', 'data-sourcepos', 'start'],
    input: ['type', 'class', 'disabled', 'checked', 'aria-label'],
  },
  allowedClasses: {
    li: ['task-list-item', 'inapplicable'],
    ul: ['task-list'],
    ol: ['task-list'],
    input: ['task-list-item-checkbox'],
  },
};

/** `data-sourcepos` of a block token: its first line to its last non-blank line. */
function sourcepos(token: Token, lines: readonly string[]): string | undefined {
  if (!token.map) return undefined;
  const [start, endExclusive] = token.map;
  let end = endExclusive - 1;
  while (end > start && (lines[end] ?? '').trim() === '') end -= 1;
  return `${start + 1}:1-${end + 1}:${Math.max(1, (lines[end] ?? '').length)}`;
}

/** The checkbox of a task item: disabled until the page enables it, named by the item's text. */
function checkbox(state: StateCore, inline: Token, state_: string): Token {
  const text = (inline.children ?? [])
    .filter((child) => child.type === 'text' || child.type === 'code_inline')
    .map((child) => child.content)
    .join('')
    .trim()
    .slice(0, 200);
  const box = new state.Token('html_inline', '', 0);
  const checked = state_ === 'x' || state_ === 'X';
  box.content = `<input type="checkbox" class="task-list-item-checkbox" disabled${checked ? ' checked' : ''} aria-label="${escapeAttribute(text || 'Checklist item')}"> `;
  return box;
}

function taskListRule(state: StateCore): void {
  const tokens = state.tokens;
  if (!tokens.some((t) => t.type === 'list_item_open')) return;
  const lines = state.src.split('\n');
  const lists: Token[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] as Token;
    if (token.type === 'bullet_list_open' || token.type === 'ordered_list_open') {
      lists.push(token);
      const pos = sourcepos(token, lines);
      if (pos) token.attrSet('data-sourcepos', pos);
    } else if (token.type === 'bullet_list_close' || token.type === 'ordered_list_close') {
      lists.pop();
    } else if (token.type === 'list_item_open') {
      const pos = sourcepos(token, lines);
      if (pos) token.attrSet('data-sourcepos', pos);
      // A task item: the item's first block is a paragraph whose text opens with a checkbox.
      const inline = tokens[i + 2];
      const first = inline?.children?.[0];
      if (tokens[i + 1]?.type !== 'paragraph_open' || inline?.type !== 'inline' || first?.type !== 'text') continue;
      const m = CHECKBOX.exec(first.content);
      // As the checklist count (taskCompletionStatus) reads the source: a space after the box.
      if (!m || !isTaskItemLine(lines[token.map?.[0] ?? -1] ?? '')) continue;
      const mark = m[1] ?? ' ';
      first.content = first.content.slice(m[0].length);
      (inline.children as Token[]).unshift(checkbox(state, inline, mark));
      token.attrJoin('class', mark === '~' ? 'task-list-item inapplicable' : 'task-list-item');
      const list = lists[lists.length - 1];
      if (list && !(list.attrGet('class') ?? '').includes('task-list')) list.attrJoin('class', 'task-list');
    }
  }
}

/** The plugin: `md.use(taskLists)`. */
export function taskLists(md: MarkdownIt): void {
  md.core.ruler.after('inline', 'task-lists', taskListRule);
}
