import { describe, expect, it } from 'vitest';
import { keepOnePerScope, labelScope } from './labels.ts';

describe('labelScope', () => {
  it.each([
    ['priority::high', 'priority'],
    ['team::a::b', 'team::a'],
    ['bug', null],
    ['::x', null],
    ['x::', null],
  ])('%j → %j', (title, scope) => expect(labelScope(title)).toBe(scope));
});

describe('keepOnePerScope', () => {
  it('keeps the last label of each scope and every unscoped label', () => {
    const titles = ['priority::low', 'bug', 'priority::high', 'team::web', 'ux'];
    expect(keepOnePerScope(titles.map((title) => ({ title }))).map((l) => l.title)).toEqual([
      'bug',
      'priority::high',
      'team::web',
      'ux',
    ]);
  });
});
