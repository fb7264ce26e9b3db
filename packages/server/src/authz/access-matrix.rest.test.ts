/**
 * The access matrix over REST v4: the same actors and trees as access-matrix.test.ts, through every
 * read endpoint (description templates too). Hidden things answer exactly as missing ones (same status, same body); the members
 * API needs a signed-in user (401), as GitLab's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import {
  ACTORS,
  type AccessFixture,
  type ActorSpec,
  buildAccessFixture,
  canRead,
  levelOn,
  type MemberView,
  membersOf,
  type NodeKey,
  pathsOf,
  TEMPLATES,
  TREES,
  type Tree,
} from './access-matrix.fixture.ts';

const MISSING_ID = 2147483647;
const MISSING_PATH = encodeURIComponent('no-such/thing');

type Shape = 'group' | 'groups' | 'projects' | 'members' | 'project' | 'templates' | 'template';
/** One endpoint: a URL template over a node's id (`:id`) or encoded full path (`:path`), and its shape. */
type Endpoint = { name: string; node: NodeKey; url: string; shape: Shape };

const ENDPOINTS: Endpoint[] = [
  { name: 'GET /groups/:id (G)', node: 'G', url: '/groups/:id', shape: 'group' },
  { name: 'GET /groups/:id (S)', node: 'S', url: '/groups/:id', shape: 'group' },
  { name: 'GET /groups/:id (S2)', node: 'S2', url: '/groups/:id', shape: 'group' },
  { name: 'GET /groups/:path (S)', node: 'S', url: '/groups/:path', shape: 'group' },
  { name: 'GET /groups/:id/subgroups (G)', node: 'G', url: '/groups/:id/subgroups', shape: 'groups' },
  { name: 'GET /groups/:id/descendant_groups (G)', node: 'G', url: '/groups/:id/descendant_groups', shape: 'groups' },
  { name: 'GET /groups/:id/projects (S)', node: 'S', url: '/groups/:id/projects', shape: 'projects' },
  {
    name: 'GET /groups/:id/projects?include_subgroups=true (G)',
    node: 'G',
    url: '/groups/:id/projects?include_subgroups=true',
    shape: 'projects',
  },
  { name: 'GET /groups/:id/members (G)', node: 'G', url: '/groups/:id/members', shape: 'members' },
  { name: 'GET /groups/:id/members (S)', node: 'S', url: '/groups/:id/members', shape: 'members' },
  { name: 'GET /groups/:id/members/all (S)', node: 'S', url: '/groups/:id/members/all', shape: 'members' },
  { name: 'GET /projects/:id', node: 'P', url: '/projects/:id', shape: 'project' },
  { name: 'GET /projects/:path', node: 'P', url: '/projects/:path', shape: 'project' },
  { name: 'GET /projects/:id/members', node: 'P', url: '/projects/:id/members', shape: 'members' },
  { name: 'GET /projects/:id/members/all', node: 'P', url: '/projects/:id/members/all', shape: 'members' },
  { name: 'GET /projects/:id/templates/issues', node: 'P', url: '/projects/:id/templates/issues', shape: 'templates' },
  {
    name: 'GET /projects/:path/templates/issues/:name',
    node: 'P',
    url: `/projects/:path/templates/issues/${encodeURIComponent(TEMPLATES.P.name)}`,
    shape: 'template',
  },
];

type Json = Record<string, unknown>;
type Res = { statusCode: number; body: string; headers: Record<string, unknown>; json: <T = unknown>() => T };

const sorted = (values: string[]) => [...values].sort();
const members = (rows: MemberView[]) =>
  rows
    .map((m) => ({ username: m.username, access_level: m.accessLevel }))
    .sort((a, b) => a.username.localeCompare(b.username));

/** The part of a 200 response the matrix judges (and X-Total for lists). */
function summarise(shape: Shape, res: Res) {
  const body = res.json<Json & Json[]>();
  const total = Number(res.headers['x-total']);
  switch (shape) {
    case 'group':
      return {
        full_path: body.full_path,
        projects: sorted(((body.projects as Json[] | undefined) ?? []).map((p) => p.path_with_namespace as string)),
      };
    case 'groups':
      return { total, paths: sorted(body.map((g) => g.full_path as string)) };
    case 'projects':
      return { total, paths: sorted(body.map((p) => p.path_with_namespace as string)) };
    case 'members':
      return {
        total,
        members: body
          .map((m) => ({ username: m.username as string, access_level: m.access_level as number }))
          .sort((a, b) => a.username.localeCompare(b.username)),
      };
    case 'project':
      return { path_with_namespace: body.path_with_namespace };
    case 'templates':
      return { total, names: body.map((t) => t.name as string) };
    case 'template':
      return { name: body.name, content: body.content };
  }
}

/** What GitLab's rules say a readable endpoint returns. */
function expectedSummary(e: Endpoint, actor: ActorSpec, tree: Tree, usernames: Map<string, string>) {
  const p = pathsOf(tree);
  const readable = (n: NodeKey) => canRead(actor, tree, n);
  const list = (nodes: NodeKey[]) => {
    const paths = sorted(nodes.filter(readable).map((n) => p[n]));
    return { total: paths.length, paths };
  };
  switch (e.url) {
    case '/groups/:id':
    case '/groups/:path':
      return { full_path: p[e.node], projects: e.node === 'S' && readable('P') ? [p.P] : [] };
    case '/groups/:id/subgroups':
    case '/groups/:id/descendant_groups':
      return list(['S', 'S2']);
    case '/groups/:id/projects':
    case '/groups/:id/projects?include_subgroups=true':
      return list(['P']);
    case '/projects/:id':
    case '/projects/:path':
      return { path_with_namespace: p.P };
    default: {
      if (e.shape === 'templates') return { total: 2, names: [TEMPLATES.G.name, TEMPLATES.P.name] };
      if (e.shape === 'template') return TEMPLATES.P;
      const all = e.url.endsWith('/all');
      const rows = membersOf(e.node, usernames).filter((m) => all || !m.inherited);
      return { total: rows.length, members: members(rows) };
    }
  }
}

describe('access matrix (REST v4)', () => {
  let t: TestApp;
  let f: AccessFixture;

  beforeAll(async () => {
    t = await createTestApp();
    f = await buildAccessFixture(t);
  }, 120_000);

  const get = (url: string, as: UserRow | undefined) => t.request({ method: 'GET', url: `/api/v4${url}`, as });

  /** Each actor's answers for missing ids, asked once (they do not depend on the tree). */
  const missingAnswers = new Map<string, Promise<Res[]>>();
  function missingFor(actor: ActorSpec): Promise<Res[]> {
    let answers = missingAnswers.get(actor.key);
    if (!answers) {
      const as = f.users.get(actor.key);
      answers = Promise.all(ENDPOINTS.map((e) => get(urlFor(e, null), as)));
      missingAnswers.set(actor.key, answers);
    }
    return answers;
  }

  function urlFor(e: Endpoint, tree: Tree | null): string {
    if (!tree) return e.url.replace(':id', String(MISSING_ID)).replace(':path', MISSING_PATH);
    const ids = f.ids.get(tree.name) as Record<NodeKey, number>;
    return e.url.replace(':id', String(ids[e.node])).replace(':path', encodeURIComponent(pathsOf(tree)[e.node]));
  }

  describe.each(TREES)('tree $name (group $g, subgroup $s, project $p)', (tree) => {
    it.each(ACTORS.map((a) => [a.key, a] as const))('%s', async (_key, actor) => {
      const as = f.users.get(actor.key);
      const [found, missing] = await Promise.all([
        Promise.all(ENDPOINTS.map((e) => get(urlFor(e, tree), as))),
        missingFor(actor),
      ]);
      const observed: Record<string, unknown> = {};
      const wanted: Record<string, unknown> = {};
      ENDPOINTS.forEach((e, i) => {
        const res = found[i] as Res;
        const miss = missing[i] as Res;
        observed[e.name] =
          res.statusCode === 200 ? summarise(e.shape, res) : { status: res.statusCode, body: res.json() };
        if (e.shape === 'members' && !actor.signedIn) {
          wanted[e.name] = { status: 401, body: { message: '401 Unauthorized' } };
        } else if (canRead(actor, tree, e.node)) {
          wanted[e.name] = expectedSummary(e, actor, tree, f.usernames);
        } else {
          expect(miss.statusCode, `${e.name} for a missing id`).toBe(404);
          wanted[e.name] = { status: 404, body: miss.json() };
        }
      });
      expect(observed).toEqual(wanted);
    });
  });

  describe('GET /projects across all trees', () => {
    it.each(ACTORS.map((a) => [a.key, a] as const))('%s', async (_key, actor) => {
      const as = f.users.get(actor.key);
      const [all, mine] = await Promise.all([
        get('/projects?per_page=100', as),
        get('/projects?per_page=100&membership=true', as),
      ]);
      const readable = sorted(TREES.filter((tree) => canRead(actor, tree, 'P')).map((tree) => pathsOf(tree).P));
      const member = sorted(
        TREES.filter(() => actor.signedIn && !actor.admin && levelOn(actor, 'P') > 0).map((tree) => pathsOf(tree).P),
      );
      expect({ all: summarise('projects', all), mine: summarise('projects', mine) }).toEqual({
        all: { total: readable.length, paths: readable },
        mine: { total: member.length, paths: member },
      });
    });
  });

  it('answers a missing group and project with GitLab’s 404 bodies', async () => {
    const group = await get(`/groups/${MISSING_ID}`, undefined);
    const project = await get(`/projects/${MISSING_PATH}`, undefined);
    expect([group.statusCode, group.json()]).toEqual([404, { message: '404 Group Not Found' }]);
    expect([project.statusCode, project.json()]).toEqual([404, { message: '404 Project Not Found' }]);
  });
});
