import type { Mark, Node as ProseMirrorNode } from '@tiptap/pm/model';
import { sourceOf } from './markdown-source.ts';

/**
 * Text → markdown that reads back as the same text: emphasis, code and link characters escaped,
 * nothing else (references such as `~label`, `#12`, `[^1]` and `:emoji:` stay as written).
 */
function escapeText(text: string): string {
  return text
    .replace(/\\(?=[!-/:-@[-`{-~]|$)/g, '\\\\')
    .replace(/[*`]/g, '\\$&')
    .replace(/_/g, (match, offset: number, all: string) =>
      /\w/.test(all[offset - 1] ?? '') && /\w/.test(all[offset + 1] ?? '') ? match : '\\_',
    )
    .replace(/~~/g, '\\~\\~')
    .replace(/\[(?=[^\]]*\][([])/g, '\\[')
    .replace(/&(?=#?\w+;)/g, '\\&');
}

/** A line of a paragraph that markdown would read as a block of its own gets its marker escaped. */
function escapeLineStart(line: string, isFirst: boolean): string {
  return line
    .replace(/^(\s{0,3})(#{1,6})(?=\s|$)/, '$1\\$2')
    .replace(/^(\s{0,3})([>+-])(?=\s|$)/, '$1\\$2')
    .replace(/^(\s{0,3})(>)/, '$1\\$2')
    .replace(/^(\s{0,3}\d{1,9})([.)])(?=\s|$)/, '$1\\$2')
    .replace(/^(\s{0,3})(```|~~~)/, '$1\\$2')
    .replace(/^(\s{0,3})(=+\s*)$/, isFirst ? '$1$2' : '$1\\$2')
    .replace(/^(\s{0,3})(\|)/, '$1\\$2');
}

/** Backticks around inline code, longer than any run inside it. */
function inlineCode(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

const quoteTitle = (title: unknown) => (title ? ` "${String(title).replace(/"/g, '\\"')}"` : '');

function linkText(mark: Mark, text: string): 'bare' | 'angle' | 'full' {
  const href = String(mark.attrs.href ?? '');
  if (mark.attrs.markup === 'linkify' && text === href) return 'bare';
  if (mark.attrs.markup === 'autolink' && (text === href || `mailto:${text}` === href)) return 'angle';
  return 'full';
}

/** The delimiters of the emphasis marks, the same on both sides. */
const EMPHASIS: Readonly<Record<string, string>> = { bold: '**', italic: '_', strike: '~~' };

function openMark(mark: Mark, text: string): string {
  switch (mark.type.name) {
    case 'link': {
      const style = linkText(mark, text);
      return style === 'full' ? '[' : style === 'angle' ? '<' : '';
    }
    default:
      return EMPHASIS[mark.type.name] ?? '';
  }
}

function closeMark(mark: Mark, text: string): string {
  switch (mark.type.name) {
    case 'link': {
      const style = linkText(mark, text);
      if (style === 'angle') return '>';
      if (style === 'bare') return '';
      return `](${String(mark.attrs.href ?? '').replace(/[ ()]/g, encodeURIComponent)}${quoteTitle(mark.attrs.title)})`;
    }
    default:
      return EMPHASIS[mark.type.name] ?? '';
  }
}

/** The plain text a mark covers from child `from` on (a link's text decides how it is written). */
function markText(kids: readonly ProseMirrorNode[], from: number, mark: Mark): string {
  let text = '';
  for (let i = from; i < kids.length; i += 1) {
    const child = kids[i];
    if (!child || !mark.isInSet(child.marks)) break;
    text += child.text ?? '';
  }
  return text;
}

/** A paragraph's (heading's, cell's) inline content → markdown on one or more lines. */
export function serializeInline(node: ProseMirrorNode): string {
  const kids = children(node);
  let out = '';
  const open: Array<{ mark: Mark; text: string }> = [];
  const close = (keep: number) => {
    while (open.length > keep) {
      const last = open.pop();
      if (last) out += closeMark(last.mark, last.text);
    }
  };
  kids.forEach((child, index) => {
    const marks = child.marks.filter((mark) => mark.type.name !== 'code');
    // Marks already open stay open (in the order they were opened) as long as this child has them.
    let keep = 0;
    while (keep < open.length && open[keep]?.mark.isInSet(marks)) keep += 1;
    close(keep);
    let text = child.isText ? (child.text ?? '') : '';
    const opening = marks.filter((mark) => !open.some((entry) => entry.mark.eq(mark)));
    // Whitespace stays outside emphasis delimiters (`** x**` is not bold).
    if (opening.length > 0 && child.isText) {
      const lead = /^\s+/.exec(text)?.[0] ?? '';
      out += lead;
      text = text.slice(lead.length);
    }
    for (const mark of opening) {
      const covered = markText(kids, index, mark);
      out += openMark(mark, covered);
      open.push({ mark, text: covered });
    }
    if (child.isText) {
      const isCode = child.marks.some((mark) => mark.type.name === 'code');
      const next = kids[index + 1];
      const ending = open.findIndex(({ mark }) => !next || !mark.isInSet(next.marks));
      const trail = ending !== -1 && !isCode ? (/\s+$/.exec(text)?.[0] ?? '') : '';
      if (trail) text = text.slice(0, -trail.length);
      const bare = open.some(
        ({ mark, text: covered }) => mark.type.name === 'link' && linkText(mark, covered) !== 'full',
      );
      out += isCode ? inlineCode(text) : bare ? text : escapeText(text);
      if (trail) {
        close(ending);
        out += trail;
      }
    } else if (child.type.name === 'hardBreak') {
      out += '\\\n';
    } else if (child.type.name === 'image') {
      const alt = String(child.attrs.alt ?? '').replace(/[[\]]/g, '\\$&');
      out += `![${alt}](${String(child.attrs.src ?? '').replace(/[ ()]/g, encodeURIComponent)}${quoteTitle(child.attrs.title)})`;
    }
  });
  close(0);
  return out
    .split('\n')
    .map((line, i) => escapeLineStart(line, i === 0))
    .join('\n');
}

/** Lines after the first indented by `indent` (list item continuation), blank lines left blank. */
function indentRest(text: string, indent: string): string {
  return text
    .split('\n')
    .map((line, i) => (i === 0 || line === '' ? line : `${indent}${line}`))
    .join('\n');
}

const isEmptyParagraph = (node: ProseMirrorNode) => node.type.name === 'paragraph' && node.childCount === 0;

function children(node: ProseMirrorNode): ProseMirrorNode[] {
  const list: ProseMirrorNode[] = [];
  node.forEach((child) => {
    list.push(child);
  });
  return list;
}

/** Blocks inside a container: blank line between them (none in a tight list's item). */
function serializeChildren(node: ProseMirrorNode, separator = '\n\n'): string {
  return children(node)
    .filter((child, i) => i === 0 || !isEmptyParagraph(child))
    .map(serializeBlock)
    .join(separator);
}

function serializeList(node: ProseMirrorNode): string {
  const tight = node.attrs.tight !== false;
  const start = Number(node.attrs.start ?? 1);
  return children(node)
    .map((item, i) => {
      let marker: string;
      if (node.type.name === 'orderedList') marker = `${start + i}. `;
      else marker = `${String(node.attrs.bullet ?? '-')} `;
      const task = node.type.name === 'taskList' ? `[${item.attrs.checked ? 'x' : ' '}] ` : '';
      const body = serializeChildren(item, tight ? '\n' : '\n\n');
      return `${marker}${task}${indentRest(body, ' '.repeat(marker.length))}`;
    })
    .join(tight ? '\n' : '\n\n');
}

function serializeTable(node: ProseMirrorNode): string {
  const rows = children(node).map((row) =>
    children(row).map((cell) =>
      children(cell)
        .map((paragraph) => serializeInline(paragraph).replace(/\n/g, ' '))
        .join(' ')
        .replace(/\|/g, '\\|'),
    ),
  );
  const header = children(node)[0];
  const aligns = header ? children(header).map((cell) => cell.attrs.align as string | null) : [];
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const rule = aligns.map((align) =>
    align === 'left' ? ':---' : align === 'center' ? ':---:' : align === 'right' ? '---:' : '---',
  );
  const [first = [], ...rest] = rows;
  return [line(first), line(rule), ...rest.map(line)].join('\n');
}

/** One block node → markdown (no trailing newline). */
export function serializeBlock(node: ProseMirrorNode): string {
  switch (node.type.name) {
    case 'paragraph':
      return serializeInline(node);
    case 'heading':
      return `${'#'.repeat(Number(node.attrs.level ?? 1))} ${serializeInline(node)}`.trimEnd();
    case 'blockquote':
      return serializeChildren(node)
        .split('\n')
        .map((line) => (line ? `> ${line}` : '>'))
        .join('\n');
    case 'bulletList':
    case 'orderedList':
    case 'taskList':
      return serializeList(node);
    case 'codeBlock': {
      const text = node.textContent;
      const longest = Math.max(2, ...(text.match(/^`{3,}/gm) ?? []).map((run) => run.length));
      const fence = '`'.repeat(longest + 1);
      return `${fence}${String(node.attrs.language ?? '')}\n${text}${text ? '\n' : ''}${fence}`;
    }
    case 'horizontalRule':
      return '---';
    case 'table':
      return serializeTable(node);
    case 'rawMarkdown':
      return node.textContent;
    default:
      return node.isTextblock ? serializeInline(node) : serializeChildren(node);
  }
}

// A block the user changed is written once per version: typing in one block of a long document
// does not write the others again.
const writtenBlocks = new WeakMap<ProseMirrorNode, string>();

function written(block: ProseMirrorNode): string {
  let markdown = writtenBlocks.get(block);
  if (markdown === undefined) {
    markdown = serializeBlock(block);
    writtenBlocks.set(block, markdown);
  }
  return markdown;
}

/**
 * The editor's document → GitLab Flavored Markdown. Blocks the user did not change are written
 * exactly as they were read (with the blank lines around them); changed ones are written anew.
 */
export function serializeMarkdown(doc: ProseMirrorNode): string {
  const blocks = children(doc).filter((child) => !isEmptyParagraph(child) || sourceOf(child));
  let out = '';
  blocks.forEach((block, i) => {
    const source = sourceOf(block);
    if (i === 0 && source?.index === 0) out += source.before;
    out += source ? source.source : written(block);
    const next = blocks[i + 1];
    if (next) {
      const nextSource = sourceOf(next);
      out += source && nextSource?.index === source.index + 1 ? source.after : '\n\n';
    } else if (source?.last) out += source.after;
  });
  return out;
}
