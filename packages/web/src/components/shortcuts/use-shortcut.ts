import { availableShortcuts, effectiveKeys, type ShortcutId } from '@milepost/shared';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { type ShortcutHandler, useShortcutsContext } from './shortcuts-context.ts';

/**
 * Answers the registry's shortcut `id` while the component is mounted (and `enabled`); the most
 * recently mounted handler of an id answers. A no-op outside the shortcut layer.
 */
export function useShortcut(id: ShortcutId, handler: ShortcutHandler, enabled = true): void {
  const register = useShortcutsContext()?.register;
  const ref = useRef(handler);
  useLayoutEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    if (!register || !enabled) return;
    return register(id, ref);
  }, [register, id, enabled]);
}

/**
 * Answers several shortcuts at once (`null` leaves one out): for a component that handles a set
 * decided at run time, such as the navigation shortcuts of the current project or group.
 */
export function useShortcuts(handlers: Partial<Record<ShortcutId, ShortcutHandler | null>>): void {
  const register = useShortcutsContext()?.register;
  const ref = useRef(handlers);
  useLayoutEffect(() => {
    ref.current = handlers;
  });
  const ids = (Object.keys(handlers) as ShortcutId[]).filter((id) => handlers[id]).join(' ');
  useEffect(() => {
    if (!register || ids === '') return;
    const removals = (ids.split(' ') as ShortcutId[]).map((id) =>
      register(id, { current: (event) => ref.current[id]?.(event) }),
    );
    return () => {
      for (const remove of removals) remove();
    };
  }, [register, ids]);
}

const AVAILABLE = new Set<string>(availableShortcuts().map((shortcut) => shortcut.id));

/** The keys that fire `id` now (for tooltips); none while shortcuts are off or outside the layer. */
export function useShortcutKeys(id: ShortcutId): readonly string[] {
  const context = useShortcutsContext();
  if (!context?.enabled || !AVAILABLE.has(id)) return [];
  return effectiveKeys(id, context.customizations);
}
