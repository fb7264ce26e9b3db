import { useEffect, useRef, useState } from 'react';
import { restTotal } from '../../lib/rest.ts';
import type { PlanningScope } from '../labels/planning-scope.ts';
import { type MilestoneListState, milestonesListUrl } from './milestones-requests.ts';

export type MilestoneCounts = Record<MilestoneListState, number | null>;

const UNKNOWN: MilestoneCounts = { active: null, closed: null, all: null };
const STATES: readonly MilestoneListState[] = ['active', 'closed', 'all'];

/**
 * The counts of the Open / Closed / All tabs for the search typed (each the `X-Total` of a
 * one-row page of that list); unknown (null) until they arrive or when a count fails — the tab
 * then shows no number rather than a wrong one. `generation` counts again after a change.
 */
export function useMilestoneCounts(scope: PlanningScope, search: string, generation: number): MilestoneCounts {
  const [counts, setCounts] = useState<{ key: string; counts: MilestoneCounts }>({ key: '', counts: UNKNOWN });
  const key = `${scope.kind}:${scope.fullPath}:${search}:${generation}`;
  // The page may pass a new scope object on every render: the key says when it really changed.
  const latest = useRef({ scope, search });
  latest.current = { scope, search };
  useEffect(() => {
    let live = true;
    const { scope: current, search: typed } = latest.current;
    Promise.all(
      STATES.map((state) => restTotal(milestonesListUrl(current, state, typed, 1, 1)).catch(() => null)),
    ).then(([active, closed, all]) => {
      if (live) setCounts({ key, counts: { active: active ?? null, closed: closed ?? null, all: all ?? null } });
    });
    return () => {
      live = false;
    };
  }, [key]);
  // The last counts stay shown while new ones load (no flicker when typing a search).
  return counts.counts;
}
