/**
 * Drag and drop in the child-items tree, as pure functions: what a drop means (reorder among
 * siblings or move under another epic) and the optimistic branches it leaves.
 */
import { type Branch, type ChildEpic, type ChildIssue, childKey, type TreeChild } from './tree-model.ts';

export type DropPosition = 'before' | 'after' | 'on';

/** A drop, resolved: the child, where it was and where it goes (next to `adjacent`, or last). */
export type DropPlan = {
  child: TreeChild;
  sourceKey: string;
  targetKey: string;
  adjacent: TreeChild | null;
  place: 'before' | 'after' | 'end';
};

type Branches = Record<string, { branch?: Branch }>;

/** The child with tree key `key` and the key of the branch (parent) it is in. */
export function findChild(branches: Branches, key: string): { child: TreeChild; parentKey: string } | null {
  for (const [parentKey, state] of Object.entries(branches)) {
    const epic = state.branch?.epics.find((e) => e.id === key);
    if (epic) return { child: { kind: 'epic', item: epic }, parentKey };
    const issue = state.branch?.issues.find((i) => childKey({ kind: 'issue', item: i }) === key);
    if (issue) return { child: { kind: 'issue', item: issue }, parentKey };
  }
  return null;
}

/** Whether `ancestorKey` is `key` or one of its loaded ancestors (an epic cannot go under itself). */
function isWithin(branches: Branches, key: string, ancestorKey: string): boolean {
  let current: string | null = key;
  while (current) {
    if (current === ancestorKey) return true;
    current = findChild(branches, current)?.parentKey ?? null;
  }
  return false;
}

/** The tree's own epic: what the drop rules need to know of the root of the branches. */
export type TreeRoot = { groupFullPath: string; confidential: boolean /** 1 for a top-level epic */; depth: number };

/** The most levels an epic tree has (GitLab's `MAX_HIERARCHY_DEPTH`). */
export const MAX_EPIC_DEPTH = 7;

/** Why a drop is refused (the reason shown beside the pointer while dragging). */
export const DROP_REFUSALS = {
  otherGroup: 'This epic cannot be added. An epic must belong to the same group or subgroup as its parent epic.',
  tooDeep: `Epics can be nested ${MAX_EPIC_DEPTH} levels deep at most.`,
  confidentialEpic: 'A non-confidential epic cannot be assigned to a confidential parent epic.',
  confidentialIssue: 'A non-confidential issue cannot be added to a confidential epic.',
} as const;

/** How many levels the loaded subtree of `key` spans (1 for a leaf; an unloaded epic with children counts 2). */
function subtreeHeight(branches: Branches, key: string, epic: ChildEpic): number {
  const branch = branches[key]?.branch;
  if (!branch) return epic.hasChildren ? 2 : 1;
  let deepest = 0;
  for (const child of branch.epics) deepest = Math.max(deepest, subtreeHeight(branches, child.id, child));
  return 1 + deepest;
}

/** The level of branch `key` below the root (0 for the root itself). */
function levelOf(branches: Branches, key: string): number {
  let level = 0;
  for (let current = findChild(branches, key); current; current = findChild(branches, current.parentKey)) level++;
  return level;
}

/**
 * Why the epic `parentKey` (the root, or a loaded epic) cannot hold `child`: another group hierarchy,
 * too deep a tree, or a confidential parent for a public child — the server's rules, checked while
 * dragging. Null when the drop may go ahead (the server has the last word).
 */
export function dropRefusal(branches: Branches, root: TreeRoot, child: TreeChild, parentKey: string): string | null {
  // The root is no child of any branch: then `parent` is undefined and the root's facts apply.
  const parent = findChild(branches, parentKey)?.child;
  const parentEpic = parent?.kind === 'epic' ? parent.item : null;
  const parentGroup = parentEpic ? parentEpic.group.fullPath : root.groupFullPath;
  const parentConfidential = parentEpic ? parentEpic.confidential === true : root.confidential;
  if (child.kind === 'issue') {
    return parentConfidential && !child.item.confidential ? DROP_REFUSALS.confidentialIssue : null;
  }
  const group = child.item.group.fullPath;
  if (group !== parentGroup && !group.startsWith(`${parentGroup}/`)) return DROP_REFUSALS.otherGroup;
  const parentDepth = root.depth + levelOf(branches, parentKey);
  if (parentDepth + subtreeHeight(branches, child.item.id, child.item) > MAX_EPIC_DEPTH) return DROP_REFUSALS.tooDeep;
  if (parentConfidential && !child.item.confidential) return DROP_REFUSALS.confidentialEpic;
  return null;
}

/** What dropping `movedKey` at `targetKey` / `position` does, or null when the drop is not allowed. */
export function planDrop(
  branches: Branches,
  movedKey: string,
  targetKey: string,
  position: DropPosition,
): DropPlan | null {
  const moved = findChild(branches, movedKey);
  const target = findChild(branches, targetKey);
  if (!moved || !target || movedKey === targetKey) return null;
  if (position === 'on') {
    if (target.child.kind !== 'epic') return null;
    if (moved.child.kind === 'epic' && isWithin(branches, targetKey, movedKey)) return null;
    if (moved.parentKey === targetKey) return null;
    return { child: moved.child, sourceKey: moved.parentKey, targetKey, adjacent: null, place: 'end' };
  }
  if (moved.child.kind === 'epic' && isWithin(branches, target.parentKey, movedKey)) return null;
  if (target.child.kind === moved.child.kind) {
    return {
      child: moved.child,
      sourceKey: moved.parentKey,
      targetKey: target.parentKey,
      adjacent: target.child,
      place: position,
    };
  }
  // Epics always come before issues: a drop next to the other kind only moves between parents.
  if (target.parentKey === moved.parentKey) return null;
  return { child: moved.child, sourceKey: moved.parentKey, targetKey: target.parentKey, adjacent: null, place: 'end' };
}

function withPositions<T extends { relativePosition?: number | null }>(items: T[]): T[] {
  return items.map((item, index) => ({ ...item, relativePosition: index }));
}

function insert<T extends { id?: string | null }>(
  list: readonly T[],
  item: T,
  adjacentId: string | null,
  place: DropPlan['place'],
): T[] {
  const rest = list.filter((i) => i.id !== item.id);
  const at = adjacentId ? rest.findIndex((i) => i.id === adjacentId) : -1;
  if (at < 0 || place === 'end') return [...rest, item];
  rest.splice(place === 'before' ? at : at + 1, 0, item);
  return rest;
}

/** The branches after `plan`: the child leaves its old branch and joins the new one (if loaded). */
export function applyDrop<S extends { branch?: Branch }>(
  branches: Record<string, S>,
  plan: DropPlan,
): Record<string, S> {
  const next = { ...branches };
  const source = branches[plan.sourceKey]?.branch;
  const target = plan.sourceKey === plan.targetKey ? source : branches[plan.targetKey]?.branch;
  const { child } = plan;
  const adjacentId = plan.adjacent?.item.id ?? null;
  if (source && plan.sourceKey !== plan.targetKey) {
    next[plan.sourceKey] = {
      ...branches[plan.sourceKey],
      branch: {
        ...source,
        epics: source.epics.filter((e) => e.id !== child.item.id),
        issues: source.issues.filter((i) => i.id !== child.item.id),
      },
    } as S;
  }
  if (target) {
    const ordered = (list: readonly { relativePosition?: number | null }[]) =>
      [...list].sort(
        (a, b) => (a.relativePosition ?? Number.MAX_SAFE_INTEGER) - (b.relativePosition ?? Number.MAX_SAFE_INTEGER),
      );
    next[plan.targetKey] = {
      ...branches[plan.targetKey],
      branch:
        child.kind === 'epic'
          ? {
              ...target,
              epics: withPositions(insert(ordered(target.epics) as ChildEpic[], child.item, adjacentId, plan.place)),
            }
          : {
              ...target,
              issues: withPositions(insert(ordered(target.issues) as ChildIssue[], child.item, adjacentId, plan.place)),
            },
    } as S;
  }
  return next;
}

/**
 * A drop checked as it would be made: its plan, or the reason it is refused (a move to another
 * parent breaking the tree's rules). Both null for a drop that means nothing (onto an issue, …).
 */
export function checkDrop(
  branches: Branches,
  root: TreeRoot,
  movedKey: string,
  targetKey: string,
  position: DropPosition,
): { plan: DropPlan | null; refusal: string | null } {
  const plan = planDrop(branches, movedKey, targetKey, position);
  if (!plan || plan.sourceKey === plan.targetKey) return { plan, refusal: null };
  const refusal = dropRefusal(branches, root, plan.child, plan.targetKey);
  return refusal ? { plan: null, refusal } : { plan, refusal: null };
}
