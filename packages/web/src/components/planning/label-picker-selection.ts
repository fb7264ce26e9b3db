import { labelScope } from '@milepost/shared';

/** A label as the picker shows it. */
export type PickerLabel = {
  id: string;
  title: string;
  color: string;
  textColor?: string | null;
  description?: string | null;
};

export type LabelSelection = {
  /** Labels set on the item. */
  set: ReadonlySet<string>;
  /** Labels set on some of the items being edited (bulk edits): neither set nor unset. */
  indeterminate: ReadonlySet<string>;
};

export type ToggleOptions = {
  /** Titles of every label the picker knows, by id (to find a scoped label's siblings). */
  titles: ReadonlyMap<string, string>;
  allowScopedLabels: boolean;
  allowMultipleScopedLabels: boolean;
  multiselect: boolean;
};

/**
 * Spec 001 §4: a label toggles between set and not set, an indeterminate label becomes set; with
 * scoped labels on and several per scope not allowed, setting `scope::x` unsets the other labels
 * of that scope. Without multiselect, setting a label unsets every other one.
 */
export function toggleLabel(selection: LabelSelection, id: string, options: ToggleOptions): LabelSelection {
  const set = new Set(selection.set);
  const indeterminate = new Set(selection.indeterminate);
  if (set.has(id)) {
    set.delete(id);
    return { set, indeterminate };
  }
  indeterminate.delete(id);
  if (!options.multiselect) return { set: new Set([id]), indeterminate: new Set() };
  const title = options.titles.get(id);
  const scope = title !== undefined && options.allowScopedLabels ? labelScope(title) : null;
  if (scope !== null && !options.allowMultipleScopedLabels) {
    for (const other of [...set, ...indeterminate]) {
      const otherTitle = options.titles.get(other);
      if (otherTitle !== undefined && labelScope(otherTitle) === scope) {
        set.delete(other);
        indeterminate.delete(other);
      }
    }
  }
  set.add(id);
  return { set, indeterminate };
}

/** What changed between the selection when the dropdown opened and when it closed. */
export function selectionChanges(
  before: LabelSelection,
  after: LabelSelection,
): { addIds: string[]; removeIds: string[] } {
  const addIds = [...after.set].filter((id) => !before.set.has(id));
  const removeIds = [...before.set, ...before.indeterminate].filter(
    (id) => !after.set.has(id) && !after.indeterminate.has(id),
  );
  return { addIds, removeIds };
}

/** The collapsed button's text: the first label, then '+N more' for the rest. */
export function labelsSummary(labels: readonly { title: string }[], none = 'None'): string {
  const [first, ...rest] = labels;
  if (!first) return none;
  return rest.length > 0 ? `${first.title} +${rest.length} more` : first.title;
}

/** The create form's suggested colours (GitLab's label palette). */
export const SUGGESTED_LABEL_COLORS: readonly { color: string; title: string }[] = [
  { color: '#009966', title: 'Green-cyan' },
  { color: '#8fbc8f', title: 'Dark sea green' },
  { color: '#3cb371', title: 'Medium sea green' },
  { color: '#00b140', title: 'Green screen' },
  { color: '#013220', title: 'Dark green' },
  { color: '#6699cc', title: 'Blue-gray' },
  { color: '#0000ff', title: 'Blue' },
  { color: '#e6e6fa', title: 'Lavender' },
  { color: '#9400d3', title: 'Dark violet' },
  { color: '#330066', title: 'Deep violet' },
  { color: '#808080', title: 'Gray' },
  { color: '#36454f', title: 'Charcoal grey' },
  { color: '#f7e7ce', title: 'Champagne' },
  { color: '#c21e56', title: 'Rose red' },
  { color: '#cc338b', title: 'Magenta-pink' },
  { color: '#dc143c', title: 'Crimson' },
  { color: '#ff0000', title: 'Red' },
  { color: '#cd5b45', title: 'Dark coral' },
  { color: '#eee600', title: 'Titanium yellow' },
  { color: '#ed9121', title: 'Carrot orange' },
  { color: '#c39953', title: 'Aztec Gold' },
];
