/** The projects recently used to create an issue from an epic tree (client-only, in localStorage). */
export type RecentProject = { id: string; fullPath: string; nameWithNamespace: string };

/** At most this many recently used projects are shown. */
export const MAX_RECENT_PROJECTS = 3;
const KEY = 'milepost-epic-tree-recent-projects';

export function readRecentProjects(storage: Storage = window.localStorage): RecentProject[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(
        (p): p is RecentProject =>
          typeof p === 'object' &&
          p !== null &&
          typeof p.id === 'string' &&
          typeof p.fullPath === 'string' &&
          typeof p.nameWithNamespace === 'string',
      )
      .slice(0, MAX_RECENT_PROJECTS);
  } catch {
    return [];
  }
}

/** Puts `project` first, dropping an older entry for it and anything past the limit. */
export function rememberRecentProject(project: RecentProject, storage: Storage = window.localStorage): RecentProject[] {
  const next = [project, ...readRecentProjects(storage).filter((p) => p.id !== project.id)].slice(
    0,
    MAX_RECENT_PROJECTS,
  );
  try {
    storage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage full or disabled: the list is a convenience only.
  }
  return next;
}
