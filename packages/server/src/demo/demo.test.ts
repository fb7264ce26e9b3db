import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_USERS, loadDemo } from './demo.ts';

describe('the demo', () => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await t.services.users.create('system', {
      username: 'root',
      name: 'Administrator',
      email: 'admin@example.com',
      password: 'root-password-123',
      admin: true,
    });
    // A pinned day far from the real one: the demo's dates must follow it, not the clock.
    const config = loadConfig({ MILEPOST_DEMO_TODAY: '2027-03-05' });
    await loadDemo(t.services, { ...config, demoPassword: undefined }, (l) => lines.push(l));
  });

  it('prints the demo users and a generated password once', () => {
    const passwordLine = lines.find((l) => l.includes('Demo password (shown only once)'));
    expect(passwordLine).toMatch(/: \S{8,}$/);
    expect(lines.join('\n')).toContain(DEMO_USERS.map((u) => u.username).join(', '));
  });

  it('lets a demo user sign in with the printed password', async () => {
    const password =
      lines
        .find((l) => l.includes('Demo password'))
        ?.split(': ')
        .pop() ?? '';
    const user = await t.services.auth.checkCredentials('alice', password);
    expect(user.username).toBe('alice');
  });

  it('gives the projects their own labels and milestones', async () => {
    const res = await t.graphql<{
      project: { labels: { nodes: { title: string }[] }; milestones: { nodes: { title: string }[] } };
    }>(
      `{ project(fullPath: "acme/platform/web") { labels(includeAncestorGroups: false) { nodes { title } } milestones(includeAncestors: false) { nodes { title } } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.project.labels.nodes.map((l) => l.title)).toContain('browser-compat');
    expect(res.data?.project.milestones.nodes.map((m) => m.title)).toEqual(
      expect.arrayContaining(['Web v1.0', 'Web polish']),
    );
    expect(lines.join('\n')).toMatch(/Planning: 25 labels, 57 milestones/);
  });

  it('shows the public group and hides the private subgroup from visitors', async () => {
    const res = await t.graphql<{
      group: { descendantGroups: { nodes: { fullPath: string }[] } } | null;
      lab: unknown;
    }>(
      `{ group(fullPath: "acme") { descendantGroups { nodes { fullPath } } } lab: group(fullPath: "acme/secret-lab") { id } }`,
    );
    expect(res.data?.group?.descendantGroups.nodes.map((g) => g.fullPath)).toEqual(['acme/platform']);
    expect(res.data?.lab).toBeNull();
  });

  it('gives every role to someone, and the lab to its members only', async () => {
    const acme = await t.services.groups.find({ user: null, via: 'anonymous', scopes: [], memo: new Map() }, 'acme');
    expect(acme).toBeDefined();
    const roles = new Set(DEMO_USERS.map((u) => u.role).filter(Boolean));
    expect([...roles].sort()).toEqual([10, 20, 30, 40, 50]);
    const judy = await t.services.auth.checkCredentials(
      'judy',
      lines
        .find((l) => l.includes('Demo password'))
        ?.split(': ')
        .pop(),
    );
    const res = await t.graphql<{ group: { fullPath: string } | null }>(
      '{ group(fullPath: "acme/secret-lab") { fullPath } }',
      {},
      { as: judy },
    );
    expect(res.data?.group?.fullPath).toBe('acme/secret-lab');
  });

  it('spreads its dates around MILEPOST_DEMO_TODAY when it is set, and says so', async () => {
    expect(lines).toContain('  Dates spread around 2027-03-05 (MILEPOST_DEMO_TODAY).');
    const res = await t.graphql<{
      group: {
        milestones: { nodes: { title: string; startDate: string; dueDate: string; state: string }[] };
        epic: { startDate: string; dueDate: string };
      };
    }>(
      `{ group(fullPath: "acme") {
          milestones(title: "2027 Q1") { nodes { title startDate dueDate state } }
          epic(iid: "1") { startDate dueDate } } }`,
    );
    const quarter = res.data?.group.milestones.nodes[0];
    expect(quarter?.state).toBe('active');
    expect(quarter?.startDate.slice(0, 10)).toBe('2027-01-01');
    expect(quarter?.dueDate.slice(0, 10)).toBe('2027-03-31');
    // 'Platform modernization' starts with its earliest slice, 17 months before the pinned month.
    expect(res.data?.group.epic.startDate.slice(0, 10)).toBe('2025-10-01');
  });

  it('has a cadence of four two-week sprints around the demo’s today, with web issues in the last and the current', async () => {
    expect(lines).toContain('  Iterations: 1 cadence, 4 iterations, 10 issues in them.');
    const res = await t.graphql<{
      group: {
        iterationCadences: { nodes: { title: string; automatic: boolean }[] };
        iterations: { nodes: { startDate: string; dueDate: string }[] };
      };
      project: { issues: { count: number } };
    }>(
      `{ group(fullPath: "acme/platform") {
          iterationCadences { nodes { title automatic } }
          iterations(includeAncestors: false) { nodes { startDate dueDate } } }
        project(fullPath: "acme/platform/web") { issues(iterationWildcardId: ANY) { count } } }`,
    );
    expect(res.data?.group.iterationCadences.nodes).toEqual([{ title: 'Platform sprints', automatic: false }]);
    expect(res.data?.group.iterations.nodes.map((n) => [n.startDate, n.dueDate])).toEqual([
      ['2027-02-05', '2027-02-18'],
      ['2027-02-19', '2027-03-04'],
      ['2027-03-05', '2027-03-18'],
      ['2027-03-19', '2027-04-01'],
    ]);
    expect(res.data?.project.issues.count).toBe(10);
  });

  it('holds real discussions: comments, resolved threads and history, with internal notes kept from visitors', async () => {
    const summary = lines.find((l) => l.includes(' comments, '));
    expect(summary).toMatch(/, \d+ comments, 4 issue templates\.$/);
    const rows = await t.database.pool.query<{ system: boolean; internal: boolean; resolved: boolean; n: number }>(
      `SELECT system, internal, resolved_at IS NOT NULL AS resolved, count(*)::int AS n FROM notes
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
    const count = (system: boolean, internal: boolean, resolved: boolean) =>
      rows.rows.find((r) => r.system === system && r.internal === internal && r.resolved === resolved)?.n ?? 0;
    expect(count(false, false, false)).toBeGreaterThan(5);
    expect(count(false, false, true)).toBeGreaterThan(2);
    expect(count(false, true, false)).toBeGreaterThan(0);
    expect(count(true, false, false)).toBeGreaterThanOrEqual(1);
    const internal = await t.database.pool.query<{ project_id: number; iid: number }>(
      `SELECT i.project_id, i.iid FROM notes n JOIN issues i ON i.id = n.issue_id WHERE n.internal LIMIT 1`,
    );
    const [where] = internal.rows;
    const url = `/api/v4/projects/${where?.project_id}/issues/${where?.iid}/notes`;
    const visitor = await t.request({ method: 'GET', url, as: null });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json<{ internal: boolean }[]>().some((n) => n.internal)).toBe(false);
  });

  it('ships issue templates: acme’s for every project, and the web project’s own Bug over acme’s', async () => {
    const list = (path: string) =>
      t.request({ method: 'GET', url: `/api/v4/projects/${encodeURIComponent(path)}/templates/issues`, as: null });
    expect((await list('acme/platform/web')).json<{ name: string }[]>().map((x) => x.name)).toEqual([
      'Bug',
      'Feature request',
      'Incident review',
    ]);
    expect((await list('acme/website')).json<{ name: string }[]>().map((x) => x.name)).toEqual([
      'Bug',
      'Incident review',
    ]);
    const bug = await t.request({
      method: 'GET',
      url: `/api/v4/projects/${encodeURIComponent('acme/platform/web')}/templates/issues/Bug`,
      as: null,
    });
    expect(bug.json<{ content: string }>().content).toContain('## Browser and version');
  });
});
