import { PlanningTooltip } from '../../components/planning/planning-tooltip.tsx';
import { ShortcutHint } from '../../components/shortcuts/shortcut-hint.tsx';
import { useShortcut } from '../../components/shortcuts/use-shortcut.ts';
import { Button } from '../../components/ui/button.tsx';
import styles from './edit-description-button.module.css';

/** `e` opens the edit form while the viewer may edit and is not editing yet (spec 002 §9.1). */
export function useEditDescriptionShortcut(onEdit: () => void, enabled: boolean): void {
  useShortcut('editDescription', onEdit, enabled);
}

/** The epic and issue headers' Edit button; its tooltip names the `e` shortcut as GitLab's does. */
export function EditDescriptionButton({ onEdit }: { onEdit: () => void }) {
  return (
    <PlanningTooltip
      content={
        <span className={styles.tooltip}>
          Edit title and description
          <ShortcutHint id="editDescription" />
        </span>
      }
    >
      <Button onPress={onEdit}>Edit</Button>
    </PlanningTooltip>
  );
}
