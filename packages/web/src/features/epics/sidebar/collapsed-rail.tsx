import { labelsSummary } from '../../../components/planning/label-picker-selection.ts';
import { PlanningTooltip } from '../../../components/planning/planning-tooltip.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import type { EpicSidebarFieldsFragment } from '../../../gql/graphql.ts';
import { formatCalendarDate } from '../../../lib/format-date.ts';
import styles from './epic-sidebar.module.css';

type RailItem = { id: string; icon: 'calendar' | 'label' | 'eye-slash'; text: string; count?: number };

/** The collapsed sidebar: one icon per attribute with its value in a tooltip; each opens the sidebar. */
export function CollapsedRail({ epic, onExpand }: { epic: EpicSidebarFieldsFragment; onExpand: () => void }) {
  const labels = epic.labels?.nodes ?? [];
  const dates = `${formatCalendarDate(epic.startDate) || 'None'} – ${formatCalendarDate(epic.dueDate) || 'None'}`;
  const items: RailItem[] = [
    { id: 'dates', icon: 'calendar', text: `Dates: ${dates}` },
    { id: 'labels', icon: 'label', text: `Labels: ${labelsSummary(labels)}`, count: labels.length },
    {
      id: 'confidentiality',
      icon: 'eye-slash',
      text: epic.confidential ? 'Confidential' : 'Not confidential',
    },
  ];
  return (
    <ul className={styles.railItems}>
      {items.map((item) => (
        <li key={item.id}>
          <PlanningTooltip content={item.text}>
            <Button
              variant="tertiary"
              compact
              iconOnly
              aria-label={item.text}
              onPress={onExpand}
              className={styles.railButton}
            >
              <Icon name={item.icon} />
              {item.count !== undefined && item.count > 0 && <span className={styles.railCount}>{item.count}</span>}
            </Button>
          </PlanningTooltip>
        </li>
      ))}
    </ul>
  );
}
