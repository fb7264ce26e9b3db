import { describe, expect, it } from 'vitest';
import { labelsSummary, selectionChanges, type ToggleOptions, toggleLabel } from './label-picker-selection.ts';

const TITLES = new Map([
  ['1', 'bug'],
  ['2', 'priority::high'],
  ['3', 'priority::low'],
  ['4', 'workflow::ready'],
  ['5', 'a::b::c'],
  ['6', 'a::b::d'],
  ['7', 'a::x'],
]);
const DEFAULTS: ToggleOptions = {
  titles: TITLES,
  allowScopedLabels: true,
  allowMultipleScopedLabels: false,
  multiselect: true,
};
const sel = (set: string[], indeterminate: string[] = []) => ({
  set: new Set(set),
  indeterminate: new Set(indeterminate),
});

describe('toggleLabel', () => {
  it.each([
    ['sets an unset label', [['1'], []], '2', {}, [['1', '2'], []]],
    ['unsets a set label', [['1', '2'], []], '1', {}, [['2'], []]],
    ['an indeterminate label becomes set', [[], ['1']], '1', {}, [['1'], []]],
    ['a scoped label unsets the other of its scope', [['1', '2'], []], '3', {}, [['1', '3'], []]],
    ['… also an indeterminate one of that scope', [[], ['2']], '3', {}, [['3'], []]],
    ['other scopes stay', [['2', '4'], []], '3', {}, [['4', '3'], []]],
    ['the scope is before the last ::', [['5', '7'], []], '6', {}, [['7', '6'], []]],
    ['several per scope when allowed', [['2'], []], '3', { allowMultipleScopedLabels: true }, [['2', '3'], []]],
    ['scoped labels off: no exclusivity', [['2'], []], '3', { allowScopedLabels: false }, [['2', '3'], []]],
    ['single select keeps only the new one', [['1', '4'], ['2']], '3', { multiselect: false }, [['3'], []]],
  ] as const)('%s', (_name, [set, indeterminate], id, options, [expectedSet, expectedIndeterminate]) => {
    const next = toggleLabel(sel([...set], [...indeterminate]), id, { ...DEFAULTS, ...options });
    expect([...next.set]).toEqual(expectedSet);
    expect([...next.indeterminate]).toEqual(expectedIndeterminate);
  });
});

describe('selectionChanges', () => {
  it('lists the labels added and removed; untouched indeterminate labels are neither', () => {
    expect(selectionChanges(sel(['1', '2'], ['4']), sel(['2', '3'], ['4']))).toEqual({
      addIds: ['3'],
      removeIds: ['1'],
    });
  });

  it('an indeterminate label that was set is added; one that was unset is removed', () => {
    expect(selectionChanges(sel([], ['4', '5']), sel(['4'], []))).toEqual({ addIds: ['4'], removeIds: ['5'] });
  });

  it('nothing changed: nothing to save', () => {
    expect(selectionChanges(sel(['1']), sel(['1']))).toEqual({ addIds: [], removeIds: [] });
  });
});

describe('labelsSummary', () => {
  it.each([
    [[], 'None'],
    [['bug'], 'bug'],
    [['bug', 'ux'], 'bug +1 more'],
    [['bug', 'ux', 'priority::high'], 'bug +2 more'],
  ])('%j → %s', (titles, expected) => {
    expect(labelsSummary(titles.map((title) => ({ title })))).toBe(expected);
  });
});
