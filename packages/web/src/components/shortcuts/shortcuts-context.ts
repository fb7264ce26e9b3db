import type { ShortcutCustomizations, ShortcutId } from '@milepost/shared';
import { createContext, useContext } from 'react';

export type ShortcutHandler = (event: KeyboardEvent) => void;

export type ShortcutsContextValue = {
  /** Whether shortcuts fire (the help dialog's toggle; stored in the browser). */
  enabled: boolean;
  setEnabled: (enabled: boolean) => void;
  /** The user's own keys per customisable shortcut. */
  customizations: ShortcutCustomizations;
  /** Stores (or, with null, resets) the keys of one shortcut; the caller validated them. */
  setCustomKeys: (id: ShortcutId, keys: readonly string[] | null) => void;
  /** Adds a handler for `id` while a component is mounted; the newest one answers. Returns its removal. */
  register: (id: ShortcutId, handler: { current: ShortcutHandler }) => () => void;
  /** Runs the newest handler of `id` as if its keys were pressed; false when nothing answers it. */
  run: (id: ShortcutId) => boolean;
  helpOpen: boolean;
  setHelpOpen: (open: boolean) => void;
};

export const ShortcutsContext = createContext<ShortcutsContextValue | null>(null);

/** The shortcut layer, or null outside it (unit tests of one component). */
export function useShortcutsContext(): ShortcutsContextValue | null {
  return useContext(ShortcutsContext);
}
