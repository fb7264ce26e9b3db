import { getSchema } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { EditorState } from '@tiptap/pm/state';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { markdownExtensions } from './extensions.ts';
import { parseMarkdown } from './markdown-parser.ts';
import { serializeBlock, serializeMarkdown } from './markdown-serializer.ts';

const schema = getSchema(markdownExtensions());
const renderer = new MarkdownIt({ html: false, linkify: true });

/** The document written anew, block by block, as if the user had changed every block. */
function rewrite(doc: ProseMirrorNode): string {
  const blocks: string[] = [];
  doc.forEach((block) => {
    if (!(block.type.name === 'paragraph' && block.childCount === 0)) blocks.push(serializeBlock(block));
  });
  return blocks.join('\n\n');
}

/**
 * GitLab Flavored Markdown in the form the editor writes it: markdown → rich text → markdown must
 * give the same text back even when every block is written anew.
 */
const CANONICAL: Record<string, string> = {
  paragraphs: 'First paragraph with **bold**, _italic_, ~~struck~~ and `code`.\n\nSecond one.',
  'soft line breaks': 'One line\nthe next line of the same paragraph',
  'hard break': 'Line one\\\nline two',
  headings: '# Title\n\n## Section\n\n###### Smallest',
  'nested marks': '**bold _and italic_ text** and _italic **bold**_',
  links:
    'See [the docs](https://example.com/docs "Docs") and https://example.com/bare and <https://example.com/angle>.',
  image: '![diagram](/uploads/abc123/diagram.png)',
  'bullet list': '- one\n- two\n  - nested\n- three',
  'star bullets': '* one\n* two',
  'ordered list': '1. first\n2. second\n3. third',
  'ordered from 3': '3. third\n4. fourth',
  'loose list': '- one\n\n- two',
  'task list': '- [ ] open task\n- [x] done task\n  - [ ] nested task',
  'code block with language': '```ruby\nputs "hello"\n\ndef x; end\n```',
  'code block without language': '```\nplain code\n```',
  'code block with fences inside': '````markdown\n```js\nx\n```\n````',
  blockquote: '> Quoted **text**\n>\n> Second paragraph',
  'horizontal rule': 'Above\n\n---\n\nBelow',
  table: '| Name | Count |\n| --- | --- |\n| apples | 3 |\n| pears | 5 |',
  'table with alignment': '| Left | Centre | Right |\n| :--- | :---: | ---: |\n| a | b | c |',
  'table with inline marks and pipes': '| Cell | Notes |\n| --- | --- |\n| **bold** | a \\| b |',
  references: 'Fixes #12, relates to &3 and %"Release 1", labelled ~bug and ~"needs review", for @alice.',
  emoji: 'Shipped :tada: :thumbsup: :+1:',
  footnotes: 'A claim[^1] and another[^note].\n\n[^1]: The source.\n\n[^note]: Another source.',
  'inline math': 'Area is $`\\pi r^2`$ exactly.',
  'math block': '```math\na^2 + b^2 = c^2\n```',
  'display math': '$$\n\\frac{a}{b}\n$$',
  'details and summary': '<details>\n<summary>More</summary>\n\nHidden text\n\n</details>',
  'escaped characters': 'Not \\*emphasis\\*, not \\_italic\\_ and a \\`tick\\`.',
  'line-start markers escaped': '\\# not a heading\n\\- not a list\n1\\. not ordered',
  'snake_case words': 'a snake_case_name stays',
  'mixed document':
    '## Plan\n\n- [x] **Bold** step\n- [ ] Next step\n\n| A | B |\n| --- | --- |\n| 1 | 2 |\n\n```ts\nconst x = 1;\n```\n\n> Note',
};

/** Valid markdown the editor would write differently: unchanged blocks must still come back as written. */
const VERBATIM: Record<string, string> = {
  'star emphasis': '*italic* and __bold__',
  'setext heading': 'Title\n=====\n\nSub\n---',
  'padded table': '| Name   | Count |\n|--------|------:|\n| apples |     3 |',
  'plus bullets and extra blank lines': '+ one\n+ two\n\n\n\nAfter',
  'indented code': '    indented code\n    block',
  'leading and trailing blank lines': '\n\nText\n\n',
  'crlf-free windows text': 'a\nb',
  'html inline': 'Press <kbd>Ctrl</kbd> and go',
  'ordered with parens': '1) one\n2) two',
  'asterisk rule': '***',
  'reference link definition': 'See [docs][1].\n\n[1]: https://example.com/docs',
};

describe('markdown → rich text → markdown', () => {
  for (const [name, markdown] of Object.entries(CANONICAL)) {
    it(`keeps ${name} unchanged, also when every block is written anew`, () => {
      const doc = parseMarkdown(schema, markdown);
      expect(serializeMarkdown(doc)).toBe(markdown);
      expect(rewrite(doc)).toBe(markdown);
    });
  }

  for (const [name, markdown] of Object.entries(VERBATIM)) {
    it(`keeps ${name} byte for byte while untouched, and means the same when written anew`, () => {
      const doc = parseMarkdown(schema, markdown);
      expect(serializeMarkdown(doc)).toBe(markdown);
      expect(renderer.render(rewrite(doc))).toBe(renderer.render(markdown));
    });
  }

  it('makes tables, task lists and code blocks real nodes', () => {
    const doc = parseMarkdown(schema, CANONICAL['mixed document'] ?? '');
    const names: string[] = [];
    doc.forEach((block) => {
      names.push(block.type.name);
    });
    expect(names).toEqual(['heading', 'taskList', 'table', 'codeBlock', 'blockquote']);
    expect(doc.child(1).child(0).attrs.checked).toBe(true);
    expect(doc.child(3).attrs.language).toBe('ts');
  });

  it('writes a changed block anew and keeps its untouched neighbours as they were', () => {
    const doc = parseMarkdown(schema, '*keep* this\n\n\nSecond');
    const state = EditorState.create({ doc });
    const from = doc.content.size - doc.child(1).nodeSize + 1;
    const edited = state.apply(state.tr.insertText('Changed *star*', from, doc.content.size - 1)).doc;
    expect(edited.child(0)).toBe(doc.child(0));
    expect(serializeMarkdown(edited)).toBe('*keep* this\n\nChanged \\*star\\*');
  });
});
