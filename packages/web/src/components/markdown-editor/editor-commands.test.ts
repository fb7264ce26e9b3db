import { describe, expect, it } from 'vitest';
import { applyPlainCommand, commandOfKey, type EditorCommand, type TextSelection } from './editor-commands.ts';

/** `[` and `]` in the test text mark the selection (`|` a caret). */
function sel(marked: string): TextSelection {
  const caret = marked.indexOf('|');
  if (caret !== -1) return { text: marked.replace('|', ''), start: caret, end: caret };
  const start = marked.indexOf('[');
  const end = marked.indexOf(']') - 1;
  return { text: marked.replace('[', '').replace(']', ''), start, end };
}

function show({ text, start, end }: TextSelection): string {
  return start === end
    ? `${text.slice(0, start)}|${text.slice(start)}`
    : `${text.slice(0, start)}[${text.slice(start, end)}]${text.slice(end)}`;
}

const run = (command: EditorCommand, marked: string) => show(applyPlainCommand(command, sel(marked)));

describe('plain text commands (markdown toolbar)', () => {
  it.each([
    ['bold', 'a [word] here', 'a **[word]** here'],
    ['bold', 'a **[word]** here', 'a [word] here'],
    ['bold', 'a |', 'a **|**'],
    ['italic', '[word]', '_[word]_'],
    ['strike', '[word]', '~~[word]~~'],
    ['code', '[x = 1]', '`[x = 1]`'],
  ] as const)('%s wraps and unwraps: %s', (command, before, after) => {
    expect(run(command, before)).toBe(after);
  });

  it('links the selection and selects the url to type over', () => {
    expect(run('link', 'see [docs] now')).toBe('see [docs]([url]) now');
    expect(run('link', '[https://example.com]')).toBe('[[text]](https://example.com)');
  });

  it('prefixes every selected line and removes the prefix again', () => {
    expect(run('bulletList', '[one\ntwo]')).toBe('[- one\n- two]');
    expect(run('bulletList', '[- one\n- two]')).toBe('[one\ntwo]');
    expect(run('orderedList', '[one\ntwo]')).toBe('[1. one\n2. two]');
    expect(run('taskList', 'do |it')).toBe('- [ ] do |it');
    expect(run('quote', '[said]')).toBe('[> said]');
    expect(run('heading', 'Ti|tle')).toBe('### Ti|tle');
  });

  it('indents and outdents lines', () => {
    expect(run('indent', '- [a\n- b]')).toBe('[  - a\n  - b]');
    expect(run('outdent', '[  - a\n  - b]')).toBe('[- a\n- b]');
  });

  it('puts a table, a code block, a rule and a collapsible section on lines of their own', () => {
    expect(run('table', 'Intro|')).toBe(
      'Intro\n\n| |header | header |\n| ------ | ------ |\n|        |        |\n|        |        |',
    );
    expect(run('codeBlock', 'a [x] b')).toBe('a \n\n```\nx|\n```\n\n b');
    expect(run('horizontalRule', '|')).toBe('---|');
    expect(run('details', '[more]')).toBe('<details><summary>Click to expand</summary>\n\nmore|\n\n</details>');
  });
});

describe('editing shortcuts (spec 002 §9.1)', () => {
  const key = (k: string, mods: Partial<{ ctrl: boolean; meta: boolean; shift: boolean; alt: boolean }> = {}) =>
    commandOfKey({
      key: k,
      ctrlKey: mods.ctrl ?? false,
      metaKey: mods.meta ?? false,
      shiftKey: mods.shift ?? false,
      altKey: mods.alt ?? false,
    });

  it('maps mod+b, mod+i, mod+shift+x, mod+k, mod+], mod+[, mod+shift+p and mod+enter', () => {
    expect(key('b', { ctrl: true })).toBe('bold');
    expect(key('i', { meta: true })).toBe('italic');
    expect(key('X', { ctrl: true, shift: true })).toBe('strike');
    expect(key('k', { ctrl: true })).toBe('link');
    expect(key(']', { ctrl: true })).toBe('indent');
    expect(key('[', { meta: true })).toBe('outdent');
    expect(key('P', { ctrl: true, shift: true })).toBe('preview');
    expect(key('Enter', { meta: true })).toBe('save');
  });

  it('leaves other keys alone', () => {
    expect(key('b')).toBeNull();
    expect(key('b', { ctrl: true, alt: true })).toBeNull();
    expect(key('c', { ctrl: true })).toBeNull();
  });
});
