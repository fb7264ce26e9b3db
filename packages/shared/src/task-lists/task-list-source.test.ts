import { describe, expect, it } from 'vitest';
import {
  moveListItem,
  parseSourcepos,
  removeTaskItem,
  sourceLine,
  taskTitleAndDescription,
  toggledTaskItems,
  toggleTaskLine,
  UNTITLED_TASK_TITLE,
  WORK_ITEM_TITLE_MAX_LENGTH,
} from './task-list-source.ts';

describe('parseSourcepos', () => {
  it.each([
    ['3:1-5:12', { start: 3, end: 5 }],
    ['1:1-1:1', { start: 1, end: 1 }],
    ['5:1-3:1', null],
    ['0:1-1:1', null],
    ['x', null],
    ['', null],
    [null, null],
  ])('%j → %j', (text, range) => {
    expect(parseSourcepos(text)).toEqual(range);
  });
});

describe('toggleTaskLine', () => {
  const source = 'Intro\n\n- [ ] one\n- [x] two\n  * [ ] nested\n> 1. [ ] quoted\n- [~] skipped\n';
  it.each([
    [3, '- [ ] one', true, 'Intro\n\n- [x] one\n- [x] two\n  * [ ] nested\n> 1. [ ] quoted\n- [~] skipped\n'],
    [4, '- [x] two', false, 'Intro\n\n- [ ] one\n- [ ] two\n  * [ ] nested\n> 1. [ ] quoted\n- [~] skipped\n'],
    [5, '  * [ ] nested', true, 'Intro\n\n- [ ] one\n- [x] two\n  * [x] nested\n> 1. [ ] quoted\n- [~] skipped\n'],
    [6, '> 1. [ ] quoted', true, 'Intro\n\n- [ ] one\n- [x] two\n  * [ ] nested\n> 1. [x] quoted\n- [~] skipped\n'],
    [4, '- [x] two', true, source],
  ])('line %i (%j) → checked %s', (lineNumber, lineSource, checked, expected) => {
    expect(toggleTaskLine(source, { lineNumber, lineSource, checked })).toBe(expected);
  });

  it.each([
    ['a line that changed since', 3, '- [ ] on'],
    ['a line that moved', 4, '- [ ] one'],
    ['a line past the end', 40, '- [ ] one'],
    ['a line that is no task', 1, 'Intro'],
    ['an inapplicable task', 7, '- [~] skipped'],
    ['line zero', 0, 'Intro'],
  ])('answers null for %s', (_name, lineNumber, lineSource) => {
    expect(toggleTaskLine(source, { lineNumber, lineSource, checked: true })).toBeNull();
  });

  it('keeps Windows line ends and touches no other byte', () => {
    const crlf = '- [ ] a\r\n- [ ] b\r\n';
    expect(toggleTaskLine(crlf, { lineNumber: 2, lineSource: '- [ ] b', checked: true })).toBe(
      '- [ ] a\r\n- [x] b\r\n',
    );
  });

  it('reads a line without its line end', () => {
    expect(sourceLine('a\r\nb', 1)).toBe('a');
    expect(sourceLine('a', 2)).toBeUndefined();
  });
});

describe('moveListItem', () => {
  it('moves an item with its nested lines, leaving the rest alone', () => {
    const source = 'Text\n\n- one\n- two\n  - two.a\n  - two.b\n- three\n\nAfter';
    const items = [
      { start: 3, end: 3 },
      { start: 4, end: 6 },
      { start: 7, end: 7 },
    ];
    expect(moveListItem(source, items, 1, 0)).toBe('Text\n\n- two\n  - two.a\n  - two.b\n- one\n- three\n\nAfter');
    expect(moveListItem(source, items, 0, 2)).toBe('Text\n\n- two\n  - two.a\n  - two.b\n- three\n- one\n\nAfter');
    expect(moveListItem(source, items, 1, 1)).toBe(source);
  });

  it('keeps a loose list loose and the blank lines between items', () => {
    const source = '- a\n\n- b\n\n- c';
    const items = [
      { start: 1, end: 2 },
      { start: 3, end: 4 },
      { start: 5, end: 5 },
    ];
    expect(moveListItem(source, items, 2, 0)).toBe('- c\n\n- a\n\n- b');
  });

  it('keeps an ordered list numbered in order', () => {
    const source = '3. [ ] c\n4. [x] d\n5. [ ] e\n';
    const items = [
      { start: 1, end: 1 },
      { start: 2, end: 2 },
      { start: 3, end: 3 },
    ];
    expect(moveListItem(source, items, 2, 0)).toBe('3. [ ] e\n4. [ ] c\n5. [x] d\n');
  });

  it.each([
    ['one item', [{ start: 1, end: 1 }], 0, 0],
    [
      'overlapping items',
      [
        { start: 1, end: 2 },
        { start: 2, end: 2 },
      ],
      0,
      1,
    ],
    [
      'a range past the end',
      [
        { start: 1, end: 1 },
        { start: 2, end: 9 },
      ],
      0,
      1,
    ],
    [
      'a position out of range',
      [
        { start: 1, end: 1 },
        { start: 2, end: 2 },
      ],
      0,
      2,
    ],
  ])('answers null for %s', (_name, items, from, to) => {
    expect(moveListItem('- a\n- b', items, from, to)).toBeNull();
  });
});

describe('removeTaskItem', () => {
  it('takes a simple item out', () => {
    expect(removeTaskItem('- [ ] a\n- [ ] b\n- [x] c', { start: 2, end: 2 })).toEqual({
      source: '- [ ] a\n- [x] c',
      title: 'b',
      description: '',
    });
  });

  it('gives its paragraphs as the description and lifts nested tasks (GitLab example)', () => {
    const source = '1. [ ] item 1\n\n   paragraph text\n\n   1. [ ] item 2\n\n      paragraph text\n\n   1. [ ] item 3';
    expect(removeTaskItem(source, { start: 1, end: 9 })).toEqual({
      source: '1. [ ] item 2\n\n   paragraph text\n\n1. [ ] item 3',
      title: 'item 1',
      description: 'paragraph text',
    });
  });

  it('answers null for a line that is no task', () => {
    expect(removeTaskItem('- a\n- [ ] b', { start: 1, end: 1 })).toBeNull();
    expect(removeTaskItem('- [ ] a', { start: 1, end: 3 })).toBeNull();
  });
});

describe('taskTitleAndDescription', () => {
  const long = 'x'.repeat(WORK_ITEM_TITLE_MAX_LENGTH + 10);
  it.each([
    ['Write the docs', '', 'Write the docs', ''],
    ['Write the docs', 'More', 'Write the docs', 'More'],
    ['`npm test`', '', UNTITLED_TASK_TITLE, '`npm test`'],
    ['![shot](/uploads/a/s.png)', 'More', UNTITLED_TASK_TITLE, '![shot](/uploads/a/s.png)\n\nMore'],
    ['', '', UNTITLED_TASK_TITLE, ''],
    [long, '', 'x'.repeat(WORK_ITEM_TITLE_MAX_LENGTH), 'x'.repeat(10)],
    [long, 'More', 'x'.repeat(WORK_ITEM_TITLE_MAX_LENGTH), `${'x'.repeat(10)}\n\nMore`],
  ])('%j + %j → %j / %j', (title, description, expectedTitle, expectedDescription) => {
    expect(taskTitleAndDescription(title, description)).toEqual({
      title: expectedTitle,
      description: expectedDescription,
    });
  });
});

describe('toggledTaskItems', () => {
  it.each([
    [
      '- [ ] a\n- [x] b',
      '- [x] a\n- [ ] b',
      [
        { text: 'a', checked: true },
        { text: 'b', checked: false },
      ],
    ],
    ['- [ ] a', '- [X] a', [{ text: 'a', checked: true }]],
    ['- [ ] a', '- [ ] a', null],
    ['- [ ] a', '- [x] b', null],
    ['- [ ] a\ntext', '- [x] a\nmore', null],
    ['- [ ] a', '- [x] a\n', null],
  ])('%j → %j gives %j', (before, after, expected) => {
    expect(toggledTaskItems(before, after)).toEqual(expected);
  });
});
