import { Link } from 'react-router';
import { type IssuableAction, IssuableActionsMenu } from '../../components/planning/issuable-actions-menu.tsx';
import { LabelChip } from '../../components/planning/label-picker-chip.tsx';
import { Button } from '../../components/ui/button.tsx';
import { routes } from '../../lib/routes.ts';
import styles from './labels.module.css';
import type { RestLabel } from './labels-requests.ts';
import type { PlanningScope } from './planning-scope.ts';

export type LabelRowActions = {
  canSubscribe: boolean;
  /** Edit and delete (the scope's own labels). */
  canAdmin: boolean;
  /** The star: project pages, Reporter and above. */
  canPrioritize: boolean;
  /** 'Promote to group label' (project labels, admin on the group). */
  canPromote: boolean;
  onEdit: (label: RestLabel) => void;
  onDelete: (label: RestLabel) => void;
  onPromote: (label: RestLabel) => void;
  onToggleSubscription: (label: RestLabel) => void;
  onTogglePriority: (label: RestLabel) => void;
};

/** The issue list filtered by one label, in the scope. */
function issuesWithLabel(scope: PlanningScope, title: string): string {
  const base = scope.kind === 'group' ? routes.groupIssues(scope.fullPath) : routes.projectIssues(scope.fullPath);
  return `${base}?${new URLSearchParams([['label_name[]', title]])}`;
}

/** One label: its chip, where it lives, its description, its issues, subscribe and actions. */
export function LabelRowContent({
  scope,
  label,
  actions,
}: {
  scope: PlanningScope;
  label: RestLabel;
  actions: LabelRowActions;
}) {
  const own = scope.kind === 'group' || label.is_project_label;
  const items: IssuableAction[] = [
    ...(actions.canAdmin && own ? [{ id: 'edit', label: 'Edit', onAction: () => actions.onEdit(label) }] : []),
    ...(actions.canPromote && label.is_project_label
      ? [{ id: 'promote', label: 'Promote to group label', onAction: () => actions.onPromote(label) }]
      : []),
  ];
  const endItems: IssuableAction[] =
    actions.canAdmin && own
      ? [{ id: 'delete', label: 'Delete', danger: true, onAction: () => actions.onDelete(label) }]
      : [];
  const open = label.open_issues_count ?? 0;
  return (
    <>
      <div className={styles.labelMain}>
        <LabelChip
          label={{
            id: String(label.id),
            title: label.name,
            color: label.color,
            textColor: label.text_color,
            description: label.description,
          }}
        />
        {label.description && <p className={styles.description}>{label.description}</p>}
      </div>
      <div className={styles.labelMeta}>
        <span className={styles.kind}>{label.is_project_label ? 'Project label' : 'Group label'}</span>
        <Link to={issuesWithLabel(scope, label.name)} className={styles.issuesLink}>
          {open} open {open === 1 ? 'issue' : 'issues'}
        </Link>
      </div>
      <div className={styles.labelActions}>
        {actions.canPrioritize && (
          <Button compact variant="tertiary" onPress={() => actions.onTogglePriority(label)}>
            {label.priority === null ? 'Prioritize' : 'Remove priority'}
          </Button>
        )}
        {actions.canSubscribe && (
          <Button compact onPress={() => actions.onToggleSubscription(label)}>
            {label.subscribed ? 'Unsubscribe' : 'Subscribe'}
          </Button>
        )}
        {(items.length > 0 || endItems.length > 0) && (
          <IssuableActionsMenu label={`Actions for label ${label.name}`} items={items} endItems={endItems} />
        )}
      </div>
    </>
  );
}
