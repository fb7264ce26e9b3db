/**
 * Who a markdown text mentions, for to-dos (GitLab's mentioned and directly addressed users).
 * `@username` in text counts; in code, in links and in HTML it does not. A user is directly
 * addressed when the mention opens a line of a top-level paragraph (not a heading), alone or in a run of mentions
 * (`@alice What do you think?`, `@erin @frank thank you!`); mentions inside list items, quotes and
 * tables, or later in the line (`cc: @bob`), are plain mentions.
 */
import MarkdownIt from 'markdown-it';
import { scanReferences } from '../../markdown/references.ts';

/** The lower-cased usernames written as `@username` in a piece of text. */
function mentionedUsernames(text: string): string[] {
  return [...new Set(scanReferences(text).flatMap((r) => (r.kind === 'user' ? [r.key.toLowerCase()] : [])))];
}

const md = new MarkdownIt({ html: false, linkify: false });

/** A run of mentions at the start of a line: `@erin @frank`. */
const LEADING_MENTIONS = /^(?:@[A-Za-z0-9_][A-Za-z0-9_.-]*[ \t]*)+/;

type InlineToken = { type: string; content: string };

/** Lower-cased usernames: every one mentioned, and those directly addressed (a subset), at most 100 each. */
export type TextMentions = { all: string[]; direct: string[] };

function linesOf(children: readonly InlineToken[]): InlineToken[][] {
  const lines: InlineToken[][] = [[]];
  for (const child of children) {
    if (child.type === 'softbreak' || child.type === 'hardbreak') lines.push([]);
    else lines[lines.length - 1]?.push(child);
  }
  return lines;
}

export function mentionsIn(source: string): TextMentions {
  const all = new Set<string>();
  const direct = new Set<string>();
  if (!source.includes('@')) return { all: [], direct: [] };
  const tokens = md.parse(source, {});
  // Nesting of containers whose first words do not address anyone: lists, quotes, tables.
  let contained = 0;
  for (const [index, token] of tokens.entries()) {
    if (/^(bullet_list|ordered_list|blockquote|table)_open$/.test(token.type)) contained += 1;
    if (/^(bullet_list|ordered_list|blockquote|table)_close$/.test(token.type)) contained -= 1;
    if (token.type !== 'inline' || !token.children) continue;
    let inLink = 0;
    for (const child of token.children) {
      if (child.type === 'link_open') inLink += 1;
      if (child.type === 'link_close') inLink -= 1;
      if (child.type === 'text' && inLink === 0) for (const name of mentionedUsernames(child.content)) all.add(name);
    }
    if (contained > 0 || tokens[index - 1]?.type !== 'paragraph_open') continue;
    for (const line of linesOf(token.children)) {
      const first = line[0];
      if (first?.type !== 'text') continue;
      const run = LEADING_MENTIONS.exec(first.content);
      if (run) for (const name of mentionedUsernames(run[0])) direct.add(name);
    }
  }
  const cap = (names: Set<string>) => [...names].slice(0, 100);
  return { all: cap(all), direct: cap(new Set([...direct].filter((n) => all.has(n)))) };
}
