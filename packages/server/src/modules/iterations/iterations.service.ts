/**
 * Iteration cadences and iterations of groups (GitLab's model): a cadence is manual (its iterations
 * are created by hand) or automatic (iterations of `durationInWeeks` weeks from its start date,
 * kept `iterationsInAdvance` ahead of today). Automatic iterations are created when the cadence is
 * written and topped up when a group's cadences or iterations are read (docs/decisions/0026): no
 * background job. With roll over, open issues of an iteration that closed move to the current one.
 *
 * Access: reading needs readIteration on the group (hidden groups look missing), writes
 * adminIterationCadence / adminIteration (Reporter+). A group sees its own and its ancestors'
 * cadences (`includeAncestorGroups`), and an issue may use any iteration of its project's groups.
 */
import {
  type AutomaticSchedule,
  type BurnupDay,
  CADENCE_DURATIONS_IN_WEEKS,
  CADENCE_MAX_GENERATED_ITERATIONS,
  CADENCE_MAX_UPCOMING_ITERATIONS,
  type IterationStateFilter,
  isIsoDate,
  missingPeriods,
  type Period,
} from '@milepost/shared';
import type { Actor } from '../../authz/actor.ts';
import { can, visibleGroupsSql, visibleIssuesSql } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { GroupRow } from '../../db/schema.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { groupsRepository } from '../groups/groups.repository.ts';
import type { IssueNode } from '../issues/issues.types.ts';
import { FieldErrors } from '../validation.ts';
import { type CadenceValues, type IterationsRepository, iterationsRepository } from './iterations.repository.ts';
import type { CadenceRow, IterationRow } from './iterations.types.ts';

export const MAX_ITERATION_DESCRIPTION = 1_000_000;
/** The burnup chart covers at most this many days of a (manual, very long) iteration. */
export const BURNUP_MAX_DAYS = 366;

export type CadenceInput = {
  title?: unknown;
  description?: unknown;
  automatic?: unknown;
  active?: unknown;
  startDate?: unknown;
  durationInWeeks?: unknown;
  iterationsInAdvance?: unknown;
  rollOver?: unknown;
};

export type IterationInput = {
  cadenceId?: number | null;
  title?: unknown;
  description?: unknown;
  startDate?: unknown;
  dueDate?: unknown;
};

export type CadenceListOptions = {
  includeAncestorGroups?: boolean;
  id?: number;
  title?: string;
  automatic?: boolean;
  active?: boolean;
  durationInWeeks?: number;
  limit: number;
  offset: number;
};

export type IterationListOptions = {
  includeAncestors?: boolean;
  includeDescendants?: boolean;
  cadenceIds?: readonly number[];
  ids?: readonly number[];
  iid?: number;
  state?: IterationStateFilter;
  search?: string;
  searchIn?: readonly ('title' | 'cadence_title')[];
  timeframe?: { start: string; end: string };
  updatedBefore?: Date;
  updatedAfter?: Date;
  sort?: 'asc' | 'desc';
  limit: number;
  offset: number;
};

type Metric = { count: number; weight: number };

export type IterationReport = {
  days: BurnupDay[];
  stats: { complete: Metric; incomplete: Metric; total: Metric };
  /** the chart stops after BURNUP_MAX_DAYS days */
  truncated: boolean;
};

const GROUP_NOT_FOUND = 'Group Not Found';

function scheduleOf(c: CadenceRow): AutomaticSchedule | null {
  if (!c.automatic || !c.active || !c.startDate || !c.durationInWeeks || !c.iterationsInAdvance) return null;
  return { startDate: c.startDate, durationInWeeks: c.durationInWeeks, iterationsInAdvance: c.iterationsInAdvance };
}

const TOO_FAR_BACK = `is too far in the past: an automatic cadence creates at most ${CADENCE_MAX_GENERATED_ITERATIONS} iterations at once`;

/**
 * Brings an automatic cadence's iterations up to date, inside the caller's transaction (which holds
 * the cadence's row lock). `replan`: a schedule change — upcoming iterations take the new dates
 * (keeping their issues), extra ones are removed after their issues move to the last one kept.
 */
async function schedule(repo: IterationsRepository, cadence: CadenceRow, replan: boolean): Promise<void> {
  const plan = scheduleOf(cadence);
  if (!plan) return;
  const today = await repo.today();
  const all = await repo.iterationsOf(cadence.id);
  const upcoming = replan ? all.filter((it) => it.state === 'upcoming') : [];
  const kept = replan ? all.filter((it) => it.state !== 'upcoming') : all;
  const upcomingCount = replan ? 0 : all.filter((it) => it.state === 'upcoming').length;
  const periods = missingPeriods(plan, kept.at(-1)?.dueDate ?? null, upcomingCount, today);
  if (!periods) throw new ValidationError({ start_date: [TOO_FAR_BACK] });
  const reused = upcoming.slice(0, periods.length);
  for (const [i, it] of reused.entries()) await repo.setIterationDates(it.id, periods[i] as Period);
  const created = await repo.insertIterations(
    cadence,
    periods.slice(reused.length).map((p) => ({ ...p, rolledOver: p.dueDate < today })),
  );
  const extra = upcoming.slice(periods.length).map((it) => it.id);
  if (extra.length) {
    const last = created.at(-1)?.id ?? reused.at(-1)?.id ?? kept.at(-1)?.id ?? null;
    await repo.moveAllIssues(extra, last);
    await repo.deleteIterations(extra);
  }
  await repo.renumber(cadence.id);
  if (cadence.rollOver) await rollOver(repo, cadence.id);
}

/** Open issues of closed, not yet rolled-over iterations move to the current (else next) iteration. */
async function rollOver(repo: IterationsRepository, cadenceId: number): Promise<void> {
  const all = await repo.iterationsOf(cadenceId);
  const target = all.find((it) => it.state === 'current') ?? all.find((it) => it.state === 'upcoming');
  const closed = all.filter((it) => it.state === 'closed').map((it) => it.id);
  if (!target || closed.length === 0) return;
  await repo.moveOpenIssues(closed, target.id);
  await repo.markRolledOver(closed);
}

function flag(errors: FieldErrors, field: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') errors.add(field, 'is invalid');
  return value === true;
}

function whole(errors: FieldErrors, field: string, value: unknown, fallback: number | null): number | null {
  if (value === undefined) return fallback;
  if (value === null || value === '') return null;
  const n = typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n)) {
    errors.add(field, 'is not a number');
    return null;
  }
  return n;
}

function day(errors: FieldErrors, field: string, value: unknown, fallback: string | null): string | null {
  if (value === undefined) return fallback;
  if (value === null || value === '') return null;
  const text = typeof value === 'string' ? value.slice(0, 10) : value;
  if (!isIsoDate(text)) {
    errors.add(field, 'is invalid');
    return null;
  }
  return text;
}

function description(errors: FieldErrors, value: unknown, fallback: string): string {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string') errors.add('description', 'is invalid');
  else if (value.length > MAX_ITERATION_DESCRIPTION) {
    errors.add('description', `is too long (maximum is ${MAX_ITERATION_DESCRIPTION} characters)`);
  } else return value;
  return fallback;
}

/** GitLab's cadence validations, over the current values for an update. */
function validateCadence(input: CadenceInput, current?: CadenceRow): CadenceValues {
  const errors = new FieldErrors();
  const v: CadenceValues = {
    title: current && input.title === undefined ? current.title : errors.text('title', input.title),
    description: description(errors, input.description, current?.description ?? ''),
    automatic: flag(errors, 'automatic', input.automatic, current?.automatic ?? true),
    active: flag(errors, 'active', input.active, current?.active ?? true),
    startDate: day(errors, 'start_date', input.startDate, current?.startDate ?? null),
    durationInWeeks: whole(errors, 'duration_in_weeks', input.durationInWeeks, current?.durationInWeeks ?? null),
    iterationsInAdvance: whole(
      errors,
      'iterations_in_advance',
      input.iterationsInAdvance,
      current?.iterationsInAdvance ?? null,
    ),
    rollOver: flag(errors, 'roll_over', input.rollOver, current?.rollOver ?? false),
  };
  if (v.durationInWeeks !== null && !(CADENCE_DURATIONS_IN_WEEKS as readonly number[]).includes(v.durationInWeeks)) {
    errors.add('duration_in_weeks', 'is not included in the list');
  }
  if (
    v.iterationsInAdvance !== null &&
    (v.iterationsInAdvance < 1 || v.iterationsInAdvance > CADENCE_MAX_UPCOMING_ITERATIONS)
  ) {
    errors.add('iterations_in_advance', 'is not included in the list');
  }
  if (v.automatic) {
    if (v.startDate === null && !errors.fields.start_date) errors.add('start_date', "can't be blank");
    if (v.durationInWeeks === null && !errors.fields.duration_in_weeks)
      errors.add('duration_in_weeks', "can't be blank");
    if (v.iterationsInAdvance === null && !errors.fields.iterations_in_advance) {
      errors.add('iterations_in_advance', "can't be blank");
    }
  } else if (v.rollOver) {
    errors.add('roll_over', 'is only available for cadences with automatic scheduling');
  }
  if (errors.any) throw new ValidationError(errors.fields);
  return v;
}

export function iterationsService(db: Db) {
  const repo = iterationsRepository(db);
  const groups = groupsRepository(db);

  async function assertRead(actor: Actor, group: GroupRow): Promise<void> {
    if (!(await can(db, actor, 'readIteration', { type: 'Group', group }))) throw new NotFoundError(GROUP_NOT_FOUND);
  }

  async function assertAdmin(
    actor: Actor,
    group: GroupRow,
    ability: 'adminIteration' | 'adminIterationCadence',
  ): Promise<void> {
    await assertRead(actor, group);
    if (!(await can(db, actor, ability, { type: 'Group', group }))) throw new ForbiddenError();
  }

  /** Tops up the automatic cadences of these groups that need it (reads call this first). */
  async function refresh(groupIds: readonly number[]): Promise<void> {
    for (const id of await repo.cadencesDue(groupIds)) {
      try {
        await transaction(db, async (tx) => {
          const txRepo = iterationsRepository(tx);
          const cadence = await txRepo.findCadence(id, true);
          if (cadence) await schedule(txRepo, cadence, false);
        });
      } catch (error) {
        // A cadence whose schedule can no longer be met (start date too far back) stays as it is.
        if (!(error instanceof ValidationError)) throw error;
      }
    }
  }

  /** The readable group of a cadence or iteration, or NotFound. */
  async function readableGroup(actor: Actor, groupId: number, what: string): Promise<GroupRow> {
    const group = await groups.findById(groupId);
    if (!group || !(await can(db, actor, 'readIteration', { type: 'Group', group }))) throw new NotFoundError(what);
    return group;
  }

  async function cadenceWithGroup(actor: Actor, id: number) {
    const cadence = await repo.findCadence(id);
    if (!cadence) throw new NotFoundError('Iteration cadence Not Found');
    return { cadence, group: await readableGroup(actor, cadence.groupId, 'Iteration cadence Not Found') };
  }

  /** The period and title checks of a manual iteration (new or changed) in its locked cadence. */
  async function checkIteration(
    txRepo: IterationsRepository,
    cadence: CadenceRow,
    v: { title: string | null; startDate: string; dueDate: string },
    exceptId?: number,
  ): Promise<void> {
    if (v.startDate > v.dueDate) throw new ValidationError({ due_date: ['must be greater than start date'] });
    if (await txRepo.overlapping(cadence.id, v, exceptId)) {
      throw new ValidationError({
        base: ['Dates cannot overlap with other existing Iterations within this iterations cadence'],
      });
    }
    if (v.title !== null && (await txRepo.titleTaken(cadence.id, v.title, exceptId))) {
      throw new ValidationError({ title: ['already being used for another iteration within this cadence.'] });
    }
  }

  function iterationValues(input: IterationInput, current?: IterationRow) {
    const errors = new FieldErrors();
    const rawTitle = input.title === undefined ? (current?.title ?? null) : input.title;
    const title = rawTitle === null || rawTitle === '' ? null : errors.text('title', rawTitle);
    const startDate = day(errors, 'start_date', input.startDate, current?.startDate ?? null);
    const dueDate = day(errors, 'due_date', input.dueDate, current?.dueDate ?? null);
    if (startDate === null && !errors.fields.start_date) errors.add('start_date', "can't be blank");
    if (dueDate === null && !errors.fields.due_date) errors.add('due_date', "can't be blank");
    const text = description(errors, input.description, current?.description ?? '');
    if (errors.any) throw new ValidationError(errors.fields);
    return { title, description: text, startDate: startDate as string, dueDate: dueDate as string };
  }

  return {
    // ---- cadences ----

    async listCadences(actor: Actor, group: GroupRow, o: CadenceListOptions) {
      await assertRead(actor, group);
      const groupIds = o.includeAncestorGroups ? group.traversalIds : [group.id];
      await refresh(groupIds);
      return await repo.listCadences({ ...o, groupIds });
    },

    /** A cadence by id if its group is readable, else undefined. */
    async findCadence(actor: Actor, id: number): Promise<CadenceRow | undefined> {
      try {
        return (await cadenceWithGroup(actor, id)).cadence;
      } catch (error) {
        if (error instanceof NotFoundError) return undefined;
        throw error;
      }
    },

    async loadCadences(list: readonly number[]): Promise<CadenceRow[]> {
      return await repo.findCadences([...new Set(list)]);
    },

    async createCadence(actor: Actor, group: GroupRow, input: CadenceInput): Promise<CadenceRow> {
      await assertAdmin(actor, group, 'adminIterationCadence');
      const v = validateCadence(input);
      return await transaction(db, async (tx) => {
        const txRepo = iterationsRepository(tx);
        const cadence = await txRepo.insertCadence(group.id, v);
        await schedule(txRepo, cadence, false);
        return cadence;
      });
    },

    async updateCadence(actor: Actor, id: number, input: CadenceInput): Promise<CadenceRow> {
      const { group } = await cadenceWithGroup(actor, id);
      await assertAdmin(actor, group, 'adminIterationCadence');
      return await transaction(db, async (tx) => {
        const txRepo = iterationsRepository(tx);
        const current = await txRepo.findCadence(id, true);
        if (!current) throw new NotFoundError('Iteration cadence Not Found');
        const v = validateCadence(input, current);
        const row = await txRepo.updateCadence(id, v);
        const replan =
          row.automatic &&
          (!current.automatic ||
            row.startDate !== current.startDate ||
            row.durationInWeeks !== current.durationInWeeks ||
            row.iterationsInAdvance !== current.iterationsInAdvance);
        // Roll over applies to iterations that close from now on, not to those closed before.
        if (row.rollOver && !current.rollOver) {
          const closed = (await txRepo.iterationsOf(id)).filter((it) => it.state === 'closed');
          await txRepo.markRolledOver(closed.map((it) => it.id));
        }
        await schedule(txRepo, row, replan);
        return row;
      });
    },

    /** Deletes a cadence and its iterations (their issues keep no iteration); returns its group. */
    async destroyCadence(actor: Actor, id: number): Promise<GroupRow> {
      const { group } = await cadenceWithGroup(actor, id);
      await assertAdmin(actor, group, 'adminIterationCadence');
      await transaction(db, async (tx) => {
        const txRepo = iterationsRepository(tx);
        if (!(await txRepo.findCadence(id, true))) throw new NotFoundError('Iteration cadence Not Found');
        const its = await txRepo.iterationsOf(id);
        await txRepo.moveAllIssues(
          its.map((it) => it.id),
          null,
        );
        await txRepo.deleteCadence(id);
      });
      return group;
    },

    // ---- iterations ----

    /** A group's iterations (with its ancestors' by default, as GitLab's REST and searchIterations). */
    async listForGroup(actor: Actor, group: GroupRow, o: IterationListOptions) {
      await assertRead(actor, group);
      if (o.timeframe) {
        if (!isIsoDate(o.timeframe.start) || !isIsoDate(o.timeframe.end))
          throw new AppError(400, 'timeframe is invalid');
        if (o.timeframe.start > o.timeframe.end) throw new AppError(400, 'start must be before end');
      }
      const groupIds = o.includeAncestors ? [...group.traversalIds] : [group.id];
      await refresh(groupIds);
      return await repo.listIterations({
        ...o,
        groupIds,
        descendantsOf: o.includeDescendants ? group.id : undefined,
        visible: await visibleGroupsSql(db, actor),
        sort: o.sort ?? 'asc',
      });
    },

    /** An iteration by id if its group is readable, else undefined. */
    async find(actor: Actor, id: number): Promise<IterationRow | undefined> {
      const row = await repo.findIteration(id);
      if (!row) return undefined;
      const group = await groups.findById(row.groupId);
      return group && (await can(db, actor, 'readIteration', { type: 'Group', group })) ? row : undefined;
    },

    /** Full path of each iteration's group, by group id (for REST web_url). */
    async groupPaths(rows: readonly IterationRow[]): Promise<Map<number, string>> {
      const found = await groups.findByIds([...new Set(rows.map((r) => r.groupId))]);
      return new Map(found.map((g) => [g.id, g.fullPath]));
    },

    async loadByIds(list: readonly number[]): Promise<IterationRow[]> {
      return await repo.findIterations([...new Set(list)]);
    },

    /** Creates an iteration by hand in a manual cadence of the group (the group's only one when none is named). */
    async create(actor: Actor, group: GroupRow, input: IterationInput): Promise<IterationRow> {
      await assertAdmin(actor, group, 'adminIteration');
      let cadenceId = input.cadenceId ?? null;
      if (cadenceId === null) {
        const manual = (await repo.listCadences({ groupIds: [group.id], automatic: false, limit: 2, offset: 0 })).rows;
        if (manual.length !== 1) throw new ValidationError({ iterations_cadence: ["can't be blank"] });
        cadenceId = (manual[0] as CadenceRow).id;
      }
      const v = iterationValues(input);
      return await transaction(db, async (tx) => {
        const txRepo = iterationsRepository(tx);
        const cadence = await txRepo.findCadence(cadenceId, true);
        if (!cadence || cadence.groupId !== group.id) throw new NotFoundError('Iteration cadence Not Found');
        if (cadence.automatic) {
          throw new ValidationError({
            base: ['Iterations of a cadence with automatic scheduling are created by the cadence'],
          });
        }
        await checkIteration(txRepo, cadence, v);
        const [row] = await txRepo.insertIterations(cadence, [v]);
        await txRepo.renumber(cadence.id);
        return (await txRepo.findIteration((row as IterationRow).id)) as IterationRow;
      });
    },

    /** Changes an iteration; an automatic cadence's iterations take only a description. */
    async update(actor: Actor, id: number, input: IterationInput): Promise<IterationRow> {
      const row = await repo.findIteration(id);
      if (!row) throw new NotFoundError('Iteration Not Found');
      const group = await readableGroup(actor, row.groupId, 'Iteration Not Found');
      await assertAdmin(actor, group, 'adminIteration');
      return await transaction(db, async (tx) => {
        const txRepo = iterationsRepository(tx);
        const cadence = await txRepo.findCadence(row.cadenceId, true);
        const current = await txRepo.findIteration(id);
        if (!cadence || !current) throw new NotFoundError('Iteration Not Found');
        const datesOrTitle = input.title !== undefined || input.startDate !== undefined || input.dueDate !== undefined;
        if (cadence.automatic && datesOrTitle) {
          throw new ValidationError({
            base: ['Cannot edit the title or dates of an iteration in a cadence with automatic scheduling'],
          });
        }
        const v = iterationValues(input, current);
        await checkIteration(txRepo, cadence, v, id);
        const updated = await txRepo.updateIteration(id, v);
        await txRepo.renumber(cadence.id);
        return updated;
      });
    },

    /** Deletes an iteration of a manual cadence (its issues keep no iteration); returns its group. */
    async remove(actor: Actor, id: number): Promise<GroupRow> {
      const row = await repo.findIteration(id);
      if (!row) throw new NotFoundError('Iteration Not Found');
      const group = await readableGroup(actor, row.groupId, 'Iteration Not Found');
      await assertAdmin(actor, group, 'adminIteration');
      await transaction(db, async (tx) => {
        const txRepo = iterationsRepository(tx);
        const cadence = await txRepo.findCadence(row.cadenceId, true);
        if (!cadence) throw new NotFoundError('Iteration Not Found');
        if (cadence.automatic) {
          throw new ValidationError({
            base: ['Cannot delete an iteration of a cadence with automatic scheduling; change the cadence instead'],
          });
        }
        await txRepo.moveAllIssues([id], null);
        await txRepo.deleteIterations([id]);
        await txRepo.renumber(cadence.id);
      });
      return group;
    },

    /** The burnup series of a readable iteration, counting the issues the actor may read. */
    async report(actor: Actor, it: IterationRow): Promise<IterationReport> {
      const visible = await visibleIssuesSql(db, actor);
      const [days, stats] = await Promise.all([
        repo.burnup(it, visible, BURNUP_MAX_DAYS + 1),
        repo.stats(it.id, visible),
      ]);
      return { days: days.slice(0, BURNUP_MAX_DAYS), stats, truncated: days.length > BURNUP_MAX_DAYS };
    },

    // ---- issues ----

    /** The iteration of each issue, by issue id (no access check: for readable issues). */
    /** Iterations by id (for issues whose iteration ids are known). */
    async byIds(iterationIds: readonly number[]): Promise<Map<number, IterationRow>> {
      return new Map((await repo.findIterations(iterationIds)).map((r) => [r.id, r]));
    },

    async ofIssues(issueIds: readonly number[]): Promise<Map<number, IterationRow>> {
      const links = await repo.iterationIdsOfIssues(issueIds);
      const rows = await repo.findIterations([...new Set(links.values())]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const out = new Map<number, IterationRow>();
      for (const [issueId, iterationId] of links) {
        const row = byId.get(iterationId);
        if (row) out.set(issueId, row);
      }
      return out;
    },

    /**
     * Sets (or clears, with null) an issue's iteration: GraphQL `issueSetIteration`. The iteration
     * must belong to the issue's project's group or one of that group's ancestors.
     */
    async setIssueIteration(actor: Actor, node: IssueNode, iterationId: number | null): Promise<IssueNode> {
      const subject = { type: 'Issue' as const, ...node };
      if (!(await can(db, actor, 'adminIssue', subject))) throw new ForbiddenError();
      if (iterationId !== null) {
        const row = await this.find(actor, iterationId);
        if (!row) throw new NotFoundError('Iteration Not Found');
        if (!node.group.traversalIds.includes(row.groupId)) {
          throw new ValidationError({ iteration: ["must belong to the issue's group or one of its ancestors"] });
        }
      }
      await transaction(db, (tx) => iterationsRepository(tx).setIssueIteration(node.issue.id, iterationId));
      return node;
    },
  };
}

export type IterationsService = ReturnType<typeof iterationsService>;
