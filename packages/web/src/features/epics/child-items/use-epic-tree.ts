import type { ApolloClient } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAlerts } from '../../../app/alerts/use-alerts.ts';
import {
  EpicChildItemsQueryDocument,
  type EpicTreePageFragment,
  EpicTreeReorderMutationDocument,
  type EpicTreeReorderMutationMutationVariables,
} from '../../../gql/graphql.ts';
import { applyDrop, checkDrop, type DropPosition, type TreeRoot } from './tree-drop.ts';
import {
  CHILD_ITEMS_PAGE_SIZE,
  TREE_CONTEXT,
  TREE_FETCH_POLICY,
  takeArrivedEpicTreeFirstPage,
  takeEpicTreeFirstPage,
} from './tree-first-page.ts';
import { type Branch, type ChildEpic, type MoveDirection, moveItem, moveTarget, type TreeChild } from './tree-model.ts';

export type TreeParent = EpicTreePageFragment;

export const FETCH_CHILDREN_FAILED = 'Something went wrong while fetching child epics.';
export const REORDER_FAILED = 'Something went wrong while ordering item.';
export const MOVE_FAILED = 'Something went wrong while moving item.';

type ReorderMove = EpicTreeReorderMutationMutationVariables['input']['moved'];

/**
 * Sends one reorder or move of the tree: null when saved, else what went wrong — `fallback` (the
 * spec's text) followed by the server's reason when it gave one ('A non-confidential epic cannot…').
 */
async function saveReorder(
  client: ApolloClient,
  baseEpicId: string,
  moved: ReorderMove,
  fallback: string,
): Promise<string | null> {
  try {
    const { data } = await client.mutate({
      mutation: EpicTreeReorderMutationDocument,
      variables: { input: { baseEpicId, moved } },
    });
    if (!data?.epicTreeReorder) return fallback;
    const [reason] = data.epicTreeReorder.errors;
    return reason === undefined ? null : `${fallback} ${reason}`;
  } catch {
    return fallback;
  }
}

/** What the drop rules need to know of the tree's own epic: its group, confidentiality and level. */
function treeRootOf(parent: TreeParent): TreeRoot {
  return {
    groupFullPath: parent.group.fullPath,
    confidential: parent.confidential === true,
    depth: (parent.ancestors?.count ?? 0) + 1,
  };
}

/** The key of the tree's own epic in `branches`; child epics are keyed by their global id. */
export const ROOT = 'root';

export type BranchState = { branch?: Branch; loading: boolean; error: boolean };

type Where = { fullPath: string; iid: string };

function toBranch(epic: TreeParent, previous?: Branch): Branch {
  const epics = epic.children?.nodes ?? [];
  const issues = epic.issues.nodes;
  const epicPage = epic.children?.pageInfo;
  return {
    epics: previous ? [...previous.epics, ...epics] : epics,
    issues: previous ? [...previous.issues, ...issues] : issues,
    epicEndCursor: epicPage?.endCursor ?? previous?.epicEndCursor ?? null,
    issueEndCursor: epic.issues.pageInfo.endCursor ?? previous?.issueEndCursor ?? null,
    hasMoreEpics: epicPage?.hasNextPage ?? false,
    hasMoreIssues: epic.issues.pageInfo.hasNextPage,
  };
}

const treeKey = (fullPath: string, iid: string) => `${fullPath}&${iid}`;

/**
 * The tree's state from its first page's answer when that has already arrived (prefetched with the
 * page, `takeArrivedEpicTreeFirstPage`); undefined when it has not: the tree asks (or waits) for it.
 */
function arrivedFirstPage(fullPath: string, iid: string) {
  const answer = takeArrivedEpicTreeFirstPage(fullPath, iid);
  if (!answer) return undefined;
  const epic = answer.data?.group?.epic;
  // A missing or hidden epic: the page shows its 404.
  if (!epic) return { parent: null, branches: { [ROOT]: { loading: false, error: true } } };
  return { parent: epic, branches: { [ROOT]: { branch: toBranch(epic), loading: false, error: false } } };
}

/**
 * The child-items tree of one epic: its first page of children, children of expanded epics
 * (fetched on first expansion, reused later), 'Show more' pages, reload after a change, and the
 * optimistic reorder. Pages come from GraphQL without caching (spec 001 §7 "no caching").
 */
export function useEpicTree(groupFullPath: string, iid: string) {
  const client = useApolloClient();
  const { pushAlert } = useAlerts();
  // The first page when its prefetched answer is already here: drawn in the tree's first render.
  const [arrived] = useState(() => arrivedFirstPage(groupFullPath, iid));
  const [parent, setParent] = useState<TreeParent | null>(arrived?.parent ?? null);
  const [branches, setBranches] = useState<Record<string, BranchState>>(arrived?.branches ?? {});
  /** Which epic's tree the state holds (its first page asked for or drawn from an arrived answer). */
  const loadedFor = useRef<string | null>(arrived ? treeKey(groupFullPath, iid) : null);
  const [expandedKeys, setExpandedKeys] = useState<ReadonlySet<string>>(new Set());
  /** Why the last reorder or move failed: shown beside the tree, where the change was made. */
  const [changeError, setChangeError] = useState<string | null>(null);
  const places = useRef(new Map<string, Where>([[ROOT, { fullPath: groupFullPath, iid }]]));
  const branchesRef = useRef(branches);
  branchesRef.current = branches;
  /** How many times each branch's first page was asked for: a newer ask supersedes older answers. */
  const firstPagesAsked = useRef(new Map<string, number>());

  const fetchPage = useCallback(
    async (key: string, previous?: Branch): Promise<void> => {
      const where = places.current.get(key);
      if (!where) return;
      // Answers can arrive out of order (an expand's and a reload's after a move): an answer for a
      // branch whose first page was asked for again since is older than the one still coming, and is
      // dropped. A 'Show more' page continues the branch it was asked on, so a new first page drops it too.
      const asked = (firstPagesAsked.current.get(key) ?? 0) + (previous ? 0 : 1);
      firstPagesAsked.current.set(key, asked);
      const superseded = () => firstPagesAsked.current.get(key) !== asked;
      setBranches((current) => ({ ...current, [key]: { ...current[key], loading: true, error: false } }));
      try {
        const { data } = await (previous
          ? client.query({
              query: EpicChildItemsQueryDocument,
              variables: {
                ...where,
                pageSize: CHILD_ITEMS_PAGE_SIZE,
                epicEndCursor: previous.hasMoreEpics ? previous.epicEndCursor : undefined,
                issueEndCursor: previous.hasMoreIssues ? previous.issueEndCursor : undefined,
              },
              fetchPolicy: TREE_FETCH_POLICY,
              context: TREE_CONTEXT,
            })
          : takeEpicTreeFirstPage(client, where.fullPath, where.iid));
        if (superseded()) return;
        const epic = data?.group?.epic;
        if (!epic) {
          // A missing or hidden epic: the page shows its 404 (no alert about child epics).
          setBranches((current) => ({ ...current, [key]: { ...current[key], loading: false, error: true } }));
          return;
        }
        const page = previous
          ? {
              ...epic,
              children: previous.hasMoreEpics
                ? epic.children
                : { ...epic.children, nodes: [], pageInfo: { hasNextPage: false, endCursor: previous.epicEndCursor } },
              issues: previous.hasMoreIssues
                ? epic.issues
                : { ...epic.issues, nodes: [], pageInfo: { hasNextPage: false, endCursor: previous.issueEndCursor } },
            }
          : epic;
        if (key === ROOT) setParent(epic);
        setBranches((current) => ({
          ...current,
          [key]: { branch: toBranch(page as TreeParent, previous), loading: false, error: false },
        }));
      } catch {
        if (superseded()) return;
        pushAlert({ variant: 'danger', message: FETCH_CHILDREN_FAILED });
        setBranches((current) => ({ ...current, [key]: { ...current[key], loading: false, error: true } }));
      }
    },
    [client, pushAlert],
  );

  useEffect(() => {
    if (loadedFor.current === treeKey(groupFullPath, iid)) return;
    loadedFor.current = treeKey(groupFullPath, iid);
    places.current.set(ROOT, { fullPath: groupFullPath, iid });
    setBranches({});
    setExpandedKeys(new Set());
    void fetchPage(ROOT);
  }, [groupFullPath, iid, fetchPage]);

  /** Expands or collapses child epics; the first expansion of an epic fetches its children. */
  const changeExpanded = useCallback(
    (keys: ReadonlySet<string>, epics: readonly ChildEpic[]) => {
      for (const key of keys) {
        if (expandedKeys.has(key)) continue;
        const epic = epics.find((e) => e.id === key);
        if (epic) places.current.set(key, { fullPath: epic.group.fullPath, iid: epic.iid });
        if (!branchesRef.current[key]?.branch) void fetchPage(key);
      }
      setExpandedKeys(keys);
    },
    [expandedKeys, fetchPage],
  );

  const showMore = useCallback(
    (key: string) => {
      const branch = branchesRef.current[key]?.branch;
      if (branch) void fetchPage(key, branch);
    },
    [fetchPage],
  );

  /** Fetches the first page of every loaded branch again (after an add, create or remove). */
  const reload = useCallback(async () => {
    const keys = Object.keys(branchesRef.current);
    await Promise.all(keys.map((key) => fetchPage(key)));
  }, [fetchPage]);

  /** Moves a child one place up or down among its siblings of the same kind, optimistically. */
  const move = useCallback(
    async (key: string, child: TreeChild, direction: MoveDirection) => {
      const before = branchesRef.current[key]?.branch;
      if (!before || !parent) return;
      let moved: string;
      let adjacent: string;
      let after: Branch;
      if (child.kind === 'epic') {
        const target = moveTarget(before.epics, child.item.id, direction);
        if (!target) return;
        moved = child.item.id;
        adjacent = target.id;
        after = { ...before, epics: moveItem(before.epics, child.item.id, direction) };
      } else {
        const target = moveTarget(before.issues, child.item.id ?? '', direction);
        if (!target) return;
        moved = child.item.epicIssueId;
        adjacent = target.epicIssueId;
        after = { ...before, issues: moveItem(before.issues, child.item.id ?? '', direction) };
      }
      setBranches((current) => ({
        ...current,
        [key]: { ...current[key], loading: false, error: false, branch: after },
      }));
      setChangeError(null);
      const failure = await saveReorder(
        client,
        parent.id,
        {
          id: moved,
          adjacentReferenceId: adjacent,
          // 'after': the adjacent item ends up after the moved one.
          relativePosition: direction === 'up' ? 'after' : 'before',
        },
        REORDER_FAILED,
      );
      if (failure) {
        setBranches((current) => ({
          ...current,
          [key]: { ...current[key], loading: false, error: false, branch: before },
        }));
        setChangeError(failure);
      }
    },
    [client, parent],
  );

  /** The facts about the tree's own epic the drop rules need (null until it is loaded). */
  const root = useMemo(() => (parent ? treeRootOf(parent) : null), [parent]);

  /**
   * A drag-and-drop: reorders among siblings or moves under another epic, optimistically; reverted
   * with the reason beside the tree when the server refuses. Returns false when the drop is not allowed.
   */
  const drop = useCallback(
    async (movedKey: string, targetKey: string, position: DropPosition) => {
      const before = branchesRef.current;
      if (!parent || !root) return false;
      const { plan, refusal } = checkDrop(before, root, movedKey, targetKey, position);
      if (refusal) setChangeError(refusal);
      if (!plan) return false;
      const newParentId =
        plan.sourceKey === plan.targetKey ? undefined : plan.targetKey === ROOT ? parent.id : plan.targetKey;
      const id = plan.child.kind === 'epic' ? plan.child.item.id : plan.child.item.epicIssueId;
      const adjacent = plan.adjacent
        ? plan.adjacent.kind === 'epic'
          ? plan.adjacent.item.id
          : plan.adjacent.item.epicIssueId
        : undefined;
      setBranches(applyDrop(before, plan));
      setChangeError(null);
      const failure = await saveReorder(
        client,
        parent.id,
        {
          id,
          adjacentReferenceId: adjacent,
          // 'after': the adjacent item ends up after the moved one.
          relativePosition: adjacent ? (plan.place === 'before' ? 'after' : 'before') : undefined,
          newParentId,
        },
        newParentId ? MOVE_FAILED : REORDER_FAILED,
      );
      if (failure) {
        setBranches(before);
        setChangeError(failure);
      } else if (newParentId) await reload();
      return true;
    },
    [client, parent, root, reload],
  );

  const dismissChangeError = useCallback(() => setChangeError(null), []);

  return {
    parent,
    root,
    branches,
    expandedKeys,
    changeExpanded,
    showMore,
    reload,
    move,
    drop,
    changeError,
    dismissChangeError,
  };
}
