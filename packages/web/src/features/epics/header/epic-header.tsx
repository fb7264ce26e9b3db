import { useState } from 'react';
import { DeleteConfirmModal } from '../../../components/planning/delete-confirm-modal.tsx';
import { IssuableActionsMenu } from '../../../components/planning/issuable-actions-menu.tsx';
import { ImportedBadge, IssuableBadge } from '../../../components/planning/issuable-badge.tsx';
import { IssuableStatusBadge } from '../../../components/planning/issuable-status-badge.tsx';
import { useReportAbuse } from '../../../components/planning/use-report-abuse.ts';
import { useShortcut } from '../../../components/shortcuts/use-shortcut.ts';
import type { EpicPageEpicFragment } from '../../../gql/graphql.ts';
import { routes } from '../../../lib/routes.ts';
import { useCan } from '../../../lib/use-can.ts';
import { useNarrowScreen } from '../../../lib/use-media-query.ts';
import styles from '../../issuables/detail-header.module.css';
import { EditDescriptionButton, useEditDescriptionShortcut } from '../../issuables/edit-description-button.tsx';
import { IssuableCreated } from '../../issuables/issuable-created.tsx';
import { useEpicActions } from './use-epic-actions.ts';

type EpicHeaderProps = {
  epic: EpicPageEpicFragment;
  groupFullPath: string;
  isEditing: boolean;
  onEdit: () => void;
};

/**
 * The epic's header (spec 001 §2.1): state, confidentiality, 'Opened … by …', and the actions —
 * Edit (a button on wide screens, in the menu on narrow ones) and the 'Epic actions' menu.
 */
export function EpicHeader({ epic, groupFullPath, isEditing, onEdit }: EpicHeaderProps) {
  const narrow = useNarrowScreen();
  const canUpdate = useCan(epic, 'updateEpic');
  const canCreate = useCan(epic, 'createEpic');
  const canDestroy = useCan(epic, 'destroyEpic');
  const actions = useEpicActions(epic, groupFullPath);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const isOpen = epic.state === 'opened';
  const reportAbuse = useReportAbuse(epic);
  useEditDescriptionShortcut(onEdit, canUpdate && !isEditing);
  useShortcut('copyReference', actions.copyReference);

  const handleConfirmDelete = async () => {
    if (!(await actions.remove())) setConfirmingDelete(false);
  };

  return (
    <div className={styles.header}>
      <div className={styles.meta}>
        <IssuableStatusBadge state={epic.state} />
        {epic.confidential && (
          <IssuableBadge icon="eye-slash" variant="warning">
            Confidential
          </IssuableBadge>
        )}
        {epic.imported && <ImportedBadge importableType="epic" />}
        <IssuableCreated verb="Opened" createdAt={epic.createdAt} author={epic.author} />
      </div>
      <div className={styles.actions}>
        {canUpdate && !narrow && !isEditing && <EditDescriptionButton onEdit={onEdit} />}
        <IssuableActionsMenu
          label="Epic actions"
          items={[
            ...(narrow && !isEditing && canUpdate ? [{ id: 'edit', label: 'Edit', onAction: onEdit }] : []),
            ...(canUpdate
              ? [{ id: 'state', label: isOpen ? 'Close epic' : 'Reopen epic', onAction: actions.toggleState }]
              : []),
            ...(canCreate ? [{ id: 'new', label: 'New epic', href: routes.newEpic(groupFullPath) }] : []),
            { id: 'copy', label: 'Copy reference', onAction: actions.copyReference },
            { id: 'roadmap', label: 'View on roadmap', href: routes.epicOnRoadmap(groupFullPath, epic.iid) },
          ]}
          endItems={
            canDestroy
              ? [{ id: 'delete', label: 'Delete epic', danger: true, onAction: () => setConfirmingDelete(true) }]
              : []
          }
          disabledKeys={actions.isStateChanging ? ['state'] : []}
          reportAbuse={reportAbuse}
        />
      </div>
      <DeleteConfirmModal
        issuableType="epic"
        isOpen={confirmingDelete}
        isDeleting={actions.isDeleting}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={handleConfirmDelete}
      />
    </div>
  );
}
