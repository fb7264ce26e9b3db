import { describe, expect, it } from 'vitest';
import { buildChildEpic, buildChildIssue } from './test/child-items-fixtures.ts';
import { branchChildren, formHeading, looksLikeReference, moveItem, moveTarget } from './tree-model.ts';

const item = (id: string, relativePosition: number | null) => ({ id, relativePosition });

describe('looksLikeReference', () => {
  it.each([
    ['#3', true],
    ['acme/web#3', true],
    ['&12', true],
    ['acme&12', true],
    ['https://example.com/acme/web/-/issues/3', true],
    ['mesh', false],
    ['acme/web#', false],
  ])('%s → %s', (word, expected) => expect(looksLikeReference(word)).toBe(expected));
});

describe('moveItem', () => {
  it.each([
    ['b', 'up', ['b', 'a', 'c']],
    ['b', 'down', ['a', 'c', 'b']],
    ['a', 'up', ['a', 'b', 'c']],
    ['c', 'down', ['a', 'b', 'c']],
  ] as const)('moves %s %s', (id, direction, order) => {
    const moved = moveItem([item('a', 10), item('b', 20), item('c', 30)], id, direction);
    const sorted = [...moved].sort((x, y) => (x.relativePosition ?? 0) - (y.relativePosition ?? 0));
    expect(sorted.map((i) => i.id)).toEqual(order);
  });

  it('keeps the array order when positions are missing', () => {
    expect(moveItem([item('a', null), item('b', null)], 'b', 'up').map((i) => i.id)).toEqual(['b', 'a']);
  });
});

describe('moveTarget', () => {
  it('is the neighbour of the same list, or null at the ends', () => {
    const list = [item('a', 1), item('b', 2)];
    expect(moveTarget(list, 'a', 'down')?.id).toBe('b');
    expect(moveTarget(list, 'a', 'up')).toBeNull();
    expect(moveTarget(list, 'zzz', 'up')).toBeNull();
  });
});

describe('branchChildren', () => {
  it('lists epics first, then issues, each by relative position', () => {
    const e1 = buildChildEpic({ title: 'E1', relativePosition: 50 });
    const e2 = buildChildEpic({ title: 'E2', relativePosition: 5 });
    const i1 = buildChildIssue({ title: 'I1', relativePosition: 1 });
    const i2 = buildChildIssue({ title: 'I2', relativePosition: null });
    const order = branchChildren({
      epics: [e1, e2],
      issues: [i2, i1],
      epicEndCursor: null,
      issueEndCursor: null,
      hasMoreEpics: false,
      hasMoreIssues: false,
    }).map((c) => c.item.title);
    expect(order).toEqual(['E2', 'E1', 'I1', 'I2']);
  });
});

describe('formHeading', () => {
  it.each([
    ['create', 'epic', false, 'Create new epic'],
    ['create', 'issue', true, 'Create new confidential issue'],
    ['add', 'epic', true, 'Add existing confidential epic'],
    ['add', 'issue', false, 'Add existing issue'],
  ] as const)('%s %s (confidential %s) → %s', (action, kind, confidential, text) => {
    expect(formHeading(action, kind, confidential)).toBe(text);
  });
});
