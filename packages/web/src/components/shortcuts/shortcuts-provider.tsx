import { SHORTCUTS_STORAGE_KEYS, type ShortcutCustomizations, type ShortcutId } from '@milepost/shared';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type ShortcutHandler, ShortcutsContext, type ShortcutsContextValue } from './shortcuts-context.ts';
import { ShortcutsHelpDialog } from './shortcuts-help-dialog.tsx';
import { createShortcutsListener } from './shortcuts-listener.ts';
import { readCustomizations, readShortcutsDisabled, writeCustomizations, writeShortcutsDisabled } from './storage.ts';

type HandlerRef = { current: ShortcutHandler };

/**
 * The keyboard shortcut layer (spec 002 §9.1): one listener on the window for the registry's
 * shortcuts, the handlers pages register by id (`useShortcut`), the user's choices from browser
 * storage (on/off, own keys; other tabs follow), and the '?' help dialog.
 */
export function ShortcutsProvider({ children }: { children: ReactNode }) {
  const [enabled, setEnabledState] = useState(() => !readShortcutsDisabled());
  const [customizations, setCustomizations] = useState<ShortcutCustomizations>(readCustomizations);
  const [helpOpen, setHelpOpen] = useState(false);
  const handlers = useRef(new Map<ShortcutId, HandlerRef[]>());

  const register = useCallback((id: ShortcutId, handler: HandlerRef) => {
    const list = handlers.current.get(id) ?? [];
    list.push(handler);
    handlers.current.set(id, list);
    return () => {
      const current = handlers.current.get(id);
      const index = current?.lastIndexOf(handler) ?? -1;
      if (current && index !== -1) current.splice(index, 1);
    };
  }, []);

  const fire = useCallback((id: ShortcutId, event: KeyboardEvent) => {
    if (id === 'toggleHelp') {
      setHelpOpen(true);
      return true;
    }
    const list = handlers.current.get(id);
    const handler = list?.[list.length - 1];
    if (!handler) return false;
    handler.current(event);
    return true;
  }, []);

  const run = useCallback((id: ShortcutId) => fire(id, new KeyboardEvent('keydown')), [fire]);

  useEffect(() => {
    if (!enabled) return;
    const listener = createShortcutsListener(customizations, fire);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [enabled, customizations, fire]);

  // Another tab changed the choices: follow them.
  useEffect(() => {
    const handleStorage = (event: StorageEvent) => {
      if (event.key === SHORTCUTS_STORAGE_KEYS.disabled) setEnabledState(!readShortcutsDisabled());
      if (event.key === SHORTCUTS_STORAGE_KEYS.customizations) setCustomizations(readCustomizations());
    };
    window.addEventListener('storage', handleStorage);
    return () => window.removeEventListener('storage', handleStorage);
  }, []);

  const setEnabled = useCallback((next: boolean) => {
    writeShortcutsDisabled(!next);
    setEnabledState(next);
  }, []);

  const setCustomKeys = useCallback((id: ShortcutId, keys: readonly string[] | null) => {
    setCustomizations((current) => {
      const next: ShortcutCustomizations = { ...current };
      if (keys === null) delete next[id];
      else next[id] = keys;
      writeCustomizations(next);
      return next;
    });
  }, []);

  const value = useMemo<ShortcutsContextValue>(
    () => ({ enabled, setEnabled, customizations, setCustomKeys, register, run, helpOpen, setHelpOpen }),
    [enabled, setEnabled, customizations, setCustomKeys, register, run, helpOpen],
  );

  return (
    <ShortcutsContext.Provider value={value}>
      {children}
      <ShortcutsHelpDialog />
    </ShortcutsContext.Provider>
  );
}
