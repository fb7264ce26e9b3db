/**
 * Markdown → safe HTML for descriptions, notes and titles. markdown-it renders GitLab Flavored
 * Markdown (tables, task lists, footnotes, math, `<details>`), then sanitize-html keeps only an
 * allow-list of tags and attributes, so nothing a user writes can run script in another user's
 * browser. Raw HTML in the source is escaped except `<details>`/`<summary>` and a few inline tags.
 * References (`#3`, `&1`, `~bug`, `%v1`, `@user`) become links only through a lookup passed in by
 * the markdown service, which has already applied the reader's access.
 */
import { createHash } from 'node:crypto';
import katex from 'katex';
import MarkdownIt from 'markdown-it';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';
import type Token from 'markdown-it/lib/token.mjs';
import footnote from 'markdown-it-footnote';
import sanitizeHtml from 'sanitize-html';
import { type Reference, type ReferenceLookup, scanReferences } from './references.ts';
import { TASK_LIST_SANITIZE, taskLists } from './task-lists.ts';

const md = new MarkdownIt({ html: true, linkify: true, breaks: false });
md.use(footnote);

type RenderEnv = {
  /** resolved references; without it every reference stays text */
  references?: ReferenceLookup;
  /** when set, the references found are collected here instead of rendered */
  collect?: Reference[];
  /** markdown-it-footnote's prefix of footnote ids (a description and its comments must not share `#fn1`) */
  docId?: string;
  /** a title: raw HTML is text */
  title?: boolean;
};

const escapeHtml = (text: string) =>
  text
    .replace(/&(?!#?[A-Za-z0-9]{1,31};)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

// Raw HTML: only GitLab's collapsible sections and a few harmless inline tags pass, written anew
// without attributes (`<details open>` keeps `open`); every other tag shows as the text it is.
const PASSING_TAG = /^<(\/?)(details|summary|kbd|sup|sub|br)\b([^<>]*)>$/i;
function safeRawHtml(content: string): string {
  return content.replace(/<\/?[A-Za-z][^<>]*>|[^<]+|</g, (part) => {
    const m = PASSING_TAG.exec(part);
    if (!m) return escapeHtml(part);
    const name = (m[2] ?? '').toLowerCase();
    if (name === 'br') return '<br>';
    const open = name === 'details' && !m[1] && /(^|\s)open(\s|=|\/|$)/i.test(m[3] ?? '');
    return `<${m[1]}${name}${open ? ' open' : ''}>`;
  });
}
// The task-list plugin's checkbox is an inline HTML token of its own making: it passes as it is.
const TASK_CHECKBOX =
  /^<input type="checkbox" class="task-list-item-checkbox" disabled(?: checked)? aria-label="[^"<>]*"> $/;
md.renderer.rules.html_block = (tokens, idx) => safeRawHtml(tokens[idx]?.content ?? '');
// Titles take no HTML at all (a `<details>` in a title is text).
md.renderer.rules.html_inline = (tokens, idx, _options, env: RenderEnv | undefined) => {
  const content = tokens[idx]?.content ?? '';
  if (TASK_CHECKBOX.test(content)) return content;
  return env?.title ? escapeHtml(content) : safeRawHtml(content);
};

// Math (GitLab's syntax): inline $`a^2`$, ```math fences and $$ … $$ blocks, typeset by KaTeX as
// MathML (no styles or scripts; the browser draws it). KaTeX's limits keep a hostile formula cheap.
const MATH_LIMITS = { throwOnError: false, trust: false, strict: 'ignore', maxSize: 50, maxExpand: 1000 } as const;
const MAX_MATH_LENGTH = 10_000;
function renderMath(tex: string, displayMode: boolean): string {
  if (tex.length > MAX_MATH_LENGTH) return `<code>${escapeHtml(tex)}</code>`;
  const html = katex.renderToString(tex, { ...MATH_LIMITS, displayMode, output: 'mathml' });
  return displayMode ? `<p class="math-display">${html}</p>\n` : html;
}

md.block.ruler.before(
  'fence',
  'math_block',
  (state: StateBlock, startLine: number, endLine: number, silent: boolean) => {
    const start = (state.bMarks[startLine] ?? 0) + (state.tShift[startLine] ?? 0);
    const first = state.src.slice(start, state.eMarks[startLine]);
    if (!first.startsWith('$$') || (state.sCount[startLine] ?? 0) - state.blkIndent >= 4) return false;
    const rest = first.slice(2);
    // $$ x $$ on one line
    if (rest.trimEnd().endsWith('$$') && rest.trim().length > 2) {
      if (silent) return true;
      const token = state.push('math_block', 'math', 0);
      token.content = rest.trimEnd().slice(0, -2).trim();
      token.map = [startLine, startLine + 1];
      state.line = startLine + 1;
      return true;
    }
    if (rest.trim() !== '') return false;
    let line = startLine + 1;
    const body: string[] = [];
    for (; line < endLine; line += 1) {
      const text = state.src.slice((state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0), state.eMarks[line]);
      if (text.trimEnd() === '$$') break;
      body.push(state.src.slice(state.bMarks[line], state.eMarks[line]));
    }
    if (line >= endLine) return false;
    if (silent) return true;
    const token = state.push('math_block', 'math', 0);
    token.content = body.join('\n');
    token.map = [startLine, line + 1];
    state.line = line + 1;
    return true;
  },
  { alt: ['paragraph', 'reference', 'blockquote', 'list'] },
);
md.renderer.rules.math_block = (tokens, idx) => renderMath(tokens[idx]?.content ?? '', true);

const defaultFence = md.renderer.rules.fence;
md.renderer.rules.fence = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  if (token && token.info.trim().split(/\s+/)[0] === 'math') return renderMath(token.content, true);
  return defaultFence ? defaultFence(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
};

// $`…`$: a code span between two dollar signs (GitLab's inline math).
md.core.ruler.after('inline', 'math_inline', (state: StateCore) => {
  for (const token of state.tokens) {
    const children = token.children;
    if (token.type !== 'inline' || !children) continue;
    for (let i = 1; i < children.length - 1; i += 1) {
      const before = children[i - 1];
      const code = children[i];
      const after = children[i + 1];
      if (code?.type !== 'code_inline' || before?.type !== 'text' || after?.type !== 'text') continue;
      if (!before.content.endsWith('$') || !after.content.startsWith('$')) continue;
      before.content = before.content.slice(0, -1);
      after.content = after.content.slice(1);
      const math = new state.Token('math_inline', 'math', 0);
      math.content = code.content;
      children[i] = math;
    }
  }
});
md.renderer.rules.math_inline = (tokens, idx) => renderMath(tokens[idx]?.content ?? '', false);

// Task lists: the task-list plugin (task-lists.ts) marks items and puts in their checkboxes.
md.use(taskLists);

// References: after links are found (linkify) and text is joined, so text inside links and code is
// left alone. With `env.collect` they are gathered (the service resolves them), with
// `env.references` the readable ones become links, and the rest stays text.
md.core.ruler.after('text_join', 'references', (state) => {
  const env = state.env as RenderEnv | undefined;
  if (!env?.collect && !env?.references) return;
  for (const token of state.tokens) {
    if (token.type !== 'inline' || !token.children) continue;
    const out: Token[] = [];
    let inLink = 0;
    for (const child of token.children) {
      if (child.type === 'link_open') inLink += 1;
      if (child.type === 'link_close') inLink -= 1;
      const found = child.type === 'text' && inLink === 0 ? scanReferences(child.content) : [];
      if (env.collect) {
        env.collect.push(...found);
        out.push(child);
        continue;
      }
      let last = 0;
      const text = child.content;
      for (const reference of found) {
        const resolved = env.references?.(reference);
        if (!resolved) continue;
        const before = new state.Token('text', '', 0);
        before.content = text.slice(last, reference.start);
        const open = new state.Token('link_open', 'a', 1);
        open.attrs = [['href', resolved.href], ...resolved.attrs.map(([k, v]) => [k, v] as [string, string])];
        const label = new state.Token('text', '', 0);
        label.content = resolved.text;
        out.push(before, open, label, new state.Token('link_close', 'a', -1));
        last = reference.start + reference.text.length;
      }
      if (last === 0) out.push(child);
      else {
        const rest = new state.Token('text', '', 0);
        rest.content = text.slice(last);
        out.push(rest);
      }
    }
    token.children = out;
  }
});

const MATHML_TAGS = [
  'math',
  'semantics',
  'annotation',
  'mrow',
  'mi',
  'mo',
  'mn',
  'ms',
  'mtext',
  'mspace',
  'msup',
  'msub',
  'msubsup',
  'mfrac',
  'msqrt',
  'mroot',
  'mover',
  'munder',
  'munderover',
  'mtable',
  'mtr',
  'mtd',
  'mlabeledtr',
  'mstyle',
  'mpadded',
  'mphantom',
  'menclose',
  'merror',
];
const MATHML_ATTRIBUTES = [
  'mathvariant',
  'displaystyle',
  'scriptlevel',
  'stretchy',
  'fence',
  'separator',
  'lspace',
  'rspace',
  'minsize',
  'maxsize',
  'largeop',
  'movablelimits',
  'symmetric',
  'accent',
  'accentunder',
  'linethickness',
  'width',
  'height',
  'depth',
  'voffset',
  'notation',
  'columnalign',
  'rowalign',
  'columnspacing',
  'rowspacing',
  'columnlines',
  'rowlines',
  'frame',
  'framespacing',
  'equalrows',
  'equalcolumns',
  'encoding',
  'display',
  'xmlns',
];
const REFERENCE_ATTRIBUTES = [
  'data-reference-type',
  'data-user',
  'data-username',
  'data-project-path',
  'data-group-path',
  'data-iid',
  'data-milestone',
  'data-label',
  'data-label-color',
  'data-label-text-color',
  'data-original',
];

/** Only footnote ids (`fn-…`, `fnref-…`) survive, so a text cannot name an element the app looks up. */
function footnoteIdOnly(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  if (!attribs.id || /^fn(ref)?-[A-Za-z0-9:-]+$/.test(attribs.id)) return { ...attribs };
  const { id: _id, ...rest } = attribs;
  return rest;
}

/** An absolute link leaves Milepost: it opens in a new tab and passes no referrer. */
const isExternal = (href: string | undefined) => /^(https?:|mailto:)/i.test(href ?? '');

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'em',
    'strong',
    'del',
    's',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'input',
    'span',
    'sup',
    'sub',
    'kbd',
    'details',
    'summary',
    'section',
    ...MATHML_TAGS,
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target', 'id', 'class', 'aria-label', ...REFERENCE_ATTRIBUTES],
    img: ['src', 'alt', 'title'],
    input: TASK_LIST_SANITIZE.allowedAttributes.input ?? [],
    th: ['align'],
    td: ['align'],
    code: ['class'],
    span: ['class'],
    p: ['class'],
    sup: ['class', 'id'],
    li: ['id', ...(TASK_LIST_SANITIZE.allowedAttributes.li ?? [])],
    ul: TASK_LIST_SANITIZE.allowedAttributes.ul ?? [],
    ol: TASK_LIST_SANITIZE.allowedAttributes.ol ?? [],
    hr: ['class'],
    section: ['class'],
    details: ['open'],
    ...Object.fromEntries(MATHML_TAGS.map((t) => [t, MATHML_ATTRIBUTES])),
  },
  allowedClasses: {
    a: ['gfm', 'gfm-project_member', 'gfm-issue', 'gfm-epic', 'gfm-milestone', 'gfm-label', 'footnote-backref'],
    span: ['katex', 'katex-display', 'katex-error'],
    p: ['math-display'],
    sup: ['footnote-ref'],
    li: ['footnote-item', ...(TASK_LIST_SANITIZE.allowedClasses.li ?? [])],
    ul: TASK_LIST_SANITIZE.allowedClasses.ul ?? [],
    ol: ['footnotes-list', ...(TASK_LIST_SANITIZE.allowedClasses.ol ?? [])],
    hr: ['footnotes-sep'],
    section: ['footnotes'],
    code: [/^language-[A-Za-z0-9_+#.-]+$/],
    input: TASK_LIST_SANITIZE.allowedClasses.input ?? [],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      const out = footnoteIdOnly(attribs);
      if (isExternal(out.href)) {
        out.rel = 'nofollow noreferrer noopener';
        out.target = '_blank';
      } else {
        delete out.target;
      }
      return { tagName, attribs: out };
    },
    li: (tagName, attribs) => ({ tagName, attribs: footnoteIdOnly(attribs) }),
    sup: (tagName, attribs) => ({ tagName, attribs: footnoteIdOnly(attribs) }),
    input: (tagName, attribs) =>
      attribs.type === 'checkbox' ? { tagName, attribs } : { tagName: 'span', attribs: {} },
  },
};

/** A short id for one text's footnotes, the same for the same text. */
const docIdOf = (source: string) => createHash('sha1').update(source).digest('hex').slice(0, 8);

/** Markdown → safe HTML; `references` turns the references it resolves into links. */
export function renderMarkdown(source: string, references?: ReferenceLookup): string {
  const env: RenderEnv = { references, docId: source.includes('[^') ? docIdOf(source) : undefined };
  return sanitizeHtml(md.render(source, env), OPTIONS);
}

/**
 * The references written in a text (outside code and links), for the service to resolve; `title`
 * reads it as a title does (inline markdown only).
 */
export function collectReferences(source: string, options: { title?: boolean } = {}): Reference[] {
  if (!/[@#&%~]/.test(source)) return [];
  const env: RenderEnv = { collect: [], title: options.title };
  if (options.title) md.parseInline(source, env);
  else md.parse(source, env);
  return env.collect ?? [];
}

/** A title: inline markdown only, no paragraphs; `references` turns the ones it resolves into links (as GitLab's titles). */
export function renderTitle(source: string, references?: ReferenceLookup): string {
  return sanitizeHtml(md.renderInline(source, { title: true, references } satisfies RenderEnv), OPTIONS);
}
