/** Which epics of a roadmap page are rows of their own and which nest under a parent (spec §5). */

export type NestableEpic = {
  id: string;
  parent?: { id: string; startDate?: string | null; dueDate?: string | null } | null;
  ancestors?: { nodes: { id: string }[] } | null;
};

/**
 * The epics shown at the top level, in their order. An epic whose parent has both dates and is in
 * the list nests under it. When the parent lacks a date it may not be drawn, so the epic nests only
 * if one of its ancestors is in the list (as GitLab's roadmap); without ancestors the parent stands
 * in for them. Epics without a parent are always top level.
 */
export function topLevelEpics<T extends NestableEpic>(epics: readonly T[]): T[] {
  const ids = new Set(epics.map((e) => e.id));
  return epics.filter((epic) => {
    const { parent } = epic;
    if (!parent) return true;
    if (parent.startDate && parent.dueDate) return !ids.has(parent.id);
    const ancestors = epic.ancestors?.nodes ?? [parent];
    return !ancestors.some((a) => ids.has(a.id));
  });
}

/** '1 child epic', '3 child epics'; null when the count is not an integer (then nothing is shown). */
export function childEpicCountText(count: unknown): string | null {
  if (typeof count !== 'number' || !Number.isInteger(count)) return null;
  return count === 1 ? '1 child epic' : `${count} child epics`;
}
