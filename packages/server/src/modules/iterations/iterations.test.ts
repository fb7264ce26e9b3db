import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../../authz/actor.ts';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';

const CREATE_CADENCE = `mutation($input: IterationCadenceCreateInput!) {
  iterationCadenceCreate(input: $input) { iterationCadence { id title automatic startDate durationInWeeks
    iterationsInAdvance rollOver description } errors } }`;
const UPDATE_CADENCE = `mutation($input: IterationCadenceUpdateInput!) {
  iterationCadenceUpdate(input: $input) { iterationCadence { id title durationInWeeks iterationsInAdvance } errors } }`;
const DESTROY_CADENCE = `mutation($id: ID!) { iterationCadenceDestroy(input: {id: $id}) { group { id } errors } }`;
const CREATE_ITERATION = `mutation($input: iterationCreateInput!) {
  iterationCreate(input: $input) { iteration { id title startDate dueDate state sequence webPath } errors } }`;
const ITERATIONS = `query($fullPath: ID!, $state: IterationState, $search: String, $in: [IterationSearchableField!],
  $includeAncestors: Boolean, $ids: [ID!], $timeframe: Timeframe) {
  group(fullPath: $fullPath) { iterations(state: $state, search: $search, in: $in, includeAncestors: $includeAncestors,
    iterationCadenceIds: $ids, timeframe: $timeframe, sort: CADENCE_AND_DUE_DATE_ASC) {
    count nodes { id title state sequence startDate dueDate iterationCadence { id title durationInWeeks } } } } }`;
const CADENCES = `query($fullPath: ID!, $inherit: Boolean) {
  group(fullPath: $fullPath) { iterationCadences(includeAncestorGroups: $inherit) { count nodes { id title automatic } } } }`;
const SET_ITERATION = `mutation($projectPath: ID!, $iid: String!, $iterationId: ID) {
  issueSetIteration(input: {projectPath: $projectPath, iid: $iid, iterationId: $iterationId}) {
    issue { iid iteration { id } } errors } }`;
const ISSUES = `query($fullPath: ID!, $iterationId: [ID], $wildcard: IterationWildcardId, $not: NegatedIssueFilterInput) {
  group(fullPath: $fullPath) { issues(iterationId: $iterationId, iterationWildcardId: $wildcard, not: $not, sort: TITLE_ASC) {
    nodes { title iteration { id } } } } }`;
const REPORT = `query($id: ID!) { iteration(id: $id) { id report {
  burnupTimeSeries { date scopeCount scopeWeight completedCount completedWeight }
  stats { complete { count weight } incomplete { count weight } total { count weight } } } } }`;

const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

type Iteration = {
  id: string;
  title: string | null;
  state: string;
  sequence: number;
  startDate: string;
  dueDate: string;
  webPath?: string;
  iterationCadence: { id: string; title: string; durationInWeeks: number | null };
};

describe('iteration cadences and iterations', () => {
  let t: TestApp;
  let today: string;
  let owner: UserRow;
  let reporter: UserRow;
  let guest: UserRow;
  let outsider: UserRow;
  let acme: GroupRow;
  let team: GroupRow;
  let secret: GroupRow;
  let project: ProjectWithGroup;

  beforeAll(async () => {
    t = await createTestApp();
    const r = await t.database.db.execute<{ today: string }>(sql`SELECT CURRENT_DATE::text AS today`);
    today = String(r.rows[0]?.today);
    owner = await t.buildUser();
    reporter = await t.buildUser();
    guest = await t.buildUser();
    outsider = await t.buildUser();
    acme = await t.buildGroup({ owner });
    team = await t.buildGroup({ parent: acme, owner });
    secret = await t.buildGroup({ visibility: 'private', owner });
    await t.addGroupMember(acme, reporter, 20);
    await t.addGroupMember(acme, guest, 10);
    project = await t.buildProject({ group: team });
  });

  async function createCadence(input: Record<string, unknown>, as: UserRow | null = owner) {
    const res = await t.graphql<{
      iterationCadenceCreate: { iterationCadence: { id: string } | null; errors: string[] };
    }>(CREATE_CADENCE, { input }, { as });
    return { payload: res.data?.iterationCadenceCreate, errors: res.errors?.map((e) => e.message) };
  }

  async function iterations(vars: Record<string, unknown>, as: UserRow | null = owner) {
    const res = await t.graphql<{ group: { iterations: { count: number; nodes: Iteration[] } } | null }>(
      ITERATIONS,
      vars,
      { as },
    );
    return res.data?.group?.iterations;
  }

  it('creates an automatic cadence with its past, current and upcoming iterations', async () => {
    const start = addDays(today, -15);
    const { payload } = await createCadence({
      groupPath: acme.fullPath,
      title: 'Sprints',
      automatic: true,
      active: true,
      startDate: start,
      durationInWeeks: 1,
      iterationsInAdvance: 2,
      rollOver: false,
      description: 'Weekly',
    });
    expect(payload?.errors).toEqual([]);
    const id = payload?.iterationCadence?.id;
    expect(id).toMatch(/^gid:\/\/gitlab\/Iterations::Cadence\/\d+$/);
    const list = await iterations({ fullPath: acme.fullPath, ids: [id] });
    // 15 days ago: two closed weeks, the current one, then two upcoming.
    expect(list?.nodes.map((n) => [n.state, n.startDate, n.dueDate, n.sequence])).toEqual([
      ['closed', start, addDays(start, 6), 1],
      ['closed', addDays(start, 7), addDays(start, 13), 2],
      ['current', addDays(start, 14), addDays(start, 20), 3],
      ['upcoming', addDays(start, 21), addDays(start, 27), 4],
      ['upcoming', addDays(start, 28), addDays(start, 34), 5],
    ]);
    expect(list?.nodes.every((n) => n.title === null && n.iterationCadence.durationInWeeks === 1)).toBe(true);
    const upcoming = await iterations({ fullPath: acme.fullPath, ids: [id], state: 'upcoming' });
    expect(upcoming?.count).toBe(2);
    const opened = await iterations({ fullPath: acme.fullPath, ids: [id], state: 'opened' });
    expect(opened?.count).toBe(3);
  });

  it('tops up upcoming iterations when a cadence is read, and follows a schedule change', async () => {
    const { payload } = await createCadence({
      groupPath: acme.fullPath,
      title: 'Topped up',
      automatic: true,
      active: true,
      startDate: addDays(today, 3),
      durationInWeeks: 2,
      iterationsInAdvance: 3,
    });
    const id = payload?.iterationCadence?.id as string;
    const cadenceId = Number(id.split('/').pop());
    // An iteration lost (as if time had passed the schedule): the next read creates what is missing.
    await t.database.db.execute(
      sql`DELETE FROM iterations WHERE iterations_cadence_id = ${cadenceId} AND start_date > ${addDays(today, 20)}::date`,
    );
    expect((await iterations({ fullPath: acme.fullPath, ids: [id] }))?.count).toBe(3);
    const res = await t.graphql<{ iterationCadenceUpdate: { errors: string[] } }>(
      UPDATE_CADENCE,
      { input: { id, durationInWeeks: 1, iterationsInAdvance: 2 } },
      { as: reporter },
    );
    expect(res.data?.iterationCadenceUpdate.errors).toEqual([]);
    const after = await iterations({ fullPath: acme.fullPath, ids: [id] });
    expect(after?.nodes.map((n) => [n.startDate, n.dueDate])).toEqual([
      [addDays(today, 3), addDays(today, 9)],
      [addDays(today, 10), addDays(today, 16)],
    ]);
  });

  it('answers GitLab’s validation messages in the payload, writing nothing', async () => {
    const { payload } = await createCadence({
      groupPath: acme.fullPath,
      title: '',
      automatic: true,
      active: true,
      durationInWeeks: 9,
    });
    expect(payload?.iterationCadence).toBeNull();
    expect(payload?.errors).toEqual([
      "Title can't be blank",
      'Duration in weeks is not included in the list',
      "Start date can't be blank",
      "Iterations in advance can't be blank",
    ]);
    const manualRollOver = await createCadence({
      groupPath: acme.fullPath,
      title: 'M',
      automatic: false,
      active: true,
      rollOver: true,
    });
    expect(manualRollOver.payload?.errors).toEqual([
      'Roll over is only available for cadences with automatic scheduling',
    ]);
    const tooOld = await createCadence({
      groupPath: acme.fullPath,
      title: 'Ancient',
      automatic: true,
      active: true,
      startDate: '1990-01-01',
      durationInWeeks: 1,
      iterationsInAdvance: 1,
    });
    expect(tooOld.payload?.errors[0]).toMatch(/^Start date is too far in the past/);
    const cadences = await t.graphql<{ group: { iterationCadences: { nodes: { title: string }[] } } }>(
      CADENCES,
      { fullPath: acme.fullPath },
      { as: owner },
    );
    expect(cadences.data?.group.iterationCadences.nodes.map((c) => c.title)).not.toContain('Ancient');
  });

  it('creates manual iterations, refusing overlaps and taken titles', async () => {
    const { payload } = await createCadence({
      groupPath: team.fullPath,
      title: 'Manual',
      automatic: false,
      active: true,
    });
    const cadenceId = payload?.iterationCadence?.id;
    const create = async (input: Record<string, unknown>) => {
      const res = await t.graphql<{ iterationCreate: { iteration: Iteration | null; errors: string[] } }>(
        CREATE_ITERATION,
        { input: { groupPath: team.fullPath, iterationsCadenceId: cadenceId, ...input } },
        { as: reporter },
      );
      expect(res.errors).toBeUndefined();
      return res.data?.iterationCreate;
    };
    const first = await create({ title: 'Alpha', startDate: addDays(today, -2), dueDate: addDays(today, 5) });
    expect(first?.errors).toEqual([]);
    expect(first?.iteration).toMatchObject({ title: 'Alpha', state: 'current', sequence: 1 });
    expect(first?.iteration?.webPath).toBe(
      `/groups/${team.fullPath}/-/iterations/${first?.iteration?.id.split('/').pop()}`,
    );
    expect((await create({ title: 'Beta', startDate: addDays(today, 5), dueDate: addDays(today, 9) }))?.errors).toEqual(
      ['Dates cannot overlap with other existing Iterations within this iterations cadence'],
    );
    expect(
      (await create({ title: 'Alpha', startDate: addDays(today, 6), dueDate: addDays(today, 9) }))?.errors,
    ).toEqual(['Title already being used for another iteration within this cadence.']);
    expect((await create({ startDate: addDays(today, 9), dueDate: addDays(today, 6) }))?.errors).toEqual([
      'Due date must be greater than start date',
    ]);
    const early = await create({ title: 'Zero', startDate: addDays(today, -20), dueDate: addDays(today, -10) });
    expect(early?.iteration).toMatchObject({ state: 'closed', sequence: 1 });
  });

  it('lists a subgroup’s iterations with its ancestors’ by default, searching titles and cadence titles', async () => {
    const all = await iterations({ fullPath: team.fullPath });
    const cadences = new Set(all?.nodes.map((n) => n.iterationCadence.title));
    expect([...cadences].sort()).toEqual(['Manual', 'Sprints', 'Topped up']);
    const own = await iterations({ fullPath: team.fullPath, includeAncestors: false });
    expect(new Set(own?.nodes.map((n) => n.iterationCadence.title))).toEqual(new Set(['Manual']));
    expect((await iterations({ fullPath: team.fullPath, search: 'alp' }))?.nodes.map((n) => n.title)).toEqual([
      'Alpha',
    ]);
    const byCadence = await iterations({ fullPath: team.fullPath, search: 'sprint', in: ['CADENCE_TITLE'] });
    expect(byCadence?.count).toBe(5);
    const inherited = await t.graphql<{ group: { iterationCadences: { nodes: { title: string }[] } } }>(
      CADENCES,
      { fullPath: team.fullPath, inherit: true },
      { as: owner },
    );
    expect(inherited.data?.group.iterationCadences.nodes.map((c) => c.title)).toEqual([
      'Manual',
      'Sprints',
      'Topped up',
    ]);
  });

  it('sets an issue’s iteration, filters issues by it and reports the burnup', async () => {
    const actor = userActor(owner);
    const a = await t.services.issues.create(actor, project, { title: 'A', weight: 3 });
    const b = await t.services.issues.create(actor, project, { title: 'B', weight: 2 });
    await t.services.issues.create(actor, project, { title: 'C' });
    const current = (
      await iterations({ fullPath: team.fullPath, state: 'current', search: 'sprint', in: ['CADENCE_TITLE'] })
    )?.nodes[0] as Iteration;
    const set = async (iid: number, iterationId: string | null, as: UserRow = owner) =>
      await t.graphql<{ issueSetIteration: { issue: { iteration: { id: string } | null } | null; errors: string[] } }>(
        SET_ITERATION,
        { projectPath: project.project.fullPath, iid: String(iid), iterationId },
        { as },
      );
    expect((await set(a.issue.iid, current.id)).data?.issueSetIteration.issue?.iteration?.id).toBe(current.id);
    await set(b.issue.iid, current.id);
    await t.services.issues.update(actor, b, { stateEvent: 'close' });
    const guestTry = await set(a.issue.iid, null, guest);
    expect(guestTry.errors?.[0]?.message).toMatch(/does not exist or you don't have permission/);

    const issues = async (vars: Record<string, unknown>) =>
      (
        await t.graphql<{ group: { issues: { nodes: { title: string }[] } } }>(
          ISSUES,
          { fullPath: team.fullPath, ...vars },
          { as: owner },
        )
      ).data?.group.issues.nodes.map((n) => n.title);
    expect(await issues({ iterationId: [current.id] })).toEqual(['A', 'B']);
    expect(await issues({ wildcard: 'CURRENT' })).toEqual(['A', 'B']);
    expect(await issues({ wildcard: 'NONE' })).toEqual(['C']);
    expect(await issues({ wildcard: 'ANY' })).toEqual(['A', 'B']);
    expect(await issues({ not: { iterationId: [current.id] } })).toEqual(['C']);
    expect(await issues({ not: { iterationWildcardId: 'CURRENT' } })).toEqual(['C']);

    const rest = await t.request({
      method: 'GET',
      url: `/api/v4/projects/${project.project.id}/issues?iteration_id=Current&order_by=title&sort=asc`,
      as: owner,
    });
    expect(rest.json<{ title: string }[]>().map((i) => i.title)).toEqual(['A', 'B']);
    const [restA] = rest.json<{ iteration: { id: number; state: number; web_url: string } | null }[]>();
    expect(restA?.iteration).toMatchObject({ id: Number(current.id.split('/').pop()), state: 2 });
    const restNot = await t.request({
      method: 'GET',
      url: `/api/v4/projects/${project.project.id}/issues?not[iteration_id]=${current.id.split('/').pop()}`,
      as: owner,
    });
    expect(restNot.json<{ title: string }[]>().map((i) => i.title)).toEqual(['C']);
    const restNone = await t.request({
      method: 'GET',
      url: `/api/v4/projects/${project.project.id}/issues?iteration_id=None`,
      as: owner,
    });
    expect(restNone.json<{ title: string }[]>().map((i) => i.title)).toEqual(['C']);

    const report = await t.graphql<{
      iteration: {
        report: {
          burnupTimeSeries: { date: string; scopeCount: number; completedCount: number; scopeWeight: number }[];
          stats: Record<string, { count: number; weight: number }>;
        };
      };
    }>(REPORT, { id: current.id }, { as: owner });
    expect(report.errors).toBeUndefined();
    const r = report.data?.iteration.report;
    expect(r?.stats).toEqual({
      complete: { count: 1, weight: 2 },
      incomplete: { count: 1, weight: 3 },
      total: { count: 2, weight: 5 },
    });
    // From the iteration's start to today: the issues joined today, so only today's point has them.
    expect(r?.burnupTimeSeries.at(0)?.date).toBe(current.startDate);
    expect(r?.burnupTimeSeries.at(-1)).toEqual({
      date: today,
      scopeCount: 2,
      scopeWeight: 5,
      completedCount: 1,
      completedWeight: 2,
    });
  });

  it('rolls open issues of an iteration that closed over to the current one', async () => {
    const { payload } = await createCadence({
      groupPath: team.fullPath,
      title: 'Rolling',
      automatic: true,
      active: true,
      startDate: addDays(today, -3),
      durationInWeeks: 1,
      iterationsInAdvance: 1,
      rollOver: true,
    });
    const id = payload?.iterationCadence?.id as string;
    const [first] = (await iterations({ fullPath: team.fullPath, ids: [id] }))?.nodes ?? [];
    const actor = userActor(owner);
    const open = await t.services.issues.create(actor, project, { title: 'Still open' });
    const done = await t.services.issues.create(actor, project, { title: 'Done' });
    for (const issue of [open, done]) {
      await t.graphql(
        SET_ITERATION,
        { projectPath: project.project.fullPath, iid: String(issue.issue.iid), iterationId: first?.id },
        { as: owner },
      );
    }
    await t.services.issues.update(actor, done, { stateEvent: 'close' });
    // A week passes: every iteration of the cadence moves a week into the past.
    const cadenceId = Number(id.split('/').pop());
    await t.database.db.execute(sql`UPDATE iterations SET start_date = start_date - 7, due_date = due_date - 7
      WHERE iterations_cadence_id = ${cadenceId}`);
    const after = await iterations({ fullPath: team.fullPath, ids: [id] });
    expect(after?.nodes.map((n) => n.state)).toEqual(['closed', 'current', 'upcoming']);
    const moved = await t.services.iterations.ofIssues([open.issue.id, done.issue.id]);
    expect(moved.get(open.issue.id)?.id).toBe(Number(after?.nodes[1]?.id.split('/').pop()));
    expect(moved.get(done.issue.id)?.id).toBe(Number(first?.id.split('/').pop()));
  });

  it('refuses an iteration outside the issue’s groups', async () => {
    const { payload } = await createCadence({
      groupPath: secret.fullPath,
      title: 'Elsewhere',
      automatic: true,
      active: true,
      startDate: today,
      durationInWeeks: 1,
      iterationsInAdvance: 1,
    });
    const elsewhere = (await iterations({ fullPath: secret.fullPath, ids: [payload?.iterationCadence?.id] }))?.nodes[0];
    const issue = await t.services.issues.create(userActor(owner), project, { title: 'D' });
    const res = await t.graphql<{ issueSetIteration: { errors: string[] } }>(
      SET_ITERATION,
      { projectPath: project.project.fullPath, iid: String(issue.issue.iid), iterationId: elsewhere?.id },
      { as: owner },
    );
    expect(res.data?.issueSetIteration.errors).toEqual([
      "Iteration must belong to the issue's group or one of its ancestors",
    ]);
  });

  it('keeps hidden groups’ iterations and cadences looking missing, and writes to Reporter+', async () => {
    const { payload } = await createCadence(
      { groupPath: secret.fullPath, title: 'Hidden', automatic: false, active: true },
      outsider,
    );
    expect(payload).toBeNull();
    const hidden = await t.graphql<{ group: unknown }>(CADENCES, { fullPath: secret.fullPath }, { as: outsider });
    expect(hidden.data?.group).toBeNull();
    const rest = await t.request({ method: 'GET', url: `/api/v4/groups/${secret.id}/iterations`, as: outsider });
    expect(rest.statusCode).toBe(404);
    expect(rest.json()).toEqual({ message: '404 Group Not Found' });
    const one = (await iterations({ fullPath: secret.fullPath }, owner))?.nodes[0] as Iteration;
    const direct = await t.graphql<{ iteration: unknown }>(
      `query($id: ID!) { iteration(id: $id) { id } }`,
      { id: one.id },
      { as: outsider },
    );
    expect(direct.data?.iteration).toBeNull();
    const byGuest = await createCadence(
      { groupPath: acme.fullPath, title: 'Guest', automatic: false, active: true },
      guest,
    );
    expect(byGuest.errors?.[0]).toMatch(/does not exist or you don't have permission/);
  });

  it('answers REST in GitLab’s shape with its state numbers and filters', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/v4/groups/${team.id}/iterations?state=current&search=alpha`,
      as: owner,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    const [alpha] = res.json<Record<string, unknown>[]>();
    expect(Object.keys(alpha ?? {}).sort()).toEqual(
      [
        'created_at',
        'description',
        'due_date',
        'group_id',
        'id',
        'iid',
        'sequence',
        'start_date',
        'state',
        'title',
        'updated_at',
        'web_url',
      ].sort(),
    );
    expect(alpha).toMatchObject({ title: 'Alpha', state: 2, group_id: team.id, start_date: addDays(today, -2) });
    expect(alpha?.web_url).toBe(`http://milepost.test/groups/${team.fullPath}/-/iterations/${alpha?.id}`);
    const projectList = await t.request({
      method: 'GET',
      url: `/api/v4/projects/${project.project.id}/iterations?state=upcoming`,
      as: owner,
    });
    expect(projectList.json<{ state: number }[]>().every((i) => i.state === 1)).toBe(true);
    expect(projectList.headers['x-total']).toBeDefined();
    const own = await t.request({
      method: 'GET',
      url: `/api/v4/groups/${team.id}/iterations?include_ancestors=false`,
      as: owner,
    });
    expect(own.json<{ group_id: number }[]>().every((i) => i.group_id === team.id)).toBe(true);
    const bad = await t.request({ method: 'GET', url: `/api/v4/groups/${team.id}/iterations?state=bogus`, as: owner });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'state does not have a valid value' });
  });

  it('deletes a cadence with its iterations, leaving its issues without an iteration', async () => {
    const { payload } = await createCadence({
      groupPath: team.fullPath,
      title: 'Short-lived',
      automatic: true,
      active: true,
      startDate: today,
      durationInWeeks: 1,
      iterationsInAdvance: 1,
    });
    const id = payload?.iterationCadence?.id as string;
    const it = (await iterations({ fullPath: team.fullPath, ids: [id] }))?.nodes[0] as Iteration;
    const issue = await t.services.issues.create(userActor(owner), project, { title: 'E' });
    await t.graphql(
      SET_ITERATION,
      { projectPath: project.project.fullPath, iid: String(issue.issue.iid), iterationId: it.id },
      { as: owner },
    );
    const res = await t.graphql<{ iterationCadenceDestroy: { errors: string[] } }>(
      DESTROY_CADENCE,
      { id },
      { as: reporter },
    );
    expect(res.data?.iterationCadenceDestroy.errors).toEqual([]);
    expect((await iterations({ fullPath: team.fullPath, ids: [id] }))?.count).toBe(0);
    const after = await t.services.iterations.ofIssues([issue.issue.id]);
    expect(after.size).toBe(0);
  });
});
