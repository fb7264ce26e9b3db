import { useState } from 'react';
import shared from '../../../components/planning/sidebar-section.module.css';
import { SidebarSection } from '../../../components/planning/sidebar-section.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import type { IssueWidgetProps } from './issue-sidebar-widget.ts';

/** Lock discussion (signed-in viewers; issues only): locked issues take comments from members only. */
export function SidebarLock({ issue, canEdit, save }: IssueWidgetProps) {
  const [isConfirming, setIsConfirming] = useState(false);
  const locked = issue.discussionLocked;
  const confirm = async () => {
    const fallback = `Something went wrong trying to change the locked state of this issue`;
    if (await save({ locked: !locked }, fallback)) setIsConfirming(false);
  };
  return (
    <SidebarSection
      title="Lock discussion"
      name="lock"
      canEdit={canEdit}
      isEditing={isConfirming}
      onEdit={() => setIsConfirming(true)}
      editLabel="Edit lock discussion"
    >
      {isConfirming ? (
        <div className={shared.confirm}>
          <p>
            {locked
              ? 'Unlock this discussion? Everyone will be able to comment.'
              : 'Lock this discussion? Only project members will be able to comment.'}
          </p>
          <div className={shared.formActions}>
            <Button variant="primary" compact onPress={confirm} autoFocus>
              {locked ? 'Unlock' : 'Lock'}
            </Button>
            <Button compact onPress={() => setIsConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <p className={locked ? shared.flag : shared.flagOff}>
          <Icon name="lock" />
          <span>{locked ? 'Locked' : 'Unlocked'}</span>
        </p>
      )}
    </SidebarSection>
  );
}
