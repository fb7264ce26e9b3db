/**
 * Markdown → safe HTML for descriptions and titles. markdown-it renders (raw HTML in the source is
 * escaped, not passed through), then sanitize-html keeps only an allow-list of tags and attributes,
 * so nothing a user writes can run script in another user's browser.
 */
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import { TASK_LIST_SANITIZE, taskLists } from './task-lists.ts';

const md = new MarkdownIt({ html: false, linkify: true, breaks: false });

md.use(taskLists);

/** `@username` after a start, space or punctuation (not inside a word or an e-mail address). */
const MENTION = /(^|[^A-Za-z0-9_@./-])@([A-Za-z0-9_][A-Za-z0-9_.-]{0,254})/g;

/** Users a text may mention, by lower-cased username: the link target and the user id. */
export type Mentions = ReadonlyMap<string, { href: string; userId: number }>;

/** The distinct usernames written as `@username` in a source (lower-cased, at most 100). */
export function mentionedUsernames(source: string): string[] {
  const names = new Set<string>();
  for (const m of source.matchAll(MENTION)) {
    names.add((m[2] ?? '').replace(/[.-]+$/, '').toLowerCase());
    if (names.size >= 100) break;
  }
  return [...names].filter(Boolean);
}

// Mentions of known users (passed in `env.mentions`) become links to the user, as GitLab's user
// references; text inside links and code is left alone.
md.core.ruler.after('inline', 'mentions', (state) => {
  const mentions = (state.env as { mentions?: Mentions } | undefined)?.mentions;
  if (!mentions?.size) return;
  for (const token of state.tokens) {
    if (token.type !== 'inline' || !token.children) continue;
    const out: typeof token.children = [];
    let inLink = 0;
    for (const child of token.children) {
      if (child.type === 'link_open') inLink += 1;
      if (child.type === 'link_close') inLink -= 1;
      if (child.type !== 'text' || inLink > 0) {
        out.push(child);
        continue;
      }
      let last = 0;
      const text = child.content;
      for (const m of text.matchAll(MENTION)) {
        const name = (m[2] ?? '').replace(/[.-]+$/, '');
        const user = mentions.get(name.toLowerCase());
        if (!user) continue;
        const start = (m.index ?? 0) + (m[1] ?? '').length;
        const before = new state.Token('text', '', 0);
        before.content = text.slice(last, start);
        const open = new state.Token('link_open', 'a', 1);
        open.attrs = [
          ['href', user.href],
          ['class', 'gfm gfm-project_member'],
          ['data-user', String(user.userId)],
          ['data-reference-type', 'user'],
        ];
        const label = new state.Token('text', '', 0);
        label.content = `@${name}`;
        out.push(before, open, label, new state.Token('link_close', 'a', -1));
        last = start + 1 + name.length;
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
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target', 'data-user', 'data-reference-type'],
    img: ['src', 'alt', 'title'],
    ...TASK_LIST_SANITIZE.allowedAttributes,
    th: ['align'],
    td: ['align'],
    code: ['class'],
    span: ['class'],
  },
  allowedClasses: { a: ['gfm', 'gfm-project_member'], ...TASK_LIST_SANITIZE.allowedClasses },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noreferrer noopener', target: '_blank' }),
    input: (tagName, attribs) =>
      attribs.type === 'checkbox' ? { tagName, attribs } : { tagName: 'span', attribs: {} },
  },
};

/** Markdown → safe HTML; `mentions` turns `@username` of those users into links to them. */
export function renderMarkdown(source: string, mentions?: Mentions): string {
  return sanitizeHtml(md.render(source, { mentions }), OPTIONS);
}

/** A title: inline markdown only, no paragraphs. */
export function renderTitle(source: string): string {
  return sanitizeHtml(md.renderInline(source), OPTIONS);
}
