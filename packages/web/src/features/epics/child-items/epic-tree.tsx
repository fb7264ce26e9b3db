import { type CSSProperties, type Key, useCallback, useLayoutEffect, useRef, useState } from 'react';
import {
  Button as AriaButton,
  DropIndicator,
  Tree,
  TreeItem,
  TreeItemContent,
  useDragAndDrop,
} from 'react-aria-components';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import styles from './epic-tree.module.css';
import { checkDrop, type DropPosition, type TreeRoot } from './tree-drop.ts';
import { TreeItemRow } from './tree-item-row.tsx';
import { type Branch, branchChildren, type ChildEpic, childKey, type TreeChild } from './tree-model.ts';
import { useDragHoverExpand } from './use-drag-hover-expand.ts';
import { type BranchState, ROOT } from './use-epic-tree.ts';

export type EpicTreeProps = {
  branches: Record<string, BranchState>;
  expandedKeys: ReadonlySet<string>;
  onExpandedChange: (keys: ReadonlySet<string>, epics: readonly ChildEpic[]) => void;
  onShowMore: (key: string) => void;
  /** Whether the viewer may remove and reorder the children of the epic `key` (ROOT or an epic id). */
  canAdminRelation: (key: string) => boolean;
  onRemove: (child: TreeChild, parentKey: string) => void;
  onMove: (parentKey: string, child: TreeChild, direction: 'up' | 'down') => void;
  /** Drag and drop (only when the viewer may change the tree): reorder, or move under another epic. */
  onDrop?: (movedKey: string, targetKey: string, position: DropPosition) => void;
  /** The tree's own epic, for the drop rules (group hierarchy, depth, confidentiality). */
  root: TreeRoot;
  showLabels: boolean;
};

/** A refused drop target while dragging: the row and why it cannot take the item. */
type Refusal = { key: string; text: string };

/**
 * While dragging, why the row under the pointer cannot take the dragged item, drawn under that row
 * like a tooltip and announced. React Aria asks about several positions of one row (on, before,
 * after): a refusal stays until the pointer reaches another row that accepts the item.
 */
function useDropRefusal() {
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const current = useRef<Refusal | null>(null);
  const report = useCallback((key: string | null, text: string | null) => {
    const previous = current.current;
    let next: Refusal | null = previous;
    if (key === null) next = null;
    else if (text !== null) next = { key, text };
    else if (previous && previous.key !== key) next = null;
    if (next?.key === previous?.key && next?.text === previous?.text) return;
    current.current = next;
    // Asked while React Aria renders its drop state: update after it.
    queueMicrotask(() => setRefusal(next));
  }, []);
  return { refusal, report };
}

function RefusalBubble({
  refusal,
  containerRef,
}: {
  refusal: Refusal | null;
  containerRef: { current: HTMLElement | null };
}) {
  const [top, setTop] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!refusal) return setTop(null);
    const row = containerRef.current?.querySelector<HTMLElement>(`[data-tree-key="${CSS.escape(refusal.key)}"]`);
    const container = containerRef.current;
    if (!row || !container) return setTop(null);
    setTop(row.getBoundingClientRect().bottom - container.getBoundingClientRect().top + 4);
  }, [refusal, containerRef]);
  return (
    <div className={styles.refusal} role="status" hidden={!refusal || top === null} style={{ top: top ?? 0 }}>
      {refusal ? `Cannot move here: ${refusal.text}` : ''}
    </div>
  );
}

function allEpics(branches: Record<string, BranchState>): ChildEpic[] {
  return Object.values(branches).flatMap((b) => b.branch?.epics ?? []);
}

function hasMore(branch: Branch | undefined): boolean {
  return Boolean(branch && (branch.hasMoreEpics || branch.hasMoreIssues));
}

/**
 * The tree of child epics and issues (React Aria Tree: arrow keys move between rows, Right and
 * Left expand and collapse epics). Children of an epic are fetched on its first expansion.
 */
export function EpicTree(props: EpicTreeProps) {
  const { branches, expandedKeys, onExpandedChange } = props;
  const handleExpandedChange = (keys: Set<Key>) => {
    onExpandedChange(new Set([...keys].map(String)), allEpics(branches));
  };
  const dragged = useRef<string | null>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const { refusal, report } = useDropRefusal();
  // Hovering over a collapsed epic with children while dragging expands it (and never collapses it).
  const dragHover = useDragHoverExpand((key) => {
    const epic = allEpics(branches).find((e) => e.id === key);
    if (epic && !expandedKeys.has(key) && (epic.hasChildren || epic.hasIssues)) {
      onExpandedChange(new Set([...expandedKeys, key]), allEpics(branches));
    }
  });
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
    getAllowedDropOperations: () => ['move'],
    renderDropIndicator: (target) => <DropIndicator target={target} className={styles.dropIndicator} />,
    onDragStart: (e) => {
      dragged.current = String([...e.keys][0] ?? '');
    },
    onDragEnd: () => {
      dragged.current = null;
      report(null, null);
      dragHover.cancel();
    },
    getDropOperation: (target) => {
      dragHover.hover(target.type === 'item' ? String(target.key) : null);
      if (target.type !== 'item' || !dragged.current) return 'cancel';
      const key = String(target.key);
      const { plan, refusal: reason } = checkDrop(branches, props.root, dragged.current, key, target.dropPosition);
      report(key, reason);
      return plan ? 'move' : 'cancel';
    },
    onMove: (e) => {
      const moved = [...e.keys][0];
      if (moved === undefined || e.target.type !== 'item') return;
      props.onDrop?.(String(moved), String(e.target.key), e.target.dropPosition);
    },
  });
  return (
    <div ref={wrapRef} className={styles.treeWrap}>
      <Tree
        aria-label="Child issues and epics"
        className={styles.tree}
        expandedKeys={expandedKeys}
        onExpandedChange={handleExpandedChange}
        dragAndDropHooks={props.onDrop ? dragAndDropHooks : undefined}
      >
        {renderBranch(ROOT, props)}
      </Tree>
      {props.onDrop && <RefusalBubble refusal={refusal} containerRef={wrapRef} />}
    </div>
  );
}

/**
 * A never-shown child row of a collapsed epic whose children are not loaded yet: React Aria's tree
 * only treats a row as expandable (aria-expanded, Right arrow) when it has child rows.
 */
function collapsedPlaceholder(key: string) {
  return (
    <TreeItem id={`placeholder:${key}`} textValue="" className={styles.item}>
      <TreeItemContent>
        <span />
      </TreeItemContent>
    </TreeItem>
  );
}

function renderBranch(key: string, props: EpicTreeProps) {
  const state = props.branches[key];
  const branch = state?.branch;
  const children = branch ? branchChildren(branch) : [];
  const canAdmin = props.canAdminRelation(key);
  const rows = children.map((child) => {
    const siblings = child.kind === 'epic' ? (branch?.epics ?? []) : (branch?.issues ?? []);
    const index = siblings.findIndex((s) => s.id === child.item.id);
    const expandable = child.kind === 'epic' && (child.item.hasChildren || child.item.hasIssues);
    const expanded = child.kind === 'epic' && props.expandedKeys.has(child.item.id);
    const canRemove =
      child.kind === 'epic'
        ? canAdmin && child.item.userPermissions.adminEpicRelation
        : canAdmin && Boolean(child.item.relationPath);
    return (
      <TreeItem
        key={childKey(child)}
        id={childKey(child)}
        textValue={child.item.title ?? ''}
        hasChildItems={expandable}
        className={styles.item}
      >
        <TreeItemContent>
          {({ level }) => (
            <div
              className={styles.rowInner}
              data-tree-key={childKey(child)}
              style={
                {
                  paddingInlineStart: `calc(${level - 1} * var(--space-6))`,
                  '--tree-depth': level - 1,
                } as CSSProperties
              }
            >
              {props.onDrop && canAdmin && (
                <AriaButton slot="drag" className={styles.dragHandle} aria-label={`Drag ${child.item.title ?? ''}`}>
                  <Icon name="menu" />
                </AriaButton>
              )}
              {expandable ? (
                <AriaButton slot="chevron" className={styles.chevron}>
                  <Icon name={expanded ? 'chevron-down' : 'chevron-right'} />
                </AriaButton>
              ) : (
                <span className={styles.chevronSpace} />
              )}
              <TreeItemRow
                child={child}
                showLabels={props.showLabels}
                canRemove={canRemove}
                canMoveUp={canAdmin && index > 0}
                canMoveDown={canAdmin && index >= 0 && index < siblings.length - 1}
                onRemove={() => props.onRemove(child, key)}
                onMove={(direction) => props.onMove(key, child, direction)}
              />
            </div>
          )}
        </TreeItemContent>
        {expanded ? renderBranch(child.item.id, props) : expandable ? collapsedPlaceholder(child.item.id) : null}
      </TreeItem>
    );
  });
  if (state?.loading) {
    rows.push(
      <TreeItem key={`loading:${key}`} id={`loading:${key}`} textValue="Loading" className={styles.item}>
        <TreeItemContent>
          <div className={styles.status} role="status">
            Loading…
          </div>
        </TreeItemContent>
      </TreeItem>,
    );
  } else if (key !== ROOT && branch && children.length === 0) {
    rows.push(
      <TreeItem key={`none:${key}`} id={`none:${key}`} textValue="No child items you can see" className={styles.item}>
        <TreeItemContent>
          <div className={styles.status}>No child items you can see.</div>
        </TreeItemContent>
      </TreeItem>,
    );
  } else if (state?.error && !branch) {
    rows.push(
      <TreeItem key={`error:${key}`} id={`error:${key}`} textValue="Could not load" className={styles.item}>
        <TreeItemContent>
          <div className={styles.status}>Something went wrong while fetching child epics.</div>
        </TreeItemContent>
      </TreeItem>,
    );
  } else if (hasMore(branch)) {
    rows.push(
      <TreeItem key={`more:${key}`} id={`more:${key}`} textValue="Show more" className={styles.item}>
        <TreeItemContent>
          <div className={styles.more}>
            <Button compact onPress={() => props.onShowMore(key)}>
              Show more
            </Button>
          </div>
        </TreeItemContent>
      </TreeItem>,
    );
  }
  return rows;
}
