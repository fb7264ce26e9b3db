import { describe, expect, it } from 'vitest';
import {
  availableShortcuts,
  effectiveKeys,
  findClashes,
  isShortcutAvailable,
  parseCustomizations,
  serializeCustomizations,
  validateCustomKeys,
} from './customization.ts';
import { normalizeBinding } from './keys.ts';
import { SHORTCUT_GROUPS, SHORTCUTS, shortcutById } from './registry.ts';

describe('the registry', () => {
  it('has unique ids, known groups and default keys in normal form', () => {
    expect(new Set(SHORTCUTS.map((s) => s.id)).size).toBe(SHORTCUTS.length);
    const groups = SHORTCUT_GROUPS.map((g) => g.id) as string[];
    for (const shortcut of SHORTCUTS) {
      expect(groups).toContain(shortcut.group);
      expect(shortcut.defaultKeys.length).toBeGreaterThan(0);
      for (const keys of shortcut.defaultKeys) expect(normalizeBinding(keys)).toBe(keys);
    }
  });

  it("has the spec's defaults (spec 002 §9.1)", () => {
    expect(shortcutById('toggleHelp').defaultKeys).toEqual(['?']);
    expect(shortcutById('focusSearch').defaultKeys).toEqual(['s', '/']);
    expect(shortcutById('goToIssues').defaultKeys).toEqual(['g i']);
    expect(shortcutById('copyReference').defaultKeys).toEqual(['c r']);
    expect(shortcutById('toggleNavigation').defaultKeys).toEqual(['mod+\\']);
    expect(shortcutById('saveForm')).toMatchObject({ defaultKeys: ['mod+enter'], editing: true, customizable: false });
  });

  it('has no clashing defaults, whichever screens exist', () => {
    expect(findClashes({})).toEqual([]);
  });

  it('throws on an unknown id', () => {
    expect(() => shortcutById('nope' as never)).toThrow("Unknown shortcut 'nope'");
  });

  it('keeps the shortcuts whose screen Milepost has (every global page now: projects, activity, milestones too)', () => {
    for (const id of [
      'goToYourGroups',
      'goToYourProjects',
      'goToActivity',
      'goToYourMilestones',
      'editLabels',
    ] as const) {
      expect(isShortcutAvailable(shortcutById(id)), id).toBe(true);
    }
    const ids = availableShortcuts().map((s) => s.id);
    expect(ids).toContain('toggleHelp');
    expect(ids).toContain('goToActivity');
  });
});

describe('validateCustomKeys', () => {
  it('accepts free keys and returns them normalised', () => {
    expect(validateCustomKeys('goToYourGroups', ['Shift+Y'], {})).toEqual({ ok: true, keys: ['shift+y'] });
    expect(validateCustomKeys('focusSearch', [' q ', 'g s'], {})).toEqual({ ok: true, keys: ['q', 'g s'] });
  });

  it.each([
    ['toggleHelp', ['h'], 'This shortcut cannot be changed.'],
    ['saveForm', ['mod+s'], 'This shortcut cannot be changed.'],
    ['goToYourGroups', [''], 'Enter a key or a sequence of keys.'],
    ['goToYourGroups', ['hyper+g'], "'hyper' is not a modifier (use mod, ctrl, alt, shift or meta)."],
    ['focusSearch', ['q', 'q w'], "'q' and 'q w' clash: one is the start of the other."],
    ['focusSearch', ['q', 'q'], "'q' is given twice."],
    ['goToYourGroups', ['e'], "'e' is already used by 'Edit the title and description' (e)."],
    ['goToYourGroups', ['g'], "'g' is already used by 'Go to the project's or group's overview' (g o)."],
    ['goToYourGroups', ['c r x'], "'c r x' is already used by 'Copy the reference' (c r)."],
    ['nextRow', ['?'], "'?' is already used by 'Open the keyboard shortcuts dialog' (?)."],
  ] as const)('%s ← %j: %s', (id, keys, error) => {
    expect(validateCustomKeys(id, keys, {})).toEqual({ ok: false, error });
  });

  it("checks against the other shortcuts' own keys, not their defaults", () => {
    const customizations = { editDescription: ['shift+e'] };
    expect(validateCustomKeys('goToYourGroups', ['e'], customizations)).toEqual({ ok: true, keys: ['e'] });
    expect(validateCustomKeys('goToYourGroups', ['shift+e'], customizations)).toMatchObject({ ok: false });
  });

  it('lets editing and page shortcuts share keys (editing ones fire only in fields)', () => {
    expect(validateCustomKeys('goToYourGroups', ['up'], {})).toEqual({ ok: true, keys: ['up'] });
  });

  it('counts the shortcuts of the new dashboard pages as clashes', () => {
    expect(validateCustomKeys('goToYourGroups', ['shift+a'], {})).toEqual({
      ok: false,
      error: "'shift+a' is already used by 'Go to your activity feed' (shift+a).",
    });
  });
});

describe('customisations in storage', () => {
  it('round-trips, storing only what differs from the defaults', () => {
    const raw = serializeCustomizations({ goToYourGroups: ['shift+y'], focusSearch: ['s', '/'] });
    expect(JSON.parse(raw)).toEqual({ goToYourGroups: ['shift+y'] });
    const parsed = parseCustomizations(raw);
    expect(parsed).toEqual({ goToYourGroups: ['shift+y'] });
    expect(effectiveKeys('goToYourGroups', parsed)).toEqual(['shift+y']);
    expect(effectiveKeys('focusSearch', parsed)).toEqual(['s', '/']);
  });

  it.each([
    [null, {}],
    ['', {}],
    ['not json', {}],
    ['[1,2]', {}],
    ['{"unknown":["q"]}', {}],
    ['{"toggleHelp":["h"]}', {}],
    ['{"goToYourGroups":[1]}', {}],
    ['{"goToYourGroups":["hyper+g"]}', {}],
    ['{"goToYourGroups":["e"]}', {}],
    ['{"goToYourGroups":"Q"}', { goToYourGroups: ['shift+q'] }],
    ['{"goToYourGroups":["q"],"focusFilterBar":["q"]}', { goToYourGroups: ['q'] }],
  ] as const)('%j → %j', (raw, expected) => {
    expect(parseCustomizations(raw)).toEqual(expected);
  });

  it('never keeps keys for a shortcut that is not customisable', () => {
    expect(effectiveKeys('toggleHelp', { toggleHelp: ['h'] } as never)).toEqual(['?']);
  });
});
