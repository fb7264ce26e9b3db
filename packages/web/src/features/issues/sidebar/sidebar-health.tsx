import { HEALTH_STATUS_OPTIONS, healthStatusText } from '@milepost/shared';
import { useState } from 'react';
import shared from '../../../components/planning/sidebar-section.module.css';
import { SidebarSection } from '../../../components/planning/sidebar-section.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import type { HealthStatus } from '../../../gql/graphql.ts';
import styles from './issue-sidebar.module.css';
import type { IssueWidgetProps } from './issue-sidebar-widget.ts';

const NO_STATUS = 'none';
/** spec 002 §8 */
export const HEALTH_SET_ERROR = 'Something went wrong while setting issue health status.';

/** Health status: 'On track', 'Needs attention', 'At risk' (green, amber, red) or none. */
export function SidebarHealth({ issue, canEdit, save }: IssueWidgetProps) {
  const [isEditing, setIsEditing] = useState(false);
  const text = healthStatusText(issue.healthStatus);
  const choose = async (value: string) => {
    const healthStatus = value === NO_STATUS ? null : (value as HealthStatus);
    if (await save({ healthStatus }, HEALTH_SET_ERROR)) setIsEditing(false);
  };
  return (
    <SidebarSection
      title="Health status"
      name="health-status"
      canEdit={canEdit}
      isEditing={isEditing}
      onEdit={() => setIsEditing(true)}
    >
      {isEditing ? (
        <div className={shared.form}>
          <SelectField
            label="Health status"
            hideLabel
            options={[
              ...HEALTH_STATUS_OPTIONS.map((o) => ({ id: o.value, label: o.text })),
              { id: NO_STATUS, label: 'No status' },
            ]}
            value={issue.healthStatus ?? NO_STATUS}
            onChange={choose}
          />
          <div className={shared.formActions}>
            <Button compact onPress={() => setIsEditing(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : text ? (
        <span className={styles.health} data-health={issue.healthStatus}>
          {text}
        </span>
      ) : (
        <span className={shared.none}>None</span>
      )}
    </SidebarSection>
  );
}
