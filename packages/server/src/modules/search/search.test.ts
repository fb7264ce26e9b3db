import { beforeAll, describe, expect, it } from 'vitest';
import { anonymousActor, userActor } from '../../authz/actor.ts';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { issuesFactories } from '../../test/issues-factories.ts';
import { labelsMilestonesFactories } from '../../test/labels-milestones-factories.ts';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';
import { prefixQueryText, searchWords } from './search.repository.ts';

type Json = Record<string, unknown>;

describe('search words', () => {
  it.each([
    ['roadmap', 'roadmap:*'],
    ['Roadm  DRAW', 'roadm:* & draw:*'],
    ["it's a #12 (bug)", 'it:* & s:* & a:* & 12:* & bug:*'],
    ['"exact phrase"', null],
    ['roadmap -bars', null],
    ['roadmap or timeline', null],
    ['!!! ---', null],
    ['épée Straße', 'épée:* & straße:*'],
  ])('%j matches as prefixes: %j', (term, query) => {
    expect(prefixQueryText(term)).toBe(query);
  });

  it('keeps at most ten distinct words of at most 100 characters', () => {
    expect(searchWords('a b a c')).toEqual(['a', 'b', 'c']);
    expect(searchWords(Array.from({ length: 12 }, (_, i) => `w${i}`).join(' '))).toHaveLength(10);
    expect(searchWords('x'.repeat(150))[0]).toHaveLength(100);
  });
});

describe('global search', () => {
  let t: TestApp;
  let guest: UserRow;
  let reporter: UserRow;
  let author: UserRow;
  let outsider: UserRow;
  let labMember: UserRow;
  let blocked: UserRow;
  let admin: UserRow;
  let acme: GroupRow;
  let lab: GroupRow;
  let web: ProjectWithGroup;
  let labProject: ProjectWithGroup;

  const get = (url: string, as?: UserRow | null) => t.request({ method: 'GET', url: `/api/v4${url}`, as });
  const titles = (body: unknown) => (body as { title: string }[]).map((x) => x.title);
  const search = async (url: string, as?: UserRow | null) => {
    const res = await get(url, as);
    expect(res.statusCode, res.body).toBe(200);
    return { body: res.json<Json[]>(), total: res.headers['x-total'] };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const issues = issuesFactories(t);
    const epics = epicsFactories(t);
    const planning = labelsMilestonesFactories(t);
    [guest, reporter, author, outsider, labMember] = await Promise.all([
      t.buildUser({ username: 'gwen-guest', name: 'Gwen Guest' }),
      t.buildUser({ username: 'rory-reporter', name: 'Rory Reporter' }),
      t.buildUser({ username: 'ada-author', name: 'Ada Author' }),
      t.buildUser({ username: 'otto-outsider', name: 'Otto Outsider' }),
      t.buildUser({ username: 'lena-lab', name: 'Lena Lab' }),
    ]);
    blocked = await t.buildUser({ username: 'blake-blocked', name: 'Blake Blocked' });
    admin = await t.buildUser({ username: 'root-search', admin: true });
    await t.services.adminUsers.changeState(userActor(admin), blocked.id, 'block');

    acme = await t.buildGroup({ path: 'acme-search', name: 'Acme Search', visibility: 'public' });
    lab = await t.buildGroup({ path: 'lab', name: 'Secret lab', parent: acme, visibility: 'private' });
    await t.addGroupMember(acme, guest, 10);
    await t.addGroupMember(acme, reporter, 20);
    await t.addGroupMember(acme, author, 10);
    await t.addGroupMember(lab, labMember, 30);
    web = await t.buildProject({ group: acme, path: 'web-portal', name: 'Web portal' });
    labProject = await t.buildProject({ group: lab, path: 'lab-notes', name: 'Lab notes', visibility: 'private' });

    await issues.buildIssue({ project: web, title: 'Roadmap drawing is slow', description: 'Bars redraw.' });
    await issues.buildIssue({ project: web, title: 'Login page', description: 'The roadmap link is missing here.' });
    await issues.buildIssue({ project: web, title: 'Roadmap secrets', confidential: true, author });
    await issues.buildIssue({ project: labProject, title: 'Roadmap of the lab' });
    await issues.buildIssue({ project: web, title: 'Closed roadmap cleanup', closed: true });
    await epics.buildEpic({ group: acme, title: 'Roadmap epic', description: 'Planning.' });
    await epics.buildEpic({ group: acme, title: 'Confidential roadmap epic', confidential: true });
    await epics.buildEpic({ group: lab, title: 'Lab roadmap epic' });
    await planning.buildMilestone({ group: acme, title: 'Roadmap release 1' });
    await planning.buildMilestone({ project: labProject, title: 'Roadmap lab milestone' });
  });

  describe('REST GET /search', () => {
    it('finds issues ranked (title before description), without hidden or confidential ones for visitors', async () => {
      const { body, total } = await search('/search?scope=issues&search=roadmap', null);
      // Title matches rank above the description match; equal ranks: newest first.
      expect(titles(body)).toEqual(['Closed roadmap cleanup', 'Roadmap drawing is slow', 'Login page']);
      expect(total).toBe('3');
      const issue = body[1] as Json;
      expect(issue).toMatchObject({ iid: 1, project_id: web.project.id, state: 'opened', confidential: false });
      expect(issue.web_url).toBe(`${TEST_BASE_URL}/acme-search/web-portal/-/issues/1`);
    });

    it('shows a confidential issue to Reporters and to its author, never to Guests', async () => {
      expect(titles((await search('/search?scope=issues&search=secrets', guest)).body)).toEqual([]);
      expect(titles((await search('/search?scope=issues&search=secrets', author)).body)).toEqual(['Roadmap secrets']);
      expect(titles((await search('/search?scope=issues&search=secrets', reporter)).body)).toEqual(['Roadmap secrets']);
      expect((await search('/search?scope=issues&search=secrets', guest)).total).toBe('0');
    });

    it('finds what private groups hold only for their members and administrators', async () => {
      expect(titles((await search('/search?scope=issues&search=lab', outsider)).body)).toEqual([]);
      expect(titles((await search('/search?scope=issues&search=lab', labMember)).body)).toEqual(['Roadmap of the lab']);
      expect(titles((await search('/search?scope=epics&search=roadmap', outsider)).body)).toEqual(['Roadmap epic']);
      expect(titles((await search('/search?scope=epics&search=roadmap', admin)).body).sort()).toEqual([
        'Confidential roadmap epic',
        'Lab roadmap epic',
        'Roadmap epic',
      ]);
      const groups = (await search('/search?scope=groups&search=lab', outsider)).body;
      expect(groups).toEqual([]);
      const visible = (await search('/search?scope=groups&search=lab', labMember)).body as Json[];
      expect(visible.map((g) => g.full_path)).toEqual(['acme-search/lab']);
      expect(titles((await search('/search?scope=milestones&search=roadmap', outsider)).body)).toEqual([
        'Roadmap release 1',
      ]);
    });

    it('matches words as prefixes while typing, and reads websearch syntax', async () => {
      expect(titles((await search('/search?scope=issues&search=roadm%20draw', null)).body)).toEqual([
        'Roadmap drawing is slow',
      ]);
      expect(titles((await search('/search?scope=issues&search=roadmap%20-login', null)).body)).toEqual([
        'Closed roadmap cleanup',
        'Roadmap drawing is slow',
      ]);
      expect(titles((await search('/search?scope=issues&search=%22link%20is%20missing%22', null)).body)).toEqual([
        'Login page',
      ]);
    });

    it('filters issues by state and confidentiality, and sorts by creation date on request', async () => {
      expect(titles((await search('/search?scope=issues&search=roadmap&state=closed', null)).body)).toEqual([
        'Closed roadmap cleanup',
      ]);
      expect(titles((await search('/search?scope=issues&search=roadmap&confidential=true', reporter)).body)).toEqual([
        'Roadmap secrets',
      ]);
      expect(
        titles((await search('/search?scope=issues&search=roadmap&order_by=created_at&sort=asc', null)).body),
      ).toEqual(['Roadmap drawing is slow', 'Login page', 'Closed roadmap cleanup']);
    });

    it('answers projects, groups and users in GitLab shapes; blocked users only for administrators', async () => {
      const projects = (await search('/search?scope=projects&search=portal', null)).body;
      expect(projects).toHaveLength(1);
      expect(projects[0]).toMatchObject({ path_with_namespace: 'acme-search/web-portal', name: 'Web portal' });
      const groups = (await search('/search?scope=groups&search=acme', null)).body;
      expect(groups[0]).toMatchObject({ full_path: 'acme-search', name: 'Acme Search' });
      const users = (await search('/search?scope=users&search=gwen', null)).body;
      expect(users).toEqual([
        {
          id: guest.id,
          username: 'gwen-guest',
          name: 'Gwen Guest',
          state: 'active',
          locked: false,
          avatar_url: null,
          web_url: `${TEST_BASE_URL}/gwen-guest`,
        },
      ]);
      expect((await search('/search?scope=users&search=blake', reporter)).body).toEqual([]);
      expect((await search('/search?scope=users&search=blake', admin)).body).toHaveLength(1);
    });

    it('pages with GitLab headers', async () => {
      const res = await get('/search?scope=issues&search=roadmap&per_page=2', null);
      expect(res.headers['x-total']).toBe('3');
      expect(res.headers['x-next-page']).toBe('2');
      expect(titles(res.json())).toHaveLength(2);
      expect(res.headers['content-type']).toBe('application/json');
      const past = await get('/search?scope=issues&search=roadmap&per_page=2&page=5', null);
      expect(past.json()).toEqual([]);
      expect(past.headers['x-total']).toBe('3');
    });

    it('refuses a missing text or scope in Grape words, and answers GitLab scopes Milepost lacks with []', async () => {
      const missing = await get('/search?scope=issues', null);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ error: 'search is missing' });
      const blank = await get('/search?scope=issues&search=%20', null);
      expect(blank.json()).toEqual({ error: 'search is missing' });
      const bad = await get('/search?scope=wikis&search=x', null);
      expect(bad.json()).toEqual({ error: 'scope does not have a valid value' });
      expect((await search('/search?scope=merge_requests&search=roadmap', null)).body).toEqual([]);
    });
  });

  describe('REST group and project search', () => {
    it('searches within a group and its subgroups; a hidden group is a 404', async () => {
      const { body } = await search(`/groups/${acme.id}/search?scope=issues&search=roadmap`, labMember);
      expect(titles(body)).toContain('Roadmap of the lab');
      expect((await get(`/groups/${lab.id}/search?scope=issues&search=roadmap`, outsider)).statusCode).toBe(404);
      const subgroups = (await search(`/groups/acme-search/search?scope=groups&search=lab`, labMember)).body;
      expect(subgroups.map((g) => g.full_path)).toEqual(['acme-search/lab']);
      const members = (await search(`/groups/${acme.id}/search?scope=users&search=gwen`, null)).body;
      expect(members.map((u) => u.username)).toEqual(['gwen-guest']);
      expect((await search(`/groups/${lab.id}/search?scope=users&search=gwen`, labMember)).body).toEqual([
        expect.objectContaining({ username: 'gwen-guest' }),
      ]);
    });

    it('searches within a project; scopes a project does not have are refused', async () => {
      const { body } = await search(`/projects/${web.project.id}/search?scope=issues&search=roadmap`, null);
      expect(titles(body)).not.toContain('Roadmap of the lab');
      expect(body).toHaveLength(3);
      const milestones = (
        await search(`/projects/${labProject.project.id}/search?scope=milestones&search=roadmap`, labMember)
      ).body;
      expect(titles(milestones)).toEqual(['Roadmap lab milestone']);
      const refused = await get(`/projects/${web.project.id}/search?scope=epics&search=roadmap`, null);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: 'scope does not have a valid value' });
      expect((await get(`/projects/${labProject.project.id}/search?scope=issues&search=x`, outsider)).statusCode).toBe(
        404,
      );
    });
  });

  describe('GraphQL', () => {
    const QUERY = `query($search: String!, $scope: SearchScope!, $groupId: ID) {
      search(search: $search, scope: $scope, groupId: $groupId, perPage: 2) {
        scope count hasNextPage
        issues { title reference(full: true) }
        epics { title }
        users { username }
      }
      searchCounts(search: $search, groupId: $groupId) { group { fullPath } scopes { scope count } }
    }`;

    it('answers a page of one scope and the counts of every scope, hiding what the viewer may not read', async () => {
      const res = await t.graphql<{
        search: { count: number; hasNextPage: boolean; issues: { title: string; reference: string }[] };
        searchCounts: { group: null; scopes: { scope: string; count: number }[] };
      }>(QUERY, { search: 'roadmap', scope: 'ISSUES' }, { as: outsider });
      expect(res.errors).toBeUndefined();
      expect(res.data?.search.count).toBe(3);
      expect(res.data?.search.hasNextPage).toBe(true);
      expect(res.data?.search.issues.map((i) => i.reference)).toEqual([
        'acme-search/web-portal#4',
        'acme-search/web-portal#1',
      ]);
      expect(Object.fromEntries(res.data?.searchCounts.scopes.map((c) => [c.scope, c.count]) ?? [])).toEqual({
        PROJECTS: 0,
        GROUPS: 0,
        ISSUES: 3,
        EPICS: 1,
        MILESTONES: 1,
        USERS: 0,
      });
    });

    it('answers null for a hidden group and an error for a blank text', async () => {
      const hidden = await t.graphql<{ search: unknown }>(
        QUERY,
        { search: 'roadmap', scope: 'ISSUES', groupId: String(lab.id) },
        { as: outsider },
      );
      expect(hidden.data?.search).toBeNull();
      const within = await t.graphql<{ searchCounts: { group: { fullPath: string } } }>(
        QUERY,
        { search: 'roadmap', scope: 'ISSUES', groupId: `gid://gitlab/Group/${lab.id}` },
        { as: labMember },
      );
      expect(within.data?.searchCounts.group.fullPath).toBe('acme-search/lab');
      const blank = await t.graphql(QUERY, { search: '  ', scope: 'ISSUES' }, { as: guest });
      expect(blank.errors?.[0]?.message).toBe('search is missing');
    });
  });

  describe('the pages of issue 15', () => {
    const status = (path: string, user?: UserRow) =>
      t.services.webPages.pageStatus(user ? userActor(user) : anonymousActor(), path);

    it('serves search, explore and help to everyone; your work, new group and new issue need an account', async () => {
      for (const path of ['/search', '/explore', '/explore/projects', '/explore/groups', '/-/help']) {
        expect(await status(path), path).toBe('ok');
      }
      for (const path of [
        '/dashboard/issues',
        '/dashboard/epics',
        '/groups/new',
        '/acme-search/web-portal/-/issues/new',
      ]) {
        expect(await status(path), path).toBe('sign-in');
        expect(await status(path, guest), path).toBe('ok');
      }
      expect(await status('/explore/nothing', guest)).toBe('not-found');
      expect(await status('/acme-search/lab/lab-notes/-/issues/new', outsider)).toBe('not-found');
    });
  });

  describe('the dashboard lists (root issues and epics)', () => {
    it('lists issues across projects for a filter, and refuses to list them all', async () => {
      const res = await t.graphql<{
        issues: { nodes: { title: string }[] };
        issueStatusCounts: { opened: number; closed: number; all: number };
      }>(
        `query($a: String) { issues(authorUsername: $a) { nodes { title } }
          issueStatusCounts(authorUsername: $a) { opened closed all } }`,
        { a: 'ada-author' },
        { as: author },
      );
      expect(res.errors).toBeUndefined();
      expect(res.data?.issues.nodes.map((i) => i.title)).toEqual(['Roadmap secrets']);
      expect(res.data?.issueStatusCounts).toEqual({ opened: 1, closed: 0, all: 1 });
      const hidden = await t.graphql<{ issues: { nodes: unknown[] } }>(
        `query($a: String) { issues(authorUsername: $a) { nodes { title } } }`,
        { a: 'ada-author' },
        { as: guest },
      );
      expect(hidden.data?.issues.nodes).toEqual([]);
      const all = await t.graphql('{ issues { nodes { title } } }', {}, { as: guest });
      expect(all.errors?.[0]?.message).toBe('You must provide at least one filter argument for this query');
    });

    it('lists epics across groups for a filter, and refuses to list them all', async () => {
      const admins = await t.graphql<{ epics: { nodes: { title: string }[] } }>(
        `query($a: String) { epics(authorUsername: $a) { nodes { title } } }`,
        { a: (await t.systemAdmin()).username },
        { as: outsider },
      );
      expect(admins.errors).toBeUndefined();
      expect(admins.data?.epics.nodes.map((e) => e.title)).toEqual(['Roadmap epic']);
      const all = await t.graphql('{ epics { nodes { title } } }', {}, { as: guest });
      expect(all.errors?.[0]?.message).toBe('You must provide at least one filter argument for this query');
    });
  });
});
