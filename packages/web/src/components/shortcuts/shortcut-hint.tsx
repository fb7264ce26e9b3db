import type { ShortcutId } from '@milepost/shared';
import { ShortcutKeys } from './shortcut-keys.tsx';
import { useShortcutKeys } from './use-shortcut.ts';

/** The keys of shortcut `id` for a tooltip ('Edit title and description  e'); nothing while shortcuts are off. */
export function ShortcutHint({ id, className }: { id: ShortcutId; className?: string }) {
  const keys = useShortcutKeys(id);
  if (keys.length === 0) return null;
  return <ShortcutKeys keys={keys} className={className} />;
}
