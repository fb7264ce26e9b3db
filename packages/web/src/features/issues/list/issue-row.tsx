import { HEALTH_STATUS_TITLES, isOverdue, labelSwatchColor, relativeDueDateText, timeAgo } from '@milepost/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { hoverCardAttributes, issueTargetOfPath } from '../../../components/hover-card/hover-card-target.ts';
import { DragHandle, type ReorderRowProps } from '../../../components/issuable-list/manual-reorder.tsx';
import { ROW_FOCUS_ATTRIBUTE } from '../../../components/issuable-list/use-row-keyboard.ts';
import { AssigneeAvatarList } from '../../../components/planning/assignee-avatar-list.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Icon, type IconName } from '../../../components/ui/icon.tsx';
import type { IssuesListIssueFragment } from '../../../gql/graphql.ts';
import { formatCalendarDate } from '../../../lib/format-date.ts';
import { absoluteTime } from '../../issuables/format-created.ts';
import styles from './issues-list.module.css';

const TYPE_ICONS: Record<string, IconName> = { ISSUE: 'issues', INCIDENT: 'warning', TASK: 'check' };
const HEALTH_CLASS: Record<string, string | undefined> = {
  onTrack: styles.healthOnTrack,
  needsAttention: styles.healthNeedsAttention,
  atRisk: styles.healthAtRisk,
};

function Meta({
  icon,
  label,
  children,
  className,
}: {
  icon: IconName;
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span className={[styles.meta, className].filter(Boolean).join(' ')} title={label}>
      <Icon name={icon} size={14} />
      <span className="visually-hidden">{label}: </span>
      {children}
    </span>
  );
}

export type IssueRowProps = {
  issue: IssuesListIssueFragment;
  /** Show `group/project#iid` (group lists) instead of `#iid`. */
  fullReference: boolean;
  today: string;
  onLabelClick: (title: string) => void;
  selectable: boolean;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
  /** Manual order: what makes the row draggable (and a drop target). */
  reorder: ReorderRowProps;
};

/**
 * One issue of the list: type icon, title, reference, confidential and blocked marks, labels (a
 * press filters by the label), milestone, due date (words near today, red when overdue), weight,
 * health, then assignees, comments and the updated time; a closed issue says so.
 */
export function IssueRow({
  issue,
  fullReference,
  today,
  onLabelClick,
  selectable,
  selected,
  onSelectedChange,
  reorder,
}: IssueRowProps) {
  const reference = fullReference ? issue.reference : `#${issue.iid}`;
  const closed = issue.state === 'closed';
  const due = issue.dueDate?.slice(0, 10) ?? null;
  const overdue = isOverdue(due, today, issue.state);
  const labels = issue.labels?.nodes ?? [];
  const assignees = (issue.assignees?.nodes ?? []).filter((a) => a !== null);
  const typeIcon = TYPE_ICONS[issue.type ?? 'ISSUE'] ?? 'issues';
  return (
    <li
      {...reorder}
      className={[styles.row, selected && styles.rowSelected, reorder.className].filter(Boolean).join(' ')}
      data-issue-id={issue.id}
    >
      {selectable && (
        <div className={styles.select}>
          <Checkbox isSelected={selected} onChange={onSelectedChange} aria-label={`Select ${issue.title}`}>
            <span className="visually-hidden">Select</span>
          </Checkbox>
        </div>
      )}
      {reorder.draggable && <DragHandle />}
      <div className={styles.main}>
        <div className={styles.titleLine}>
          <Icon name={typeIcon} size={14} className={styles.typeIcon} />
          <span className="visually-hidden">{(issue.type ?? 'ISSUE').toLowerCase()}: </span>
          {issue.confidential && (
            <span className={styles.mark} title="Confidential">
              <Icon name="eye-slash" size={14} />
              <span className="visually-hidden">Confidential</span>
            </span>
          )}
          <Link
            to={issue.webPath}
            className={styles.title}
            {...{ [ROW_FOCUS_ATTRIBUTE]: '' }}
            {...hoverCardAttributes(issueTargetOfPath(issue.webPath))}
          >
            {issue.title}
          </Link>
          {issue.blocked && (
            <span
              className={`${styles.mark} ${styles.blocked}`}
              title={`Blocked by ${issue.blockedByCount ?? 0} issue(s)`}
            >
              <Icon name="blocked" size={14} />
              <span className="visually-hidden">Blocked</span>
            </span>
          )}
        </div>
        <div className={styles.metaLine}>
          <span className={styles.reference}>{reference}</span>
          <span className={styles.created} title={absoluteTime(issue.createdAt)}>
            created {timeAgo(issue.createdAt)}
          </span>
          {issue.milestone && (
            <Meta icon="milestone" label="Milestone">
              <Link
                to={issue.milestone.webPath}
                className={styles.metaLink}
                {...hoverCardAttributes({ kind: 'milestone', id: issue.milestone.id })}
              >
                {issue.milestone.title}
              </Link>
            </Meta>
          )}
          {due && (
            <Meta
              icon="calendar"
              label={overdue ? 'Due date (overdue)' : 'Due date'}
              className={overdue ? styles.overdue : undefined}
            >
              <span title={formatCalendarDate(due)}>{relativeDueDateText(due, today) ?? formatCalendarDate(due)}</span>
            </Meta>
          )}
          {issue.weight !== null && issue.weight !== undefined && (
            <Meta icon="weight" label="Weight">
              {issue.weight}
            </Meta>
          )}
          {issue.healthStatus && (
            <span className={`${styles.health} ${HEALTH_CLASS[issue.healthStatus] ?? ''}`}>
              {HEALTH_STATUS_TITLES[issue.healthStatus] ?? issue.healthStatus}
            </span>
          )}
          {labels.map((label) => {
            const color = labelSwatchColor(label.color);
            return (
              <button
                key={label.id}
                type="button"
                className={styles.label}
                onClick={() => onLabelClick(label.title)}
                aria-label={`Filter by label ${label.title}`}
              >
                <span className={styles.labelSwatch} style={color ? { backgroundColor: color } : undefined} />
                {label.title}
              </button>
            );
          })}
        </div>
      </div>
      <div className={styles.side}>
        {closed && <span className={styles.closed}>Closed</span>}
        {assignees.length > 0 && <AssigneeAvatarList assignees={assignees} />}
        <span className={styles.comments} title="Comments">
          <Icon name="comment" size={14} />
          <span className="visually-hidden">Comments: </span>
          {issue.userNotesCount}
        </span>
        <span className={styles.updated} title={absoluteTime(issue.updatedAt)}>
          updated {timeAgo(issue.updatedAt)}
        </span>
      </div>
    </li>
  );
}
