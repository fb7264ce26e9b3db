import { useState } from 'react';
import { Link } from 'react-router';
import shared from '../../../components/planning/sidebar-section.module.css';
import { SidebarSection } from '../../../components/planning/sidebar-section.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { IssuePaths, IssueWidgetProps } from './issue-sidebar-widget.ts';
import { OptionPicker } from './option-picker.tsx';

const ERROR = 'Something went wrong while updating the milestone.';

/** Milestone: a link to it; editing picks an open milestone of the project or its groups, or none. */
export function SidebarMilestone({ issue, canEdit, save, projectPath, groupPath }: IssueWidgetProps & IssuePaths) {
  const [isEditing, setIsEditing] = useState(false);
  const milestone = issue.milestone;
  const pick = async (milestoneId: string | null) => {
    if (await save({ milestoneId }, ERROR)) setIsEditing(false);
  };
  return (
    <SidebarSection
      title="Milestone"
      name="milestone"
      canEdit={canEdit}
      isEditing={isEditing}
      onEdit={() => setIsEditing(true)}
      shortcut="editMilestone"
    >
      {isEditing ? (
        <div className={shared.form}>
          <OptionPicker
            kind="milestones"
            label="Assign milestone"
            projectPath={projectPath}
            groupPath={groupPath}
            onPick={(option) => pick(option.id)}
          />
          <div className={shared.formActions}>
            {milestone && (
              <Button compact onPress={() => pick(null)}>
                No milestone
              </Button>
            )}
            <Button compact onPress={() => setIsEditing(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : milestone ? (
        <Link to={milestone.webPath} className={shared.link}>
          {milestone.title}
        </Link>
      ) : (
        <span className={shared.none}>None</span>
      )}
    </SidebarSection>
  );
}
