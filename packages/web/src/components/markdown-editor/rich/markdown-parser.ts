import type { Mark, Node as ProseMirrorNode, Schema } from '@tiptap/pm/model';
import MarkdownIt from 'markdown-it';
import { rememberSource } from './markdown-source.ts';

type Token = ReturnType<MarkdownIt['parse']>[number];

/** The server's parser (markdown-it: tables, strikethrough, linkify); HTML is kept as source. */
const md = new MarkdownIt({ html: true, linkify: true, breaks: false });

/** GitLab's task-list marker at the start of an item (the server's rule: `[ ]`, `[x]`, `[X]` then a space). */
const TASK = /^\[([ xX])\]\s/;

/** The index of the token that closes the one opened at `open`. */
function closing(tokens: Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i += 1) {
    depth += tokens[i]?.nesting ?? 0;
    if (depth === 0) return i;
  }
  return tokens.length - 1;
}

/** The block tokens directly inside `tokens[open]`, as [open, close] ranges. */
function childRanges(tokens: Token[], from: number, to: number): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let i = from;
  while (i < to) {
    const end = (tokens[i]?.nesting ?? 0) === 1 ? closing(tokens, i) : i;
    ranges.push([i, end]);
    i = end + 1;
  }
  return ranges;
}

class Converter {
  constructor(
    private readonly schema: Schema,
    private readonly lines: readonly string[],
  ) {}

  private node(name: string, attrs: Record<string, unknown> | null, content: ProseMirrorNode[]): ProseMirrorNode {
    const type = this.schema.nodes[name];
    if (!type) throw new Error(`No ${name} node`);
    const node = type.createAndFill(attrs, content);
    if (!node) throw new Error(`Invalid ${name}`);
    return node;
  }

  raw(source: string): ProseMirrorNode {
    return this.node('rawMarkdown', null, source ? [this.schema.text(source)] : []);
  }

  private sourceOf(token: Token | undefined): string {
    const map = token?.map;
    return map ? this.lines.slice(map[0], map[1]).join('\n') : '';
  }

  /** Inline tokens → text with marks, hard breaks, images. */
  inline(token: Token | undefined, stripTask = false): ProseMirrorNode[] {
    const out: ProseMirrorNode[] = [];
    let marks: readonly Mark[] = [];
    const { schema } = this;
    const push = (text: string, extra: readonly Mark[] = []) => {
      if (!text) return;
      let all = marks;
      for (const mark of extra) all = mark.addToSet(all);
      out.push(schema.text(text, all));
    };
    const toggle = (name: string, on: boolean, attrs?: Record<string, unknown>) => {
      const type = schema.marks[name];
      if (!type) return;
      marks = on ? type.create(attrs).addToSet(marks) : type.removeFromSet(marks);
    };
    let first = stripTask;
    for (const child of token?.children ?? []) {
      switch (child.type) {
        case 'text':
        case 'html_inline':
          push(first ? child.content.replace(TASK, '') : child.content);
          break;
        case 'softbreak':
          push('\n');
          break;
        case 'hardbreak': {
          const br = schema.nodes.hardBreak;
          if (br) out.push(br.create());
          break;
        }
        case 'code_inline': {
          const code = schema.marks.code;
          push(child.content, code ? [code.create()] : []);
          break;
        }
        case 'strong_open':
        case 'strong_close':
          toggle('bold', child.nesting === 1);
          break;
        case 'em_open':
        case 'em_close':
          toggle('italic', child.nesting === 1);
          break;
        case 's_open':
        case 's_close':
          toggle('strike', child.nesting === 1);
          break;
        case 'link_open':
          toggle('link', true, {
            href: child.attrGet('href'),
            title: child.attrGet('title'),
            markup: child.markup === 'linkify' || child.markup === 'autolink' ? child.markup : null,
          });
          break;
        case 'link_close':
          toggle('link', false);
          break;
        case 'image': {
          const image = schema.nodes.image;
          if (image) {
            const alt = (child.children ?? []).map((c) => c.content).join('');
            out.push(image.create({ src: child.attrGet('src'), alt, title: child.attrGet('title') }, null, marks));
          }
          break;
        }
        default:
          push(child.content);
      }
      first = false;
    }
    return out;
  }

  /** Block tokens between `from` and `to` (exclusive) → nodes. */
  blocks(tokens: Token[], from: number, to: number): ProseMirrorNode[] {
    return childRanges(tokens, from, to).map(([open, close]) => this.block(tokens, open, close));
  }

  private list(tokens: Token[], open: number, close: number): ProseMirrorNode {
    const token = tokens[open];
    const items = childRanges(tokens, open + 1, close);
    const tight = items.every(([itemOpen, itemClose]) =>
      tokens.slice(itemOpen + 1, itemClose).every((t) => t.type !== 'paragraph_open' || t.hidden),
    );
    const isTask = ([itemOpen]: [number, number]) =>
      tokens[itemOpen + 1]?.type === 'paragraph_open' && TASK.test(tokens[itemOpen + 2]?.children?.[0]?.content ?? '');
    const ordered = token?.type === 'ordered_list_open';
    if (!ordered && items.length > 0 && items.every(isTask)) {
      const taskItems = items.map(([itemOpen, itemClose]) => {
        const checked = /^\[[xX]\]/.test(tokens[itemOpen + 2]?.children?.[0]?.content ?? '');
        const paragraph = this.node('paragraph', null, this.inline(tokens[itemOpen + 2], true));
        const rest = this.blocks(tokens, itemOpen + 4, itemClose);
        return this.node('taskItem', { checked }, [paragraph, ...rest]);
      });
      return this.node('taskList', { bullet: token?.markup || '-', tight }, taskItems);
    }
    const listItems = items.map(([itemOpen, itemClose]) => {
      const content = this.blocks(tokens, itemOpen + 1, itemClose);
      if (content[0]?.type.name !== 'paragraph') content.unshift(this.node('paragraph', null, []));
      return this.node('listItem', null, content);
    });
    return ordered
      ? this.node('orderedList', { start: Number(token?.attrGet('start') ?? 1), tight }, listItems)
      : this.node('bulletList', { bullet: token?.markup || '-', tight }, listItems);
  }

  private table(tokens: Token[], open: number, close: number): ProseMirrorNode {
    const rows: ProseMirrorNode[] = [];
    let cells: ProseMirrorNode[] = [];
    for (let i = open; i < close; i += 1) {
      const token = tokens[i];
      if (token?.type === 'tr_close') {
        rows.push(this.node('tableRow', null, cells));
        cells = [];
      } else if (token?.type === 'th_open' || token?.type === 'td_open') {
        const align = /text-align:\s*(\w+)/.exec(token.attrGet('style') ?? '')?.[1] ?? null;
        const paragraph = this.node('paragraph', null, this.inline(tokens[i + 1]));
        cells.push(this.node(token.type === 'th_open' ? 'tableHeader' : 'tableCell', { align }, [paragraph]));
      }
    }
    return this.node('table', null, rows);
  }

  block(tokens: Token[], open: number, close: number): ProseMirrorNode {
    const token = tokens[open];
    switch (token?.type) {
      case 'paragraph_open': {
        const inline = tokens[open + 1];
        // `$$` display math has no node of its own: it stays markdown.
        if (/^\$\$/.test(inline?.content ?? '')) return this.raw(this.sourceOf(token));
        return this.node('paragraph', null, this.inline(inline));
      }
      case 'heading_open':
        return this.node('heading', { level: Number(token.tag.slice(1)) }, this.inline(tokens[open + 1]));
      case 'blockquote_open':
        return this.node('blockquote', null, this.blocks(tokens, open + 1, close));
      case 'bullet_list_open':
      case 'ordered_list_open':
        return this.list(tokens, open, close);
      case 'fence':
      case 'code_block': {
        const text = token.content.replace(/\n$/, '');
        const language = token.type === 'fence' ? token.info.trim() || null : null;
        return this.node('codeBlock', { language }, text ? [this.schema.text(text)] : []);
      }
      case 'hr':
        return this.node('horizontalRule', null, []);
      case 'table_open':
        return this.table(tokens, open, close);
      default:
        return this.raw(this.sourceOf(token) || (token?.content ?? '').replace(/\n$/, ''));
    }
  }
}

/** Blank lines only. */
const isBlank = (lines: readonly string[]) => lines.every((line) => line.trim() === '');

/**
 * GitLab Flavored Markdown → a document of the editor's schema. Every top-level block remembers
 * the exact source it came from, so what the user does not touch is written back byte for byte
 * (`serializeMarkdown`); lines markdown-it keeps for itself (link and footnote definitions) become
 * raw markdown blocks.
 */
export function parseMarkdown(schema: Schema, markdown: string): ProseMirrorNode {
  const source = markdown.replace(/\r\n?/g, '\n');
  const lines = source.split('\n');
  const tokens = md.parse(source, {});
  const converter = new Converter(schema, lines);
  type Block = { start: number; end: number; node: () => ProseMirrorNode };
  const blocks: Block[] = [];
  let covered = 0;
  const addUncovered = (upTo: number) => {
    let start = covered;
    while (start < upTo && lines[start]?.trim() === '') start += 1;
    let end = upTo;
    while (end > start && lines[end - 1]?.trim() === '') end -= 1;
    if (end > start && !isBlank(lines.slice(start, end))) {
      const text = lines.slice(start, end).join('\n');
      blocks.push({ start, end, node: () => converter.raw(text) });
    }
  };
  for (const [open, close] of childRanges(tokens, 0, tokens.length)) {
    const map = tokens[open]?.map;
    if (!map) continue;
    addUncovered(map[0]);
    blocks.push({
      start: map[0],
      end: map[1],
      node: () => {
        try {
          return converter.block(tokens, open, close);
        } catch {
          return converter.raw(lines.slice(map[0], map[1]).join('\n'));
        }
      },
    });
    covered = map[1];
  }
  addUncovered(lines.length);

  const nodes = blocks.map((block, index) => {
    const node = block.node();
    const next = blocks[index + 1];
    const gap = lines.slice(block.end, next ? next.start : lines.length);
    rememberSource(node, {
      index,
      before:
        index === 0
          ? lines
              .slice(0, block.start)
              .map((line) => `${line}\n`)
              .join('')
          : '',
      source: lines.slice(block.start, block.end).join('\n'),
      after: next ? `\n${gap.map((line) => `${line}\n`).join('')}` : gap.length > 0 ? `\n${gap.join('\n')}` : '',
      last: !next,
    });
    return node;
  });
  const doc = schema.nodes.doc;
  if (!doc) throw new Error('No doc node');
  return doc.createAndFill(null, nodes) ?? doc.create(null, schema.nodes.paragraph?.create());
}
