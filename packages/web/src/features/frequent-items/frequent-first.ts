/** Options of a picker with the viewer's frequently visited items first ('Frequently visited'). */
import type { ComboOption } from '../../components/ui/combo-box-field.tsx';

export const FREQUENTLY_VISITED = 'Frequently visited';

type Item = { id: string; label: string; path: string };

/**
 * `frequent` items matching `term` (label or path) first, described 'Frequently visited · path',
 * then the `found` ones not among them. `include` limits the frequent ones (a group's projects).
 */
export function frequentFirst(
  frequent: readonly Item[],
  found: readonly Item[],
  term: string,
  include: (item: Item) => boolean = () => true,
): ComboOption[] {
  const t = term.trim().toLowerCase();
  const shown = frequent.filter(
    (f) => include(f) && (!t || f.label.toLowerCase().includes(t) || f.path.toLowerCase().includes(t)),
  );
  return [
    ...shown.map((f) => ({ id: f.id, label: f.label, description: `${FREQUENTLY_VISITED} · ${f.path}` })),
    ...found
      .filter((f) => !shown.some((s) => s.id === f.id))
      .map((f) => ({ id: f.id, label: f.label, description: f.path })),
  ];
}
