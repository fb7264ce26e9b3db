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
