import { LabelPicker, type LabelPickerChange } from '../../../components/planning/label-picker.tsx';
import type { EpicSidebarFieldsFragment } from '../../../gql/graphql.ts';
import styles from './epic-sidebar.module.css';
import { useUpdateEpicSidebar } from './use-update-epic-sidebar.ts';

type SidebarLabelsProps = { epic: EpicSidebarFieldsFragment; fullPath: string; canEdit: boolean };

/** Labels: the label picker (sidebar variant); changes saved with addLabelIds/removeLabelIds when it closes. */
export function SidebarLabels({ epic, fullPath, canEdit }: SidebarLabelsProps) {
  const { save, isSaving } = useUpdateEpicSidebar(fullPath, epic.iid);
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
        selected={epic.labels?.nodes ?? []}
        allowEdit={canEdit}
        allowCreate={canEdit}
        allowRemove={canEdit}
        isSaving={isSaving}
        onChange={handleChange}
      />
    </section>
  );
}
