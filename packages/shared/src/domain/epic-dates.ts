/**
 * An epic's inherited dates (GitLab's "fixed or inherited" start and due dates): the earliest start
 * and the latest due date over the milestones of its issues and the effective dates of its child
 * epics. Pure: the server feeds it rows and stores the result.
 */

export type DatedMilestone = { id: number; startDate: string | null; dueDate: string | null };
export type DatedChildEpic = { id: number; startDate: string | null; dueDate: string | null };

export type DateSource = { type: 'milestone' | 'epic'; id: number } | null;

export type InheritedDates = {
  startDateFromMilestones: string | null;
  startDateSourcingMilestoneId: number | null;
  dueDateFromMilestones: string | null;
  dueDateSourcingMilestoneId: number | null;
  startDateFromInheritedSource: string | null;
  startDateSource: DateSource;
  dueDateFromInheritedSource: string | null;
  dueDateSource: DateSource;
};

type Candidate = { date: string; source: NonNullable<DateSource> };

/** Earliest (or latest) candidate; ties go to milestones before epics, then to the lower id. */
function pick(candidates: Candidate[], latest: boolean): Candidate | null {
  let best: Candidate | null = null;
  for (const c of candidates) {
    if (!best) {
      best = c;
      continue;
    }
    const cmp = latest
      ? c.date > best.date
        ? -1
        : c.date < best.date
          ? 1
          : 0
      : c.date < best.date
        ? -1
        : c.date > best.date
          ? 1
          : 0;
    if (cmp < 0) best = c;
    else if (cmp === 0) {
      const rank = (s: Candidate['source']) => (s.type === 'milestone' ? 0 : 1);
      if (rank(c.source) < rank(best.source) || (rank(c.source) === rank(best.source) && c.source.id < best.source.id))
        best = c;
    }
  }
  return best;
}

export function inheritDates(
  milestones: readonly DatedMilestone[],
  children: readonly DatedChildEpic[],
): InheritedDates {
  const starts = (type: 'milestone' | 'epic', rows: readonly { id: number; startDate: string | null }[]) =>
    rows.flatMap((r) => (r.startDate ? [{ date: r.startDate, source: { type, id: r.id } }] : []));
  const dues = (type: 'milestone' | 'epic', rows: readonly { id: number; dueDate: string | null }[]) =>
    rows.flatMap((r) => (r.dueDate ? [{ date: r.dueDate, source: { type, id: r.id } }] : []));
  const msStart = pick(starts('milestone', milestones), false);
  const msDue = pick(dues('milestone', milestones), true);
  const start = pick([...starts('milestone', milestones), ...starts('epic', children)], false);
  const due = pick([...dues('milestone', milestones), ...dues('epic', children)], true);
  return {
    startDateFromMilestones: msStart?.date ?? null,
    startDateSourcingMilestoneId: msStart?.source.id ?? null,
    dueDateFromMilestones: msDue?.date ?? null,
    dueDateSourcingMilestoneId: msDue?.source.id ?? null,
    startDateFromInheritedSource: start?.date ?? null,
    startDateSource: start?.source ?? null,
    dueDateFromInheritedSource: due?.date ?? null,
    dueDateSource: due?.source ?? null,
  };
}

export type FixedDates = {
  startDateIsFixed: boolean;
  startDateFixed: string | null;
  dueDateIsFixed: boolean;
  dueDateFixed: string | null;
};

/** The dates an epic shows: the fixed one where it is fixed, else the inherited one. */
export function effectiveDates(
  fixed: FixedDates,
  inherited: Pick<InheritedDates, 'startDateFromInheritedSource' | 'dueDateFromInheritedSource'>,
): { startDate: string | null; dueDate: string | null } {
  return {
    startDate: fixed.startDateIsFixed ? fixed.startDateFixed : inherited.startDateFromInheritedSource,
    dueDate: fixed.dueDateIsFixed ? fixed.dueDateFixed : inherited.dueDateFromInheritedSource,
  };
}
