/**
 * Markdown → safe HTML for descriptions and titles. markdown-it renders (raw HTML in the source is
 * escaped, not passed through), then sanitize-html keeps only an allow-list of tags and attributes,
 * so nothing a user writes can run script in another user's browser.
 */
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

const md = new MarkdownIt({ html: false, linkify: true, breaks: false });

// Task-list items: `- [ ] x` / `- [x] x` become disabled checkboxes, as GitLab renders them.
md.core.ruler.after('inline', 'task-lists', (state) => {
  for (const token of state.tokens) {
    if (token.type !== 'inline' || !token.children?.length) continue;
    const first = token.children[0];
    if (first?.type !== 'text') continue;
    const m = /^\[([ xX])\]\s/.exec(first.content);
    if (!m) continue;
    const checked = m[1] !== ' ';
    first.content = first.content.slice(m[0].length);
    const box = new state.Token('html_inline', '', 0);
    box.content = `<input type="checkbox" class="task-list-item-checkbox" disabled${checked ? ' checked' : ''}> `;
    token.children.unshift(box);
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
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title'],
    input: ['type', 'class', 'disabled', 'checked'],
    th: ['align'],
    td: ['align'],
    code: ['class'],
    span: ['class'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noreferrer noopener', target: '_blank' }),
    input: (tagName, attribs) =>
      attribs.type === 'checkbox' ? { tagName, attribs } : { tagName: 'span', attribs: {} },
  },
};

export function renderMarkdown(source: string): string {
  return sanitizeHtml(md.render(source), OPTIONS);
}

/** A title: inline markdown only, no paragraphs. */
export function renderTitle(source: string): string {
  return sanitizeHtml(md.renderInline(source), OPTIONS);
}
