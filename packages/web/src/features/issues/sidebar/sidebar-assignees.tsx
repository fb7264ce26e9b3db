import { useState } from 'react';
import { Link } from 'react-router';
import { AssigneeAvatarList } from '../../../components/planning/assignee-avatar-list.tsx';
import shared from '../../../components/planning/sidebar-section.module.css';
import { SidebarSection } from '../../../components/planning/sidebar-section.tsx';
import { Button } from '../../../components/ui/button.tsx';
import styles from './issue-sidebar.module.css';
import type { IssuePaths, IssueWidgetProps } from './issue-sidebar-widget.ts';
import { OptionPicker } from './option-picker.tsx';

const ERROR = 'Something went wrong while updating assignees.';

/** Assignees: avatars (and names), 'assign yourself' when none; editing adds and removes people. */
export function SidebarAssignees({
  issue,
  canEdit,
  save,
  projectPath,
  groupPath,
  currentUserId,
}: IssueWidgetProps & IssuePaths & { currentUserId: string | null }) {
  const [isEditing, setIsEditing] = useState(false);
  const assignees = issue.assignees?.nodes?.filter((a) => a !== null) ?? [];
  const ids = assignees.map((a) => a.id);
  const setIds = (next: string[]) => save({ assigneeIds: next }, ERROR);

  return (
    <SidebarSection
      title={assignees.length > 1 ? `${assignees.length} Assignees` : 'Assignee'}
      label="Assignees"
      name="assignees"
      canEdit={canEdit}
      isEditing={isEditing}
      onEdit={() => setIsEditing(true)}
      editLabel="Edit assignees"
      shortcut="editAssignees"
    >
      {assignees.length === 0 ? (
        <span className={shared.none}>
          None
          {canEdit && currentUserId && !isEditing && (
            <>
              {' - '}
              <Button variant="tertiary" compact onPress={() => setIds([currentUserId])}>
                assign yourself
              </Button>
            </>
          )}
        </span>
      ) : (
        <div className={styles.assignees}>
          <AssigneeAvatarList assignees={assignees} maxVisible={assignees.length} />
          <ul className={styles.names}>
            {assignees.map((a) => (
              <li key={a.id}>
                <Link to={a.webPath}>{a.name}</Link> <span className={shared.meta}>@{a.username}</span>
                {isEditing && (
                  <Button
                    variant="tertiary"
                    compact
                    aria-label={`Unassign ${a.name}`}
                    onPress={() => setIds(ids.filter((id) => id !== a.id))}
                  >
                    Remove
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {isEditing && (
        <div className={shared.form}>
          <OptionPicker
            kind="users"
            label="Assign a user"
            projectPath={projectPath}
            groupPath={groupPath}
            onPick={async (user) => {
              if (ids.includes(user.id) || (await setIds([...ids, user.id]))) setIsEditing(false);
            }}
          />
          <div className={shared.formActions}>
            <Button compact onPress={() => setIsEditing(false)}>
              Done
            </Button>
          </div>
        </div>
      )}
    </SidebarSection>
  );
}
