import { describe, expect, it } from 'vitest';
import { childEpicCountText, type NestableEpic, topLevelEpics } from './nesting.ts';

const dated = (id: string) => ({ id, startDate: '2026-01-01', dueDate: '2026-12-31' });
const undated = (id: string) => ({ id, startDate: '2026-01-01', dueDate: null });

describe('topLevelEpics', () => {
  it.each<[string, NestableEpic[], string[]]>([
    ['no parents', [{ id: 'a' }, { id: 'b', parent: null }], ['a', 'b']],
    ['dated parent in the list: nests', [{ id: 'p' }, { id: 'c', parent: dated('p') }], ['p']],
    ['dated parent not in the list: top level', [{ id: 'c', parent: dated('p') }], ['c']],
    [
      'dated parent not in the list, grandparent in it: top level (parent rule wins)',
      [{ id: 'g' }, { id: 'c', parent: dated('p'), ancestors: { nodes: [{ id: 'p' }, { id: 'g' }] } }],
      ['g', 'c'],
    ],
    [
      'undated parent in the list: nests through ancestors',
      [{ id: 'p' }, { id: 'c', parent: undated('p'), ancestors: { nodes: [{ id: 'p' }] } }],
      ['p'],
    ],
    [
      'undated parent not in the list, grandparent in it: nests',
      [{ id: 'g' }, { id: 'c', parent: undated('p'), ancestors: { nodes: [{ id: 'p' }, { id: 'g' }] } }],
      ['g'],
    ],
    [
      'undated parent, no ancestor in the list: top level',
      [{ id: 'x' }, { id: 'c', parent: undated('p'), ancestors: { nodes: [{ id: 'p' }, { id: 'g' }] } }],
      ['x', 'c'],
    ],
    [
      'undated parent, ancestors unknown: the parent stands in',
      [{ id: 'p' }, { id: 'c', parent: undated('p') }],
      ['p'],
    ],
    [
      'keeps order; three levels',
      [{ id: 'c', parent: dated('p') }, { id: 'x' }, { id: 'p', parent: dated('g') }, { id: 'g' }],
      ['x', 'g'],
    ],
    ['empty', [], []],
  ])('%s', (_label, epics, expected) => expect(topLevelEpics(epics).map((e) => e.id)).toEqual(expected));

  it('returns the same objects', () => {
    const epics = [{ id: 'a', title: 'A' }];
    expect(topLevelEpics(epics)[0]).toBe(epics[0]);
  });
});

describe('childEpicCountText', () => {
  it.each([
    [0, '0 child epics'],
    [1, '1 child epic'],
    [3, '3 child epics'],
    [1.5, null],
    [Number.NaN, null],
    [null, null],
    [undefined, null],
    ['2', null],
  ])('%j → %j', (count, text) => expect(childEpicCountText(count)).toBe(text));
});
