/** The pages that hang off a group or project path after `/-/`. */
export type GroupSubPage =
  | { page: 'overview' }
  | { page: 'epics' }
  | { page: 'newEpic' }
  | { page: 'epic'; iid: string }
  | { page: 'roadmap' }
  | { page: 'issues' }
  | { page: 'members' }
  | { page: 'cadences' }
  | { page: 'newCadence' }
  | { page: 'editCadence'; id: string }
  | { page: 'iteration'; id: string }
  | { page: 'labels' }
  | { page: 'milestones' }
  | { page: 'milestone'; iid: string }
  /** `/-/edit`: Settings › General (name, visibility, avatar). */
  | { page: 'settings' };

export type ProjectSubPage =
  | { page: 'overview' }
  | { page: 'issues' }
  | { page: 'issue'; iid: string }
  /** `/-/issues/new`: the new issue form. */
  | { page: 'newIssue' }
  /** `/-/issues/incident/<iid>`: the same page (GitLab's incident URL). */
  | { page: 'incident'; iid: string }
  /** `/-/work_items/<iid>`: a work item (issue, incident or task) on the work item page. */
  | { page: 'workItem'; iid: string }
  | { page: 'members' }
  /** `/-/settings/issue_templates`: the project's description templates. */
  | { page: 'issueTemplates' }
  | { page: 'labels' }
  | { page: 'milestones' }
  | { page: 'milestone'; iid: string }
  /** `/<project>/edit`: Settings › General (name, visibility, avatar). */
  | { page: 'settings' };

const IID = /^[1-9][0-9]*$/;

export function groupSubPage(subPath: readonly string[]): GroupSubPage | null {
  const iterations = iterationSubPage(subPath);
  if (iterations !== undefined) return iterations;
  const [first, second, ...rest] = subPath;
  if (rest.length > 0) return null;
  if (first === undefined) return { page: 'overview' };
  if (first === 'epics' && second === undefined) return { page: 'epics' };
  if (first === 'epics' && second === 'new') return { page: 'newEpic' };
  if (first === 'epics' && second !== undefined && IID.test(second)) return { page: 'epic', iid: second };
  const planning = labelsMilestonesSubPage(first, second);
  if (planning !== undefined) return planning;
  if (second !== undefined) return null;
  if (first === 'roadmap') return { page: 'roadmap' };
  if (first === 'issues') return { page: 'issues' };
  if (first === 'group_members') return { page: 'members' };
  if (first === 'edit') return { page: 'settings' };
  return null;
}

export function projectSubPage(subPath: readonly string[]): ProjectSubPage | null {
  const [first, second, ...rest] = subPath;
  if (first === 'issues' && second === 'incident' && rest.length === 1 && IID.test(rest[0] ?? '')) {
    return { page: 'incident', iid: rest[0] as string };
  }
  if (rest.length > 0) return null;
  if (first === undefined) return { page: 'overview' };
  if (first === 'issues' && second === undefined) return { page: 'issues' };
  if (first === 'issues' && second === 'new') return { page: 'newIssue' };
  if (first === 'issues' && second !== undefined && IID.test(second)) return { page: 'issue', iid: second };
  if (first === 'work_items' && second !== undefined && IID.test(second)) return { page: 'workItem', iid: second };
  if (first === 'project_members' && second === undefined) return { page: 'members' };
  const planning = labelsMilestonesSubPage(first, second);
  if (planning !== undefined) return planning;
  if (first === 'settings' && second === 'issue_templates') return { page: 'issueTemplates' };
  if (first === 'edit' && second === undefined) return { page: 'settings' };
  return null;
}

/** `labels`, `milestones` and `milestones/<iid>` (groups and projects alike); undefined for other pages. */
function labelsMilestonesSubPage(
  first: string | undefined,
  second: string | undefined,
): { page: 'labels' } | { page: 'milestones' } | { page: 'milestone'; iid: string } | null | undefined {
  if (first === 'labels') return second === undefined ? { page: 'labels' } : null;
  if (first !== 'milestones') return undefined;
  if (second === undefined) return { page: 'milestones' };
  return IID.test(second) ? { page: 'milestone', iid: second } : null;
}

/**
 * Iteration pages, GitLab's paths: `cadences`, `cadences/new`, `cadences/<id>/edit`,
 * `iterations/<id>` and `cadences/<cadence>/iterations/<id>` (the same report); undefined when the
 * path is not about iterations.
 */
function iterationSubPage(subPath: readonly string[]): GroupSubPage | null | undefined {
  const [first, second, third, fourth, ...rest] = subPath;
  if (first === 'iterations') {
    if (second === undefined) return { page: 'cadences' };
    return IID.test(second) && third === undefined ? { page: 'iteration', id: second } : null;
  }
  if (first !== 'cadences') return undefined;
  if (second === undefined) return { page: 'cadences' };
  if (second === 'new' && third === undefined) return { page: 'newCadence' };
  if (!IID.test(second) || rest.length > 0) return null;
  if (third === 'edit' && fourth === undefined) return { page: 'editCadence', id: second };
  if (third === 'iterations' && fourth !== undefined && IID.test(fourth)) return { page: 'iteration', id: fourth };
  if (third === undefined) return { page: 'cadences' };
  return null;
}
