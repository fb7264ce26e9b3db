import { describe, expect, it } from 'vitest';
import { bindingKeyCaps, bindingsClash, bindingText, normalizeBinding, parseBinding, toTinykeys } from './keys.ts';

describe('normalizeBinding', () => {
  it.each([
    ['shift+p', 'shift+p'],
    ['Shift+P', 'shift+p'],
    ['P', 'shift+p'],
    ['g  i', 'g i'],
    [' c r ', 'c r'],
    ['Ctrl+Enter', 'ctrl+enter'],
    ['shift+mod+x', 'mod+shift+x'],
    ['mod+\\', 'mod+\\'],
    ['Escape', 'esc'],
    ['ArrowUp', 'up'],
    ['cmd+k', 'meta+k'],
    ['?', '?'],
    ['/', '/'],
    ['F2', 'f2'],
  ])('%j → %j', (input, normal) => {
    expect(normalizeBinding(input)).toBe(normal);
  });

  it.each([
    ['', 'Enter a key or a sequence of keys.'],
    ['   ', 'Enter a key or a sequence of keys.'],
    ['hyper+p', "'hyper' is not a modifier (use mod, ctrl, alt, shift or meta)."],
    ['shift+', "'shift+' has no key after its modifiers."],
    ['shift', 'A modifier alone is not a shortcut: add a key after it.'],
    ['foo', "'foo' is not a key name."],
    ['a b c d', 'A sequence has at most 3 keys.'],
  ])('%j is refused: %s', (input, error) => {
    expect(parseBinding(input)).toEqual({ ok: false, error });
  });
});

describe('bindingsClash', () => {
  it.each([
    ['g i', 'g i', true],
    ['g', 'g i', true],
    ['g i', 'G I', false],
    ['g i', ' g   i ', true],
    ['g i', 'g o', false],
    ['i', 'g i', false],
    ['shift+p', 'p', false],
    ['shift+p', 'P', true],
    ['c r', 'c', true],
    ['nonsense-key', 'g', false],
  ])('%j and %j: %s', (a, b, clash) => {
    expect(bindingsClash(a, b)).toBe(clash);
    expect(bindingsClash(b, a)).toBe(clash);
  });
});

describe('toTinykeys', () => {
  it.each([
    ['shift+p', 'Shift+P'],
    ['g i', 'G I'],
    ['mod+enter', '$mod+Enter'],
    ['mod+\\', '$mod+[Shift]+\\'],
    ['?', '[Shift]+?'],
    ['/', '[Shift]+/'],
    ['esc', 'Escape'],
    ['up', 'ArrowUp'],
    ['mod+shift+x', '$mod+Shift+X'],
    ['f2', 'F2'],
    ['1', '1'],
  ])('%j → %j', (binding, tinykeys) => {
    expect(toTinykeys(binding)).toBe(tinykeys);
  });

  it('is null for what does not parse', () => {
    expect(toTinykeys('hyper+x')).toBeNull();
  });
});

describe('bindingKeyCaps and bindingText', () => {
  it.each([
    ['shift+p', 'other', [['Shift', 'p']], 'Shift + p'],
    ['g i', 'other', [['g'], ['i']], 'g then i'],
    ['mod+enter', 'other', [['Ctrl', 'Enter']], 'Ctrl + Enter'],
    ['mod+enter', 'mac', [['⌘', 'Enter']], '⌘ + Enter'],
    ['up', 'other', [['↑']], '↑'],
    ['esc', 'other', [['Esc']], 'Esc'],
  ] as const)('%j on %s', (binding, platform, caps, text) => {
    expect(bindingKeyCaps(binding, platform)).toEqual(caps);
    expect(bindingText(binding, platform)).toBe(text);
  });
});
