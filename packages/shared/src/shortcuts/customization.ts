import { appPageAccess } from '../routes/app-pages.ts';
import { projectSubPage } from '../routes/sub-pages.ts';
import { bindingsClash, normalizeBinding, parseBinding } from './keys.ts';
import { SHORTCUTS, type ShortcutDefinition, type ShortcutId, shortcutById } from './registry.ts';

/** The user's own keys per customisable shortcut (what the browser stores). */
export type ShortcutCustomizations = Partial<Record<ShortcutId, readonly string[]>>;

/**
 * Whether Milepost has the screen a shortcut opens: a navigation shortcut to an app page exists
 * only while that page is one of the app's routes (`/dashboard/todos` once the to-do list is
 * there), `i` only while the new-issue page is.
 */
export function isShortcutAvailable(shortcut: ShortcutDefinition): boolean {
  if (shortcut.path !== undefined && appPageAccess(shortcut.path) === null) return false;
  if (shortcut.projectSubPath !== undefined && projectSubPage(shortcut.projectSubPath) === null) return false;
  return true;
}

/** The shortcuts of this build: the registry less those whose screen Milepost lacks. */
export function availableShortcuts(): readonly ShortcutDefinition[] {
  return SHORTCUTS.filter(isShortcutAvailable);
}

/** The keys that fire `id`: the user's own when set, else the defaults. */
export function effectiveKeys(id: ShortcutId, customizations: ShortcutCustomizations): readonly string[] {
  const shortcut = shortcutById(id);
  const own = shortcut.customizable ? customizations[id] : undefined;
  return own ?? shortcut.defaultKeys;
}

/** Editing shortcuts fire only in fields and the others never do: only shortcuts of one kind can clash. */
function sameContext(a: ShortcutDefinition, b: ShortcutDefinition): boolean {
  return Boolean(a.editing) === Boolean(b.editing);
}

export type ShortcutClash = { id: ShortcutId; otherId: ShortcutId; keys: string; otherKeys: string };

/** Every pair of available shortcuts whose keys clash (same keys, or one the start of the other). */
export function findClashes(customizations: ShortcutCustomizations): ShortcutClash[] {
  const shortcuts = availableShortcuts();
  const clashes: ShortcutClash[] = [];
  shortcuts.forEach((shortcut, index) => {
    for (const other of shortcuts.slice(index + 1)) {
      if (!sameContext(shortcut, other)) continue;
      for (const keys of effectiveKeys(shortcut.id as ShortcutId, customizations)) {
        for (const otherKeys of effectiveKeys(other.id as ShortcutId, customizations)) {
          if (bindingsClash(keys, otherKeys)) {
            clashes.push({ id: shortcut.id as ShortcutId, otherId: other.id as ShortcutId, keys, otherKeys });
          }
        }
      }
    }
  });
  return clashes;
}

export type CustomKeysResult = { ok: true; keys: string[] } | { ok: false; error: string };

/**
 * Checks the keys a user typed for `id` (one binding per entry, `shift+p`, `g i`) and returns them
 * normalised, or the reason they cannot be used: not customisable, a key that does not parse, the
 * same keys twice, or a clash with another shortcut (named in the message).
 */
export function validateCustomKeys(
  id: ShortcutId,
  input: readonly string[],
  customizations: ShortcutCustomizations,
): CustomKeysResult {
  const shortcut = shortcutById(id);
  if (!shortcut.customizable) return { ok: false, error: 'This shortcut cannot be changed.' };
  const entries = input.map((text) => text.trim()).filter(Boolean);
  if (entries.length === 0) return { ok: false, error: 'Enter a key or a sequence of keys.' };
  const keys: string[] = [];
  for (const entry of entries) {
    const parsed = parseBinding(entry);
    if (!parsed.ok) return { ok: false, error: parsed.error };
    const earlier = keys.find((key) => bindingsClash(key, parsed.normal));
    if (earlier !== undefined) {
      const error =
        earlier === parsed.normal
          ? `'${earlier}' is given twice.`
          : `'${earlier}' and '${parsed.normal}' clash: one is the start of the other.`;
      return { ok: false, error };
    }
    keys.push(parsed.normal);
  }
  for (const other of availableShortcuts()) {
    if (other.id === id || !sameContext(shortcut, other)) continue;
    for (const otherKeys of effectiveKeys(other.id as ShortcutId, customizations)) {
      const clash = keys.find((key) => bindingsClash(key, otherKeys));
      if (clash !== undefined) {
        return {
          ok: false,
          error: `'${clash}' is already used by '${other.description}' (${normalizeBinding(otherKeys) ?? otherKeys}).`,
        };
      }
    }
  }
  return { ok: true, keys };
}

/**
 * The stored customisations, read defensively: anything that is not a known customisable
 * shortcut with valid keys is dropped, and so is a binding that clashes with what came before
 * (storage is the user's to edit, as in GitLab), so the defaults keep working.
 */
export function parseCustomizations(raw: string | null | undefined): ShortcutCustomizations {
  if (!raw) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const result: ShortcutCustomizations = {};
  for (const shortcut of SHORTCUTS) {
    if (!shortcut.customizable) continue;
    const stored = (value as Record<string, unknown>)[shortcut.id];
    const list = typeof stored === 'string' ? [stored] : stored;
    if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) continue;
    const checked = validateCustomKeys(shortcut.id, list, result);
    if (checked.ok) result[shortcut.id] = checked.keys;
  }
  // A stored binding may still clash with a later shortcut's defaults: drop the stored one.
  for (const clash of findClashes(result)) {
    delete result[clash.id];
    delete result[clash.otherId];
  }
  return result;
}

/** The customisations as stored: only the shortcuts whose keys differ from their defaults. */
export function serializeCustomizations(customizations: ShortcutCustomizations): string {
  const stored: Record<string, readonly string[]> = {};
  for (const shortcut of SHORTCUTS) {
    const own = customizations[shortcut.id];
    if (!own || !shortcut.customizable) continue;
    if (own.join('\n') === shortcut.defaultKeys.join('\n')) continue;
    stored[shortcut.id] = own;
  }
  return JSON.stringify(stored);
}
