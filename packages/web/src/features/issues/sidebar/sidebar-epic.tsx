import { useState } from 'react';
import { Link } from 'react-router';
import { HIDDEN_ANCESTOR } from '../../../components/planning/sidebar-ancestors.tsx';
import shared from '../../../components/planning/sidebar-section.module.css';
import { SidebarSection } from '../../../components/planning/sidebar-section.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { IssuePaths, IssueWidgetProps } from './issue-sidebar-widget.ts';
import { OptionPicker } from './option-picker.tsx';

const ERROR = 'Something went wrong while updating the epic.';

/** Epic (the parent): a link, or a note when it is hidden from the viewer; editing picks a group epic. */
export function SidebarEpic({ issue, canEdit, save, projectPath, groupPath }: IssueWidgetProps & IssuePaths) {
  const [isEditing, setIsEditing] = useState(false);
  const epic = issue.epic;
  const pick = async (epicId: string | null) => {
    if (await save({ epicId }, ERROR)) setIsEditing(false);
  };
  return (
    <SidebarSection title="Epic" name="epic" canEdit={canEdit} isEditing={isEditing} onEdit={() => setIsEditing(true)}>
      {isEditing ? (
        <div className={shared.form}>
          <OptionPicker
            kind="epics"
            label="Assign epic"
            projectPath={projectPath}
            groupPath={groupPath}
            onPick={(option) => pick(option.id)}
          />
          <div className={shared.formActions}>
            {issue.hasEpic && (
              <Button compact onPress={() => pick(null)}>
                No epic
              </Button>
            )}
            <Button compact onPress={() => setIsEditing(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : epic ? (
        <Link to={epic.webPath} className={shared.link}>
          {epic.title ?? `&${epic.iid}`}
        </Link>
      ) : issue.hasEpic ? (
        <span className={shared.none}>{HIDDEN_ANCESTOR}</span>
      ) : (
        <span className={shared.none}>None</span>
      )}
    </SidebarSection>
  );
}
