import type { EpicColorOption } from '@milepost/shared';
import { EpicColorSelect, type EpicColorVariant } from './epic-color-select.tsx';
import { useEpicColor } from './use-epic-color.ts';

export type EpicColorDropdownProps = {
  /** 'sidebar': a 'Color' row with an Edit button; 'embedded': the dropdown button alone (forms). */
  variant: EpicColorVariant;
  /** Full path of the epic's group. */
  fullPath: string;
  /** The epic's iid; a new epic has none, and its colour is only passed up through `onChange`. */
  iid?: string | null;
  /** The current colour, when the caller already has it (the `epicColor` query is then skipped). */
  color?: string | null;
  /** Whether the viewer may change the colour. */
  allowEdit?: boolean;
  /** The applied choice: at once for a new epic, after saving for an existing one. */
  onChange?: (option: EpicColorOption) => void;
};

/**
 * An epic's colour with the 'Assign epic color' dropdown. The choice is applied when the dropdown
 * closes, and only if it differs: saved with `updateEpic` for an existing epic, passed up for a new one.
 */
export function EpicColorDropdown({
  variant,
  fullPath,
  iid,
  color,
  allowEdit = false,
  onChange,
}: EpicColorDropdownProps) {
  const { current, isLoading, isSaving, choose } = useEpicColor({ fullPath, iid, color, onChange });
  return (
    <EpicColorSelect
      variant={variant}
      value={current}
      allowEdit={allowEdit}
      isLoading={isLoading}
      isSaving={isSaving}
      onSelect={choose}
    />
  );
}
