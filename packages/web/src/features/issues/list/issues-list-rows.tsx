import { ReorderHint, useManualReorder } from '../../../components/issuable-list/manual-reorder.tsx';
import type { IssuesListIssueFragment } from '../../../gql/graphql.ts';
import { preferredToday } from '../../../lib/format-date.ts';
import { IssueRow } from './issue-row.tsx';
import styles from './issues-list.module.css';

/** GitLab's message when a manual move fails. */
export const REORDER_ERROR = 'An error occurred while reordering issues.';

type IssuesListRowsProps = {
  issues: readonly IssuesListIssueFragment[];
  fullReference: boolean;
  onLabelClick: (title: string) => void;
  selectable: boolean;
  selected: ReadonlySet<string>;
  onSelectedChange: (id: string, selected: boolean) => void;
  /** Manual sort: drag rows, or Alt+ArrowUp/ArrowDown on a focused row, to move them. */
  reorderable: boolean;
  onReordered: () => Promise<void>;
};

export function IssuesListRows({
  issues,
  fullReference,
  onLabelClick,
  selectable,
  selected,
  onSelectedChange,
  reorderable,
  onReordered,
}: IssuesListRowsProps) {
  const today = preferredToday();
  const { handleKeyDown, rowProps } = useManualReorder({
    rows: issues,
    enabled: reorderable,
    errorMessage: REORDER_ERROR,
    onReordered,
  });

  return (
    <>
      <ul
        className={styles.rows}
        aria-label="Issues"
        onKeyDown={handleKeyDown}
        aria-describedby={reorderable ? 'issues-reorder-hint' : undefined}
      >
        {issues.map((issue, index) => (
          <IssueRow
            key={issue.id}
            issue={issue}
            fullReference={fullReference}
            today={today}
            onLabelClick={onLabelClick}
            selectable={selectable}
            selected={selected.has(issue.id)}
            onSelectedChange={(on) => onSelectedChange(issue.id, on)}
            reorder={rowProps(index)}
          />
        ))}
      </ul>
      {reorderable && <ReorderHint id="issues-reorder-hint" what="an issue" />}
    </>
  );
}
