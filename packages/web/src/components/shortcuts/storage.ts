import {
  parseCustomizations,
  SHORTCUTS_STORAGE_KEYS,
  type ShortcutCustomizations,
  serializeCustomizations,
} from '@milepost/shared';

/** Reads and writes the user's shortcut choices in localStorage; without storage they last for the page. */
export function readShortcutsDisabled(): boolean {
  try {
    return window.localStorage.getItem(SHORTCUTS_STORAGE_KEYS.disabled) === 'true';
  } catch {
    return false;
  }
}

export function writeShortcutsDisabled(disabled: boolean): void {
  try {
    if (disabled) window.localStorage.setItem(SHORTCUTS_STORAGE_KEYS.disabled, 'true');
    else window.localStorage.removeItem(SHORTCUTS_STORAGE_KEYS.disabled);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
}

export function readCustomizations(): ShortcutCustomizations {
  try {
    return parseCustomizations(window.localStorage.getItem(SHORTCUTS_STORAGE_KEYS.customizations));
  } catch {
    return {};
  }
}

export function writeCustomizations(customizations: ShortcutCustomizations): void {
  try {
    const raw = serializeCustomizations(customizations);
    if (raw === '{}') window.localStorage.removeItem(SHORTCUTS_STORAGE_KEYS.customizations);
    else window.localStorage.setItem(SHORTCUTS_STORAGE_KEYS.customizations, raw);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
}
