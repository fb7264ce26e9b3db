import { type AnyExtension, Extension, Node } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { TableKit } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';

/**
 * Markdown the rich text editor has no node for, kept as its source and edited as text: link and
 * footnote definitions, HTML blocks such as `<details>`, `$$` math. It round-trips unchanged.
 */
export const RawMarkdown = Node.create({
  name: 'rawMarkdown',
  group: 'block',
  content: 'text*',
  marks: '',
  code: true,
  defining: true,
  parseHTML: () => [{ tag: 'pre[data-raw-markdown]', preserveWhitespace: 'full' }],
  renderHTML: () => ['pre', { 'data-raw-markdown': '', 'aria-label': 'Markdown source' }, ['code', 0]],
});

/**
 * What markdown writes that the nodes do not show: the list bullet and tightness, a table column's
 * alignment, how a link was written (`[text](url)`, `<url>` or a bare url).
 */
const MarkdownAttributes = Extension.create({
  name: 'markdownAttributes',
  addGlobalAttributes: () => [
    {
      types: ['bulletList', 'taskList'],
      attributes: { bullet: { default: '-', rendered: false } },
    },
    {
      types: ['bulletList', 'orderedList', 'taskList'],
      attributes: { tight: { default: true, rendered: false } },
    },
    {
      types: ['tableCell', 'tableHeader'],
      attributes: {
        align: {
          default: null,
          parseHTML: (element: HTMLElement) => element.style.textAlign || null,
          renderHTML: (attributes: { align?: string | null }) =>
            attributes.align ? { style: `text-align: ${attributes.align}` } : {},
        },
      },
    },
    {
      types: ['link'],
      attributes: { markup: { default: null, rendered: false } },
    },
  ],
});

/** The editor's schema: GitLab Flavored Markdown's blocks and marks, without underline (markdown has none). */
export function markdownExtensions(extra: AnyExtension[] = []): AnyExtension[] {
  return [
    StarterKit.configure({
      underline: false,
      link: { openOnClick: false, autolink: true, linkOnPaste: true, HTMLAttributes: { rel: 'noopener noreferrer' } },
      codeBlock: { HTMLAttributes: { spellcheck: 'false' } },
    }),
    TaskList,
    TaskItem.configure({ nested: true }),
    TableKit.configure({ table: { resizable: false } }),
    Image.configure({ inline: true }),
    RawMarkdown,
    MarkdownAttributes,
    ...extra,
  ];
}
