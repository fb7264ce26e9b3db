/** The pages that hang off a group or project path after `/-/`. */
export type GroupSubPage =
  | { page: 'overview' }
  | { page: 'epics' }
  | { page: 'newEpic' }
  | { page: 'epic'; iid: string }
  | { page: 'roadmap' }
  | { page: 'members' };

export type ProjectSubPage =
  | { page: 'overview' }
  | { page: 'issues' }
  | { page: 'issue'; iid: string }
  /** `/-/issues/incident/<iid>`: the same page (GitLab's incident URL). */
  | { page: 'incident'; iid: string }
  | { page: 'members' };

const IID = /^[1-9][0-9]*$/;

export function groupSubPage(subPath: readonly string[]): GroupSubPage | null {
  const [first, second, ...rest] = subPath;
  if (rest.length > 0) return null;
  if (first === undefined) return { page: 'overview' };
  if (first === 'epics' && second === undefined) return { page: 'epics' };
  if (first === 'epics' && second === 'new') return { page: 'newEpic' };
  if (first === 'epics' && second !== undefined && IID.test(second)) return { page: 'epic', iid: second };
  if (second !== undefined) return null;
  if (first === 'roadmap') return { page: 'roadmap' };
  if (first === 'group_members') return { page: 'members' };
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
  if (first === 'issues' && second !== undefined && IID.test(second)) return { page: 'issue', iid: second };
  if (first === 'project_members' && second === undefined) return { page: 'members' };
  return null;
}
