import { Button as AriaButton, Focusable, Link } from 'react-aria-components';
import { AssigneeAvatarList } from '../../../components/planning/assignee-avatar-list.tsx';
import { MilestoneDetails } from '../../../components/planning/milestone-details.tsx';
import { PlanningTooltip } from '../../../components/planning/planning-tooltip.tsx';
import { Icon, type IconName } from '../../../components/ui/icon.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import styles from './tree-item-row.module.css';
import type { ChildIssue, TreeChild } from './tree-model.ts';

const HEALTH_TEXT: Record<string, string> = {
  onTrack: 'On track',
  needsAttention: 'Needs attention',
  atRisk: 'At risk',
};

type Label = { id: string; title: string; color: string; textColor: string; description?: string | null };

function stateIcon(child: TreeChild): { name: IconName; tone: 'open' | 'closed' | 'blocked'; text: string } {
  const closed = child.item.state === 'closed';
  if (child.kind === 'epic')
    return { name: 'epic', tone: closed ? 'closed' : 'open', text: closed ? 'Closed epic' : 'Open epic' };
  if (!closed && child.item.blocked) return { name: 'blocked', tone: 'blocked', text: 'Blocked issue' };
  return {
    name: closed ? 'success' : 'issues',
    tone: closed ? 'closed' : 'open',
    text: closed ? 'Closed issue' : 'Open issue',
  };
}

/** 'Created Nov 2, 2026' or 'Closed Nov 9, 2026' for the state tooltip. */
export function stateTooltipText(child: TreeChild): string {
  const closed = child.item.state === 'closed';
  const at = formatDate(closed ? child.item.closedAt : child.item.createdAt);
  return closed ? `Closed ${at}`.trim() : `Created ${at}`.trim();
}

function LabelPills({ labels }: { labels: readonly Label[] }) {
  if (labels.length === 0) return null;
  return (
    <ul className={styles.labels} aria-label="Labels">
      {labels.map((label) => (
        <li
          key={label.id}
          className={styles.label}
          style={{ backgroundColor: label.color, color: label.textColor }}
          title={label.description ?? undefined}
        >
          {label.title}
        </li>
      ))}
    </ul>
  );
}

/** A count with an icon and a spoken explanation ('2 of 3 child epics closed'). */
function Count({ icon, closed, total, spoken }: { icon: IconName; closed: number; total: number; spoken: string }) {
  return (
    <span className={styles.count}>
      <Icon name={icon} />
      <span aria-hidden="true">
        {closed}/{total}
      </span>
      <span className="visually-hidden">{spoken}</span>
    </span>
  );
}

function EpicCounts({ child }: { child: Extract<TreeChild, { kind: 'epic' }> }) {
  const counts = child.item.descendantCounts;
  const weights = child.item.descendantWeightSum;
  const health = child.item.healthStatus;
  return (
    <>
      {counts && (
        <>
          <Count
            icon="epic"
            closed={counts.closedEpics}
            total={counts.openedEpics + counts.closedEpics}
            spoken={`${counts.closedEpics} of ${counts.openedEpics + counts.closedEpics} child epics closed`}
          />
          <Count
            icon="issues"
            closed={counts.closedIssues}
            total={counts.openedIssues + counts.closedIssues}
            spoken={`${counts.closedIssues} of ${counts.openedIssues + counts.closedIssues} issues closed`}
          />
        </>
      )}
      {weights && weights.openedIssues + weights.closedIssues > 0 && (
        <span className={styles.count}>
          <span aria-hidden="true">
            Weight {weights.closedIssues}/{weights.openedIssues + weights.closedIssues}
          </span>
          <span className="visually-hidden">
            Weight {weights.closedIssues} of {weights.openedIssues + weights.closedIssues} completed
          </span>
        </span>
      )}
      {health && health.issuesOnTrack > 0 && (
        <span className={`${styles.health} ${styles.onTrack}`}>{health.issuesOnTrack} on track</span>
      )}
      {health && health.issuesNeedingAttention > 0 && (
        <span className={`${styles.health} ${styles.needsAttention}`}>
          {health.issuesNeedingAttention} need attention
        </span>
      )}
      {health && health.issuesAtRisk > 0 && (
        <span className={`${styles.health} ${styles.atRisk}`}>{health.issuesAtRisk} at risk</span>
      )}
    </>
  );
}

function IssueMeta({ issue }: { issue: ChildIssue }) {
  return (
    <>
      {issue.milestone && <MilestoneDetails milestone={issue.milestone} className={styles.milestone} />}
      {issue.weight != null && <span className={styles.count}>Weight {issue.weight}</span>}
      {issue.healthStatus && (
        <span className={`${styles.health} ${styles[issue.healthStatus]}`}>{HEALTH_TEXT[issue.healthStatus]}</span>
      )}
    </>
  );
}

export type TreeItemRowProps = {
  child: TreeChild;
  showLabels: boolean;
  canRemove: boolean;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onRemove: () => void;
  onMove: (direction: 'up' | 'down') => void;
};

/** One row of the tree: icon, title, reference, metadata, and the row's actions. */
export function TreeItemRow({
  child,
  showLabels,
  canRemove,
  canMoveUp,
  canMoveDown,
  onRemove,
  onMove,
}: TreeItemRowProps) {
  const icon = stateIcon(child);
  const { item } = child;
  const labels = item.labels?.nodes ?? [];
  const title = item.title ?? '';
  return (
    <div className={styles.row} data-kind={child.kind} data-state={item.state}>
      <div className={styles.main}>
        <div className={styles.titleLine}>
          <PlanningTooltip content={stateTooltipText(child)}>
            <Focusable>
              <span className={`${styles.stateIcon} ${styles[icon.tone]}`} role="img" aria-label={icon.text}>
                <Icon name={icon.name} />
              </span>
            </Focusable>
          </PlanningTooltip>
          {item.confidential && (
            <span className={styles.confidential}>
              <Icon name="eye-slash" label="Confidential" />
            </span>
          )}
          <Link href={item.webPath} className={styles.title}>
            {title}
          </Link>
        </div>
        <div className={styles.meta}>
          <span className={styles.reference}>{item.reference}</span>
          {child.kind === 'issue' && <IssueMeta issue={child.item} />}
          {child.kind === 'epic' && <EpicCounts child={child} />}
        </div>
        {showLabels && <LabelPills labels={labels} />}
      </div>
      <div className={styles.aside}>
        {child.kind === 'issue' && (
          <AssigneeAvatarList assignees={child.item.assignees?.nodes ?? []} size={24} className={styles.assignees} />
        )}
        {(canMoveUp || canMoveDown) && (
          <>
            <AriaButton
              className={styles.action}
              aria-label={`Move ${title} up`}
              isDisabled={!canMoveUp}
              onPress={() => onMove('up')}
            >
              <Icon name="chevron-down" className={styles.up} />
            </AriaButton>
            <AriaButton
              className={styles.action}
              aria-label={`Move ${title} down`}
              isDisabled={!canMoveDown}
              onPress={() => onMove('down')}
            >
              <Icon name="chevron-down" />
            </AriaButton>
          </>
        )}
        {canRemove && (
          <AriaButton className={styles.action} aria-label={`Remove ${title}`} onPress={onRemove}>
            <Icon name="close" />
          </AriaButton>
        )}
      </div>
    </div>
  );
}
