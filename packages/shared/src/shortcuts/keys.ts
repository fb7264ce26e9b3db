/**
 * Key bindings in GitLab's (Mousetrap's) notation: presses separated by spaces, modifiers joined
 * with `+`, lower case — `?`, `shift+p`, `g i`, `mod+\`, `mod+enter`, `up`. `mod` is Cmd on macOS
 * and Ctrl elsewhere. This module parses, normalises and displays them and turns them into the
 * matching library's syntax (tinykeys); it does not listen to keys itself.
 */

export const MODIFIERS = ['mod', 'ctrl', 'alt', 'shift', 'meta'] as const;
export type Modifier = (typeof MODIFIERS)[number];

/** One press of a binding: its modifiers (in MODIFIERS order) and its key. */
export type KeyPress = { modifiers: readonly Modifier[]; key: string };

/** Named keys, with the spellings accepted for them (the first is the normal form). */
const NAMED_KEYS: Record<string, { aliases: readonly string[]; tinykeys: string; label: string }> = {
  enter: { aliases: ['return'], tinykeys: 'Enter', label: 'Enter' },
  esc: { aliases: ['escape'], tinykeys: 'Escape', label: 'Esc' },
  up: { aliases: ['arrowup'], tinykeys: 'ArrowUp', label: '↑' },
  down: { aliases: ['arrowdown'], tinykeys: 'ArrowDown', label: '↓' },
  left: { aliases: ['arrowleft'], tinykeys: 'ArrowLeft', label: '←' },
  right: { aliases: ['arrowright'], tinykeys: 'ArrowRight', label: '→' },
  space: { aliases: [], tinykeys: 'Space', label: 'Space' },
  tab: { aliases: [], tinykeys: 'Tab', label: 'Tab' },
  backspace: { aliases: [], tinykeys: 'Backspace', label: 'Backspace' },
  del: { aliases: ['delete'], tinykeys: 'Delete', label: 'Delete' },
  home: { aliases: [], tinykeys: 'Home', label: 'Home' },
  end: { aliases: [], tinykeys: 'End', label: 'End' },
  pageup: { aliases: [], tinykeys: 'PageUp', label: 'Page Up' },
  pagedown: { aliases: [], tinykeys: 'PageDown', label: 'Page Down' },
  plus: { aliases: [], tinykeys: '+', label: '+' },
};

const MODIFIER_ALIASES: Record<string, Modifier> = {
  mod: 'mod',
  ctrl: 'ctrl',
  control: 'ctrl',
  alt: 'alt',
  option: 'alt',
  shift: 'shift',
  meta: 'meta',
  cmd: 'meta',
  command: 'meta',
};

/** A binding has at most this many presses (`g i` has two). */
export const MAX_PRESSES = 3;

export type ParsedBinding = { ok: true; presses: KeyPress[]; normal: string } | { ok: false; error: string };

function namedKey(word: string): string | null {
  for (const [name, { aliases }] of Object.entries(NAMED_KEYS)) {
    if (word === name || aliases.includes(word)) return name;
  }
  if (/^f([1-9]|1[0-2])$/.test(word)) return word;
  return null;
}

function parsePress(text: string): KeyPress | string {
  // A `+` key is written `plus`; `shift++` would be ambiguous.
  const parts = text.split('+');
  const keyPart = parts.pop() ?? '';
  const modifiers = new Set<Modifier>();
  for (const part of parts) {
    const modifier = MODIFIER_ALIASES[part.toLowerCase()];
    if (!modifier) return `'${part}' is not a modifier (use mod, ctrl, alt, shift or meta).`;
    modifiers.add(modifier);
  }
  if (keyPart === '') return `'${text}' has no key after its modifiers.`;
  let key: string;
  if ([...keyPart].length === 1) {
    key = keyPart.toLowerCase();
    // `P` is `shift+p`, as Mousetrap reads it.
    if (keyPart !== key) modifiers.add('shift');
  } else {
    const lower = keyPart.toLowerCase();
    if (MODIFIER_ALIASES[lower]) return 'A modifier alone is not a shortcut: add a key after it.';
    const named = namedKey(lower);
    if (!named) return `'${keyPart}' is not a key name.`;
    key = named;
  }
  return { modifiers: MODIFIERS.filter((m) => modifiers.has(m)), key };
}

function pressText(press: KeyPress): string {
  return [...press.modifiers, press.key].join('+');
}

/** Parses a binding (`Shift+P`, `g  i`, `Ctrl+Enter`) into its presses and its normal form. */
export function parseBinding(binding: string): ParsedBinding {
  const words = binding.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { ok: false, error: 'Enter a key or a sequence of keys.' };
  if (words.length > MAX_PRESSES) return { ok: false, error: `A sequence has at most ${MAX_PRESSES} keys.` };
  const presses: KeyPress[] = [];
  for (const word of words) {
    const press = parsePress(word);
    if (typeof press === 'string') return { ok: false, error: press };
    presses.push(press);
  }
  return { ok: true, presses, normal: presses.map(pressText).join(' ') };
}

/** The normal form of a binding (`Shift+P` → `shift+p`), or null when it does not parse. */
export function normalizeBinding(binding: string): string | null {
  const parsed = parseBinding(binding);
  return parsed.ok ? parsed.normal : null;
}

function presses(binding: string): string[] {
  const normal = normalizeBinding(binding);
  return normal === null ? [] : normal.split(' ');
}

/**
 * Two bindings clash when one would fire for the other's keys: the same presses, or one is the
 * start of the other (`g` would fire before `g i` could finish).
 */
export function bindingsClash(a: string, b: string): boolean {
  const left = presses(a);
  const right = presses(b);
  if (left.length === 0 || right.length === 0) return false;
  const shorter = left.length <= right.length ? left : right;
  const longer = shorter === left ? right : left;
  return shorter.every((press, index) => longer[index] === press);
}

const TINYKEYS_MODIFIERS: Record<Modifier, string> = {
  mod: '$mod',
  ctrl: 'Control',
  alt: 'Alt',
  shift: 'Shift',
  meta: 'Meta',
};

/**
 * The binding in tinykeys' syntax: `shift+p` → `Shift+P`, `mod+enter` → `$mod+Enter`, `g i` → `g i`.
 * A symbol typed with Shift on some keyboards (`?`) accepts Shift without requiring it.
 */
export function toTinykeys(binding: string): string | null {
  const parsed = parseBinding(binding);
  if (!parsed.ok) return null;
  return parsed.presses
    .map((press) => {
      const named = NAMED_KEYS[press.key];
      const key = named ? named.tinykeys : /^f\d+$/.test(press.key) ? press.key.toUpperCase() : press.key;
      const symbol = !named && !/^[a-z0-9]$/.test(press.key) && !/^f\d+$/.test(press.key);
      const modifiers = press.modifiers.map((m) => TINYKEYS_MODIFIERS[m]);
      if (symbol && !press.modifiers.includes('shift')) modifiers.push('[Shift]');
      return [...modifiers, key.length === 1 ? key.toUpperCase() : key].join('+');
    })
    .join(' ');
}

/** How a binding reads on screen: one list of key caps per press (`mod+enter` → [['Ctrl', 'Enter']]); letters stay lower case. */
export function bindingKeyCaps(binding: string, platform: 'mac' | 'other' = 'other'): string[][] {
  const parsed = parseBinding(binding);
  if (!parsed.ok) return [[binding]];
  const modifierLabel: Record<Modifier, string> =
    platform === 'mac'
      ? { mod: '⌘', ctrl: '⌃', alt: '⌥', shift: '⇧', meta: '⌘' }
      : { mod: 'Ctrl', ctrl: 'Ctrl', alt: 'Alt', shift: 'Shift', meta: 'Meta' };
  return parsed.presses.map((press) => [
    ...press.modifiers.map((m) => modifierLabel[m]),
    NAMED_KEYS[press.key]?.label ?? (press.key.length === 1 ? press.key : press.key.toUpperCase()),
  ]);
}

/** One line of text for a binding (`Shift + p`, `g then i`), for tooltips and accessible names. */
export function bindingText(binding: string, platform: 'mac' | 'other' = 'other'): string {
  return bindingKeyCaps(binding, platform)
    .map((caps) => caps.join(' + '))
    .join(' then ');
}
