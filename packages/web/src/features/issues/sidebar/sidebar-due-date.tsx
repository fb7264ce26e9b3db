import { isOverdue, relativeDueDateText } from '@milepost/shared';
import { useState } from 'react';
import { PlanningDatePicker } from '../../../components/planning/planning-date-picker.tsx';
import shared from '../../../components/planning/sidebar-section.module.css';
import { SidebarSection } from '../../../components/planning/sidebar-section.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatCalendarDate, preferredToday } from '../../../lib/format-date.ts';
import styles from './issue-sidebar.module.css';
import type { IssueWidgetProps } from './issue-sidebar-widget.ts';

const ERROR = 'An error occurred while saving the due date.';

/** Due date: 'Today', 'Tomorrow', 'Yesterday', a weekday within a week, else the date; overdue in red. */
export function SidebarDueDate({ issue, canEdit, save, today }: IssueWidgetProps & { today?: string }) {
  const [isEditing, setIsEditing] = useState(false);
  const [draft, setDraft] = useState<string | null>(null);
  const day = today ?? preferredToday();
  const due = issue.dueDate ? issue.dueDate.slice(0, 10) : null;
  const overdue = isOverdue(due, day, issue.state);

  const submit = async (dueDate: string | null) => {
    if (await save({ dueDate }, ERROR)) setIsEditing(false);
  };

  return (
    <SidebarSection
      title="Due date"
      name="due-date"
      canEdit={canEdit}
      isEditing={isEditing}
      onEdit={() => {
        setDraft(due);
        setIsEditing(true);
      }}
    >
      {isEditing ? (
        <div className={shared.form}>
          <PlanningDatePicker label="Due date" hideLabel value={draft} onChange={setDraft} today={day} autoFocus />
          <div className={shared.formActions}>
            <Button variant="primary" compact onPress={() => submit(draft)}>
              Save
            </Button>
            {due && (
              <Button compact onPress={() => submit(null)}>
                Remove due date
              </Button>
            )}
            <Button compact onPress={() => setIsEditing(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : due ? (
        <span className={overdue ? styles.overdue : undefined}>
          <span className="tabular">{relativeDueDateText(due, day) ?? formatCalendarDate(due)}</span>
          {overdue && <span className={styles.overdueTag}> (Overdue)</span>}
        </span>
      ) : (
        <span className={shared.none}>None</span>
      )}
    </SidebarSection>
  );
}
