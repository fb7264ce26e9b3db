import { useState } from 'react';
import { useCurrentUser } from '../../../app/use-current-user.ts';
import { DeleteConfirmModal } from '../../../components/planning/delete-confirm-modal.tsx';
import { IssuableBadge } from '../../../components/planning/issuable-badge.tsx';
import { IssuableStatusBadge } from '../../../components/planning/issuable-status-badge.tsx';
import { PlanningTooltip } from '../../../components/planning/planning-tooltip.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { EpicPageEpicFragment } from '../../../gql/graphql.ts';
import { routes } from '../../../lib/routes.ts';
import { useCan } from '../../../lib/use-can.ts';
import { useNarrowScreen } from '../../../lib/use-media-query.ts';
import styles from '../../issuables/detail-header.module.css';
import { IssuableCreated } from '../../issuables/issuable-created.tsx';
import { EpicActionsMenu } from './epic-actions-menu.tsx';
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
        <IssuableCreated verb="Opened" createdAt={epic.createdAt} author={epic.author} />
      </div>
      <div className={styles.actions}>
        {canUpdate && !narrow && !isEditing && (
          <PlanningTooltip content="Edit title and description">
            <Button onPress={onEdit}>Edit</Button>
          </PlanningTooltip>
        )}
        <EpicActionsMenu
          isOpen={isOpen}
          includeEdit={narrow && !isEditing}
          canUpdate={canUpdate}
          canCreate={canCreate}
          canDestroy={canDestroy}
          newEpicHref={routes.newEpic(groupFullPath)}
          isStateChanging={actions.isStateChanging}
          onEdit={onEdit}
          onToggleState={actions.toggleState}
          onCopyReference={actions.copyReference}
          onDelete={() => setConfirmingDelete(true)}
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

/**
 * 'Report abuse' for signed-in viewers who are not the author (spec 001 §2.1, §6): the author's
 * numeric id and the epic's URL for the abuse drawer; undefined otherwise.
 */
function useReportAbuse(epic: EpicPageEpicFragment) {
  const { currentUser } = useCurrentUser();
  const authorId = Number(/\/(\d+)$/.exec(epic.author?.id ?? '')?.[1]);
  if (!currentUser || !epic.author || !Number.isSafeInteger(authorId) || currentUser.id === epic.author.id) {
    return undefined;
  }
  return { reportedUserId: authorId, reportedFromUrl: `${window.location.origin}${epic.webPath}` };
}
