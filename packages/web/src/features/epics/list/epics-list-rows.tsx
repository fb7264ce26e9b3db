import { ReorderHint, useManualReorder } from '../../../components/issuable-list/manual-reorder.tsx';
import type { EpicsListEpicFragment } from '../../../gql/graphql.ts';
import styles from './epics-list.module.css';
import { EpicsListRow } from './epics-list-row.tsx';

/** The message when a manual move fails (GitLab's wording for issues, said of epics). */
export const EPICS_REORDER_ERROR = 'An error occurred while reordering epics.';

type EpicsListRowsProps = {
  epics: readonly EpicsListEpicFragment[];
  groupPath: string;
  labelHref: (title: string) => string;
  /** Manual sort: rows the viewer may move can be dragged, or moved with Alt+ArrowUp/ArrowDown. */
  reorderable: boolean;
  onReordered: () => Promise<unknown>;
};

/** The page's epics, keyboard-navigable, and in manual order reorderable as the issue lists' rows. */
export function EpicsListRows({ epics, groupPath, labelHref, reorderable, onReordered }: EpicsListRowsProps) {
  const { handleKeyDown, rowProps } = useManualReorder({
    rows: epics,
    enabled: reorderable,
    errorMessage: EPICS_REORDER_ERROR,
    onReordered,
  });
  return (
    <>
      <ul
        className={styles.list}
        aria-label="Epics"
        onKeyDown={handleKeyDown}
        aria-describedby={reorderable ? 'epics-reorder-hint' : undefined}
      >
        {epics.map((epic, index) => (
          <EpicsListRow
            key={epic.id}
            epic={epic}
            groupPath={groupPath}
            labelHref={labelHref}
            reorder={rowProps(index, epic.userPermissions.adminEpicRelation)}
          />
        ))}
      </ul>
      {reorderable && <ReorderHint id="epics-reorder-hint" what="an epic" />}
    </>
  );
}
