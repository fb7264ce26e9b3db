/**
 * The issue lists: state counts, the filters the list's tokens send, bulk edit, manual reorder, the
 * CSV export and the Atom feed — over real GraphQL, REST and UI requests. Hidden issues never
 * appear, are never counted, exported or changed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { issuesFactories } from '../../test/issues-factories.ts';
import { labelsMilestonesFactories } from '../../test/labels-milestones-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';
import type { IssueNode } from './issues.types.ts';

const today = new Date();
const dayOffset = (days: number) => new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);

describe('issue lists', () => {
  let t: TestApp;
  let owner: UserRow;
  let reporter: UserRow;
  let guest: UserRow;
  let outsider: UserRow;
  let group: GroupRow;
  let project: ProjectWithGroup;
  let secretProject: ProjectWithGroup;
  const issues: Record<string, IssueNode> = {};
  const issue = (key: string) => issues[key] as IssueNode;

  beforeAll(async () => {
    t = await createTestApp();
    const f = issuesFactories(t);
    const lm = labelsMilestonesFactories(t);
    const ef = epicsFactories(t);
    owner = await t.buildUser({ username: 'owner' });
    reporter = await t.buildUser({ username: 'rep' });
    guest = await t.buildUser({ username: 'guest' });
    outsider = await t.buildUser({ username: 'outsider' });
    group = await t.buildGroup({ path: 'il', visibility: 'public' });
    await t.addGroupMember(group, owner, 50);
    const sub = await t.buildGroup({ path: 'sub', parent: group, visibility: 'public' });
    project = await t.buildProject({ group, path: 'app' });
    // Members of the project only: the private subgroup's project stays hidden from them.
    await t.addProjectMember(project, reporter, 20);
    await t.addProjectMember(project, guest, 10);
    secretProject = await t.buildProject({ group: sub, path: 'secret', visibility: 'private' });
    const bug = await lm.buildLabel({ group, title: 'bug' });
    const upcoming = await lm.buildMilestone({
      group,
      title: 'Later',
      startDate: dayOffset(10),
      dueDate: dayOffset(40),
    });
    const started = await lm.buildMilestone({ group, title: 'Now', startDate: dayOffset(-5), dueDate: dayOffset(5) });
    const current = await ef.buildEpic({
      group,
      title: 'Current epic',
      startDateIsFixed: true,
      startDateFixed: dayOffset(-3),
      dueDateIsFixed: true,
      dueDateFixed: dayOffset(3),
    });
    const past = await ef.buildEpic({
      group,
      title: 'Past epic',
      startDateIsFixed: true,
      startDateFixed: dayOffset(-30),
      dueDateIsFixed: true,
      dueDateFixed: dayOffset(-20),
    });
    const as = owner;
    issues.a = await f.buildIssue({
      project,
      author: as,
      title: 'Alpha crash',
      labelIds: [bug.id],
      milestoneId: upcoming.id,
      weight: 3,
      epic: current,
    });
    issues.b = await f.buildIssue({
      project,
      author: as,
      title: 'Beta',
      description: 'crash in description',
      milestoneId: started.id,
      healthStatus: 'at_risk',
      epic: past,
    });
    issues.c = await f.buildIssue({
      project,
      author: as,
      title: 'Gamma, "quoted"',
      issueType: 'incident',
      assigneeIds: [reporter.id],
      weight: 0,
      closed: true,
    });
    issues.d = await f.buildIssue({ project, author: as, title: '=cmd()', issueType: 'task', confidential: true });
    issues.hidden = await f.buildIssue({ project: secretProject, author: as, title: 'Hidden one', labelIds: [bug.id] });
  }, 120_000);

  const counts = `query($path: ID!, $args: String) { group(fullPath: $path) { issueStatusCounts(search: $args) { opened closed all } } }`;

  describe('issueStatusCounts', () => {
    it('counts open, closed and all readable issues, whatever the state argument', async () => {
      const res = await t.graphql<{ group: { issueStatusCounts: unknown } }>(counts, { path: 'il' }, { as: owner });
      expect(res.data?.group.issueStatusCounts).toEqual({ opened: 4, closed: 1, all: 5 });
    });

    it('never counts issues hidden from the viewer', async () => {
      const anon = await t.graphql<{ group: { issueStatusCounts: unknown } }>(counts, { path: 'il' });
      expect(anon.data?.group.issueStatusCounts).toEqual({ opened: 2, closed: 1, all: 3 });
      const res = await t.graphql<{ project: { issueStatusCounts: unknown } }>(
        'query { project(fullPath: "il/sub/secret") { issueStatusCounts { all } } }',
        {},
        { as: outsider },
      );
      expect(res.data?.project).toBeNull();
    });

    it('applies the filter', async () => {
      const res = await t.graphql<{ group: { issueStatusCounts: unknown } }>(
        counts,
        { path: 'il', args: 'crash' },
        { as: owner },
      );
      expect(res.data?.group.issueStatusCounts).toEqual({ opened: 2, closed: 0, all: 2 });
    });
  });

  describe('filters of the list tokens', () => {
    const titles = async (args: string) => {
      const res = await t.graphql<{ group: { issues: { nodes: { title: string }[] } } }>(
        `query { group(fullPath: "il") { issues(state: all, sort: TITLE_ASC, ${args}) { nodes { title } } } }`,
        {},
        { as: owner },
      );
      expect(res.errors).toBeUndefined();
      return res.data?.group.issues.nodes.map((n) => n.title);
    };

    it.each([
      ['milestoneWildcardId: UPCOMING', ['Alpha crash']],
      ['milestoneWildcardId: STARTED', ['Beta']],
      ['not: { milestoneTitle: ["Now"] }', ['=cmd()', 'Alpha crash', 'Gamma, "quoted"', 'Hidden one']],
      ['epicWildcardId: CURRENT', ['Alpha crash']],
      ['epicWildcardId: NONE', ['=cmd()', 'Gamma, "quoted"', 'Hidden one']],
      ['labelName: ["None"]', ['=cmd()', 'Beta', 'Gamma, "quoted"']],
      ['labelName: ["Any"]', ['Alpha crash', 'Hidden one']],
      ['weight: "0"', ['Gamma, "quoted"']],
      ['weightWildcardId: NONE', ['=cmd()', 'Beta', 'Hidden one']],
      ['not: { weight: "3" }', ['=cmd()', 'Beta', 'Gamma, "quoted"', 'Hidden one']],
      ['healthStatusFilter: atRisk', ['Beta']],
      ['not: { healthStatusFilter: [atRisk] }', ['=cmd()', 'Alpha crash', 'Gamma, "quoted"', 'Hidden one']],
      ['types: [INCIDENT, TASK]', ['=cmd()', 'Gamma, "quoted"']],
      ['not: { types: [ISSUE] }', ['=cmd()', 'Gamma, "quoted"']],
      ['assigneeWildcardId: ANY', ['Gamma, "quoted"']],
      ['or: { assigneeUsernames: ["rep", "nobody"] }', ['Gamma, "quoted"']],
      ['search: "crash", in: [TITLE]', ['Alpha crash']],
      ['search: "crash"', ['Alpha crash', 'Beta']],
      ['confidential: true', ['=cmd()']],
    ])('%s', async (args, expected) => {
      expect(await titles(args)).toEqual(expected);
      // The same filter in the one `filters` input object gives the same rows.
      expect(await titles(`filters: { ${args} }`)).toEqual(expected);
    });

    it('gives the list and its counts the same `filters` value, combined with the separate arguments', async () => {
      const res = await t.graphql<{
        project: { issues: { count: number; nodes: { title: string }[] }; issueStatusCounts: unknown };
      }>(
        `query($f: IssueFilterInput) { project(fullPath: "il/app") {
          issues(state: opened, types: [ISSUE], filters: $f) { count nodes { title } }
          issueStatusCounts(types: [ISSUE], filters: $f) { opened closed all } } }`,
        { f: { search: 'crash', not: { labelName: ['bug'] } } },
        { as: owner },
      );
      expect(res.errors).toBeUndefined();
      expect(res.data?.project.issues).toEqual({ count: 1, nodes: [{ title: 'Beta' }] });
      expect(res.data?.project.issueStatusCounts).toEqual({ opened: 1, closed: 0, all: 1 });
    });

    it('refuses a filter given both as an argument and in `filters`', async () => {
      const res = await t.graphql(
        'query { group(fullPath: "il") { issues(search: "a", filters: { search: "b" }) { count } } }',
        {},
        { as: owner },
      );
      expect(res.errors?.[0]?.message).toBe('`search` is given both as an argument and in `filters`; give it once.');
    });

    it('caps the lists inside `filters` as any list argument', async () => {
      const many = Array.from({ length: 101 }, (_, i) => `l${i}`);
      const res = await t.graphql(
        'query($f: IssueFilterInput) { group(fullPath: "il") { issues(filters: $f) { count } } }',
        { f: { labelName: many } },
        { as: owner },
      );
      expect(res.errors?.[0]?.message).toMatch(/labelName is too long \(maximum is 100 values\)/);
    });
  });

  describe('keyset pages', () => {
    type Page = {
      group: {
        issues: {
          count: number;
          nodes: { title: string }[];
          pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string; endCursor: string };
        };
      };
    };
    const page = async (sort: string, paging: string) => {
      const res = await t.graphql<Page>(
        `query { group(fullPath: "il") { issues(state: all, sort: ${sort}, ${paging}) {
          count nodes { title } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } }`,
        {},
        { as: owner },
      );
      expect(res.errors).toBeUndefined();
      return res.data?.group.issues as Page['group']['issues'];
    };

    it.each([
      'CREATED_DESC',
      'CREATED_ASC',
      'TITLE_ASC',
      'DUE_DATE_ASC',
      'WEIGHT_DESC',
      'WEIGHT_ASC',
      'MILESTONE_DUE_ASC',
      'MILESTONE_DUE_DESC',
      'POPULARITY_DESC',
      'HEALTH_STATUS_ASC',
      'RELATIVE_POSITION_ASC',
      'PRIORITY_ASC',
      'PRIORITY_DESC',
      'LABEL_PRIORITY_ASC',
    ])('%s: two at a time forwards and backwards read the whole list once, in order', async (sort) => {
      const all = (await page(sort, 'first: 100')).nodes.map((n) => n.title);
      expect(all).toHaveLength(5);
      const forwards: string[] = [];
      let cursor = '';
      for (let n = 0; n < 5; n++) {
        const p = await page(sort, `first: 2${cursor ? `, after: "${cursor}"` : ''}`);
        forwards.push(...p.nodes.map((x) => x.title));
        expect(p.count).toBe(5);
        expect(p.pageInfo.hasPreviousPage).toBe(cursor !== '');
        if (!p.pageInfo.hasNextPage) break;
        cursor = p.pageInfo.endCursor;
      }
      expect(forwards).toEqual(all);
      const backwards: string[] = [];
      cursor = '';
      for (let n = 0; n < 5; n++) {
        const p = await page(sort, `last: 2${cursor ? `, before: "${cursor}"` : ''}`);
        backwards.unshift(...p.nodes.map((x) => x.title));
        expect(p.pageInfo.hasNextPage).toBe(cursor !== '');
        if (!p.pageInfo.hasPreviousPage) break;
        cursor = p.pageInfo.startCursor;
      }
      expect(backwards).toEqual(all);
    });

    it('refuses a cursor that is not one, or belongs to another sort order', async () => {
      const first = await page('TITLE_ASC', 'first: 1');
      for (const paging of ['after: "bm90IGEgY3Vyc29y"', `after: "${first.pageInfo.endCursor}"`]) {
        const res = await t.graphql(
          `query { group(fullPath: "il") { issues(sort: CREATED_DESC, ${paging}) { count } } }`,
          {},
          { as: owner },
        );
        expect(res.errors?.[0]?.message).toBe(
          'The cursor is not valid for this list and sort order: start again from the first page.',
        );
      }
    });
  });

  describe('issuesBulkUpdate', () => {
    const bulk = `mutation($input: IssuesBulkUpdateInput!) { issuesBulkUpdate(input: $input) { updatedIssueCount errors } }`;
    const gid = (node: IssueNode) => `gid://gitlab/Issue/${node.issue.id}`;

    it('updates the issues a Reporter may administer and skips hidden ones silently', async () => {
      const res = await t.graphql<{ issuesBulkUpdate: { updatedIssueCount: number; errors: string[] } }>(
        bulk,
        {
          input: {
            parentId: `gid://gitlab/Group/${group.id}`,
            ids: [gid(issues.a as IssueNode), gid(issues.b as IssueNode), gid(issues.hidden as IssueNode)],
            weight: 7,
            healthStatus: 'needsAttention',
            subscriptionEvent: 'SUBSCRIBE',
            assigneeIds: [`gid://gitlab/User/${reporter.id}`],
          },
        },
        { as: reporter },
      );
      expect(res.data?.issuesBulkUpdate).toEqual({ updatedIssueCount: 2, errors: [] });
      const check = await t.request({
        method: 'GET',
        url: '/api/v4/projects/il%2Fapp/issues?order_by=title&sort=asc',
        as: reporter,
      });
      const rows =
        check.json<
          {
            title: string;
            weight: number;
            health_status: string;
            subscribed: boolean;
            assignees: { username: string }[];
          }[]
        >();
      const alpha = rows.find((r) => r.title === 'Alpha crash');
      expect(alpha).toMatchObject({ weight: 7, health_status: 'needs_attention', subscribed: true });
      expect(alpha?.assignees.map((u) => u.username)).toEqual(['rep']);
      const hidden = await t.request({ method: 'GET', url: '/api/v4/projects/il%2Fsub%2Fsecret/issues', as: owner });
      expect(hidden.json<{ weight: number | null }[]>()[0]?.weight).toBeNull();
    });

    it('closes and reopens, clears the weight and the milestone', async () => {
      const input = { parentId: `gid://gitlab/Project/${project.project.id}`, ids: [gid(issues.a as IssueNode)] };
      const close = await t.graphql(
        bulk,
        { input: { ...input, stateEvent: 'CLOSE', weight: null, milestoneId: null } },
        { as: owner },
      );
      expect(close.data).toEqual({ issuesBulkUpdate: { updatedIssueCount: 1, errors: [] } });
      const [row] = (
        await t.request({ method: 'GET', url: '/api/v4/projects/il%2Fapp/issues?search=Alpha', as: owner })
      ).json<{ state: string; weight: number | null; milestone: unknown }[]>();
      expect(row).toMatchObject({ state: 'closed', weight: null, milestone: null });
      await t.graphql(bulk, { input: { ...input, stateEvent: 'REOPEN' } }, { as: owner });
    });

    it('changes nothing for a Guest and refuses signed-out visitors', async () => {
      const input = {
        parentId: `gid://gitlab/Project/${project.project.id}`,
        ids: [gid(issues.b as IssueNode)],
        weight: 9,
      };
      const res = await t.graphql(bulk, { input }, { as: guest });
      expect(res.data).toEqual({ issuesBulkUpdate: { updatedIssueCount: 0, errors: [] } });
      const anon = await t.graphql(bulk, { input });
      expect(anon.errors?.[0]?.message).toBeTruthy();
    });

    it('refuses more than 100 ids and an empty change', async () => {
      const ids = Array.from({ length: 101 }, (_, i) => `gid://gitlab/Issue/${i + 1}`);
      const many = await t.graphql(
        bulk,
        { input: { parentId: `gid://gitlab/Group/${group.id}`, ids, weight: 1 } },
        { as: owner },
      );
      expect(JSON.stringify(many.errors ?? many.data)).toMatch(/maximum is 100/);
      const none = await t.graphql<{ issuesBulkUpdate: { errors: string[] } }>(
        bulk,
        { input: { parentId: `gid://gitlab/Group/${group.id}`, ids: [gid(issues.a as IssueNode)] } },
        { as: owner },
      );
      expect(none.data?.issuesBulkUpdate.errors).toEqual(['Nothing to update']);
    });
  });

  describe('reorder', () => {
    const manual = async () =>
      (
        await t.request({
          method: 'GET',
          url: '/api/v4/projects/il%2Fapp/issues?order_by=relative_position&sort=asc',
          as: owner,
        })
      )
        .json<{ title: string }[]>()
        .map((r) => r.title);

    it('moves an issue between two others (REST and the list page path), positions spread on first use', async () => {
      const [a, c, d] = [issue('a'), issue('c'), issue('d')];
      const rest = await t.request({
        method: 'PUT',
        url: `/api/v4/projects/il%2Fapp/issues/${d.issue.iid}/reorder`,
        payload: { move_after_id: a.issue.id },
        as: owner,
      });
      expect(rest.statusCode).toBe(200);
      expect((await manual()).slice(0, 2)).toEqual(['=cmd()', 'Alpha crash']);
      const ui = await t.request({
        method: 'PUT',
        url: `/il/app/-/issues/${c.issue.iid}/reorder`,
        payload: { move_before_id: d.issue.id, move_after_id: a.issue.id },
        as: owner,
      });
      expect(ui.statusCode).toBe(200);
      expect(ui.headers['content-type']).toBe('application/json');
      expect(await manual()).toEqual(['=cmd()', 'Gamma, "quoted"', 'Alpha crash', 'Beta']);
    });

    it('answers 404 for a hidden neighbour and 403/404 for a Guest', async () => {
      const [a, hidden] = [issue('a'), issue('hidden')];
      const res = await t.request({
        method: 'PUT',
        url: `/api/v4/projects/il%2Fapp/issues/${a.issue.iid}/reorder`,
        payload: { move_after_id: hidden.issue.id },
        as: reporter,
      });
      expect(res.statusCode).toBe(404);
      const guestRes = await t.request({
        method: 'PUT',
        url: `/api/v4/projects/il%2Fapp/issues/${a.issue.iid}/reorder`,
        payload: { move_after_id: (issues.b as IssueNode).issue.id },
        as: guest,
      });
      expect(guestRes.statusCode).toBe(403);
    });
  });

  describe('CSV export and Atom feed', () => {
    it('downloads the filtered list with GitLab columns, escaping quotes and formulas', async () => {
      const res = await t.request({
        method: 'GET',
        url: '/groups/il/-/issues/export_csv?state=all&sort=title_asc',
        as: owner,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="il_issues_\d{4}-\d\d-\d\d\.csv"$/);
      const lines = res.body.trim().split('\n');
      expect(lines[0]).toBe(
        'Title,Description,Issue ID,URL,State,Author,Author Username,Assignee,Assignee Username,Confidential,Locked,Due Date,Created At (UTC),Updated At (UTC),Closed At (UTC),Milestone,Weight,Labels,Time Estimate,Time Spent,Epic ID,Epic Title',
      );
      expect(lines).toHaveLength(6);
      expect(lines[1]).toMatch(/^'=cmd\(\),,\d+,http:\/\/milepost\.test\/il\/app\/-\/issues\/\d+,Open,/);
      expect(lines.some((l) => l.startsWith('"Gamma, ""quoted"""'))).toBe(true);
    });

    it('exports only what the viewer may read, with the list filter', async () => {
      const anon = await t.request({ method: 'GET', url: '/groups/il/-/issues/export_csv?label_name[]=bug&state=all' });
      expect(anon.body.trim().split('\n')).toHaveLength(2);
      expect(anon.body).toContain('Alpha crash');
      expect(anon.body).not.toContain('Hidden one');
      const owned = await t.request({
        method: 'GET',
        url: '/groups/il/-/issues/export_csv?label_name[]=bug&state=all',
        as: owner,
      });
      expect(owned.body).toContain('Hidden one');
      const hidden = await t.request({ method: 'GET', url: '/il/sub/secret/-/issues/export_csv', as: outsider });
      expect(hidden.statusCode).toBe(404);
    });

    it('serves the Atom feed of the list', async () => {
      const res = await t.request({ method: 'GET', url: '/il/app/-/issues.atom?type[]=incident&state=all' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
      expect(res.body).toContain('<title>app issues</title>');
      expect(res.body).toContain('<title>Gamma, &quot;quoted&quot;</title>');
      expect(res.body).not.toContain('Beta');
    });
  });
});
