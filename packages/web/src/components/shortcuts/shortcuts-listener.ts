import {
  availableShortcuts,
  effectiveKeys,
  parseBinding,
  type ShortcutCustomizations,
  type ShortcutId,
  toTinykeys,
} from '@milepost/shared';
import { createKeybindingsHandler } from 'tinykeys';

/** Fields a key types into: shortcuts other than the editing ones never fire there. */
const TYPING_TARGETS = [
  'input:not([type="checkbox"]):not([type="radio"]):not([type="button"]):not([type="submit"]):not([type="reset"])',
  'textarea',
  'select',
  '[contenteditable]:not([contenteditable="false"])',
  '[role="textbox"]',
  '[role="combobox"]',
  '[role="searchbox"]',
].join(', ');

/** Popups that own their keys (type-ahead in menus and lists, a dialog's own controls). */
const POPUPS = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

/**
 * Marks page content shown inside a dialog (the detail sidebar's drawer on narrow screens): keys
 * there are the page's shortcuts (`a`, `m` in the sidebar) as they are in the wide sidebar.
 */
export const SHORTCUTS_SCOPE_ATTRIBUTE = 'data-shortcuts-scope';

/** Whether the shortcut layer leaves a key press alone: typing, a popup, a key a widget handled already. */
export function ignoreShortcutEvent(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.repeat || event.isComposing) return true;
  const target = event.target;
  if (!(target instanceof Element)) return false;
  if (target.closest(TYPING_TARGETS) !== null) return true;
  const popup = target.closest(POPUPS);
  // The drawer itself may hold focus (after a popover in it closed): it is the page's too.
  return popup !== null && popup.querySelector(`[${SHORTCUTS_SCOPE_ATTRIBUTE}]`) === null;
}

/**
 * One keydown listener for every available shortcut the layer handles, through tinykeys (sequences
 * and modifiers). `fire` runs the shortcut and says whether something answered it (then the key's
 * default — typing `/` into the search field it just focused — is prevented). Sequences come first
 * so that `g i` wins over `i` once `g` was pressed.
 */
export function createShortcutsListener(
  customizations: ShortcutCustomizations,
  fire: (id: ShortcutId, event: KeyboardEvent) => boolean,
): EventListener {
  const entries: { binding: string; presses: number; id: ShortcutId }[] = [];
  for (const shortcut of availableShortcuts()) {
    if (shortcut.handledBy !== 'shortcuts' || shortcut.editing) continue;
    const id = shortcut.id as ShortcutId;
    for (const keys of effectiveKeys(id, customizations)) {
      const binding = toTinykeys(keys);
      const parsed = parseBinding(keys);
      if (binding !== null && parsed.ok) entries.push({ binding, presses: parsed.presses.length, id });
    }
  }
  entries.sort((a, b) => b.presses - a.presses);
  // tinykeys stops at the first binding that fires, so the others keep what they had matched (after
  // `g i`, `g l` would still wait for its `l`): a fresh handler after each shortcut forgets it.
  let fired = false;
  const keymap: Record<string, (event: KeyboardEvent) => void> = {};
  for (const { binding, id } of entries) {
    keymap[binding] = (event) => {
      fired = true;
      if (fire(id, event)) event.preventDefault();
    };
  }
  const create = () => createKeybindingsHandler(keymap, { ignore: ignoreShortcutEvent });
  let handler = create();
  return (event) => {
    fired = false;
    handler(event);
    if (fired) handler = create();
  };
}
