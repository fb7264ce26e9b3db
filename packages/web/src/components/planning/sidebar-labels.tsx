import { LabelPicker, type LabelPickerChange, type LabelPickerProps } from './label-picker.tsx';
import styles from './sidebar-section.module.css';

type SidebarLabelsProps = {
  /** The group whose labels (and its ancestors') are offered. */
  fullPath: string;
  labels: LabelPickerProps['selected'];
  canEdit: boolean;
  isSaving: boolean;
  /** Saves the change when the picker closes (add and remove ids). */
  save: (change: { addLabelIds?: string[]; removeLabelIds?: string[] }, fallback: string) => Promise<boolean>;
};

/** Labels: the label picker (sidebar variant); changes saved with addLabelIds/removeLabelIds when it closes. */
export function SidebarLabels({ fullPath, labels, canEdit, isSaving, save }: SidebarLabelsProps) {
  const handleChange = ({ addIds, removeIds }: LabelPickerChange) =>
    save(
      {
        ...(addIds.length > 0 ? { addLabelIds: addIds } : {}),
        ...(removeIds.length > 0 ? { removeLabelIds: removeIds } : {}),
      },
      'An error occurred while updating labels.',
    );

  return (
    <section className={styles.section} aria-label="Labels" data-section="labels">
      <LabelPicker
        variant="sidebar"
        fullPath={fullPath}
        selected={labels}
        allowEdit={canEdit}
        allowCreate={canEdit}
        allowRemove={canEdit}
        isSaving={isSaving}
        onChange={handleChange}
        shortcut="editLabels"
      />
    </section>
  );
}
