/**
 * The access matrix (every visibility tree × every actor, see authz/access-matrix.fixture.ts) over
 * every epic and issue read path: GraphQL, REST v4 and the UI's JSON endpoints. Each tree holds a
 * public and a confidential epic in G, S and S2 (parents, children and blockers of one another) and
 * three issues in P (public; confidential; confidential and assigned to the Guest of P), in epics and
 * blocking one another. One assertion per (tree, actor) compares the whole observed picture with
 * what GitLab's rules (an oracle written out again here) say: every list whole, and through each
 * single-item path one item of a rotation (one request per path and case; the coverage test proves
 * that every item meets visible and hidden cases on every path). A hidden item answers exactly like
 * a missing one; descendant counts count hidden items (docs/decisions/0007).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACTORS,
  type AccessFixture,
  type ActorSpec,
  buildAccessFixture,
  canRead,
  type GroupKey,
  levelOn,
  type NodeKey,
  pathsOf,
  TREES,
  type Tree,
} from '../../authz/access-matrix.fixture.ts';
import { userActor } from '../../authz/actor.ts';
import type { UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { issuesFactories } from '../../test/issues-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { IssueNode } from '../issues/issues.types.ts';
import type { EpicNode } from './epics.types.ts';

// --- the world of each tree ------------------------------------------------------------------------

type EpicKey = 'eG' | 'cG' | 'eS' | 'cS' | 'eS2' | 'cS2';
type IssueKey = 'i1' | 'i2' | 'i3';
type EpicSpec = {
  group: GroupKey;
  iid: number;
  confidential: boolean;
  parent: EpicKey | null;
  closed?: boolean;
  blockedBy: EpicKey[];
};
type IssueSpec = { iid: number; confidential: boolean; epic: EpicKey; assignee: string | null; blockedBy: IssueKey[] };

/**
 * In creation order (iids are per group). eG ⊃ eS ⊃ cS (a confidential child of a public epic),
 * eG ⊃ eS2 (closed, in the private sibling), cG ⊃ cS2 (a confidential parent holds confidential
 * children only). eS is blocked by the confidential cG and by eS2.
 */
const EPICS: Record<EpicKey, EpicSpec> = {
  eG: { group: 'G', iid: 1, confidential: false, parent: null, blockedBy: [] },
  cG: { group: 'G', iid: 2, confidential: true, parent: null, blockedBy: [] },
  eS: { group: 'S', iid: 1, confidential: false, parent: 'eG', blockedBy: ['cG', 'eS2'] },
  cS: { group: 'S', iid: 2, confidential: true, parent: 'eS', blockedBy: [] },
  eS2: { group: 'S2', iid: 1, confidential: false, parent: 'eG', closed: true, blockedBy: [] },
  cS2: { group: 'S2', iid: 2, confidential: true, parent: 'cG', blockedBy: [] },
};

/**
 * Issues of P, authored by the builders' administrator (no actor). i2 is a hidden issue in a visible
 * epic; i3's assignee (Guest of P) reads it although its epic cS stays hidden from them. i1 is
 * blocked by both.
 */
const ISSUES: Record<IssueKey, IssueSpec> = {
  i1: { iid: 1, confidential: false, epic: 'eS', assignee: null, blockedBy: ['i2', 'i3'] },
  i2: { iid: 2, confidential: true, epic: 'eS', assignee: null, blockedBy: [] },
  i3: { iid: 3, confidential: true, epic: 'cS', assignee: 'guest@P', blockedBy: [] },
};

const EPIC_KEYS = Object.keys(EPICS) as EpicKey[];
const ISSUE_KEYS = Object.keys(ISSUES) as IssueKey[];
const MISSING_ID = 2147483647;
const MISSING_IID = 999;
const MISSING_PATH = 'no-such/thing';
/** A tree whose G and P everyone can read: where the "missing item" twins are asked. */
const CONTROL = TREES.find((tree) => tree.name === 'public-public-public') as Tree;

// --- the oracle --------------------------------------------------------------------------------------

/** GitLab: the group is readable; a confidential epic needs Reporter+ on the group or an ancestor. */
function readEpic(actor: ActorSpec, tree: Tree, key: EpicKey): boolean {
  const e = EPICS[key];
  return canRead(actor, tree, e.group) && (!e.confidential || levelOn(actor, e.group) >= 20);
}

/** GitLab: the project is readable; a confidential issue needs Reporter+, or being its author or assignee. */
function readIssue(actor: ActorSpec, tree: Tree, key: IssueKey): boolean {
  const i = ISSUES[key];
  const involved = actor.signedIn && i.assignee === actor.key;
  return canRead(actor, tree, 'P') && (!i.confidential || levelOn(actor, 'P') >= 20 || involved);
}

const childrenOf = (key: EpicKey) => EPIC_KEYS.filter((k) => EPICS[k].parent === key);
const descendantsOf = (key: EpicKey): EpicKey[] => childrenOf(key).flatMap((c) => [c, ...descendantsOf(c)]);
function ancestorsOf(key: EpicKey): EpicKey[] {
  const parent = EPICS[key].parent;
  return parent ? [...ancestorsOf(parent), parent] : [];
}
const issuesIn = (key: EpicKey) => ISSUE_KEYS.filter((i) => ISSUES[i].epic === key);
const epicsBlockedBy = (key: EpicKey) => EPIC_KEYS.filter((k) => EPICS[k].blockedBy.includes(key));
const issuesBlockedBy = (key: IssueKey) => ISSUE_KEYS.filter((k) => ISSUES[k].blockedBy.includes(key));

/** Roll-ups count the whole subtree, hidden items included (decision 0007). Every issue is open. */
function descendantCounts(key: EpicKey) {
  const below = descendantsOf(key);
  return {
    openedEpics: below.filter((k) => !EPICS[k].closed).length,
    closedEpics: below.filter((k) => EPICS[k].closed).length,
    openedIssues: [key, ...below].flatMap(issuesIn).length,
    closedIssues: 0,
  };
}

const sorted = <T extends string>(values: readonly T[]): T[] => [...values].sort();

/** What the oracle says an actor sees of one tree. */
function oracle(actor: ActorSpec, tree: Tree) {
  const epic = (k: EpicKey) => readEpic(actor, tree, k);
  const issue = (k: IssueKey) => readIssue(actor, tree, k);
  const epics = (keys: EpicKey[]) => sorted(keys.filter(epic));
  const issues = (keys: IssueKey[]) => sorted(keys.filter(issue));
  return { epic, issue, epics, issues };
}

// --- the cases and the items each one reads -----------------------------------------------------------

/**
 * One case per (tree, actor). Lists are read whole in every case; a path that reads one item reads,
 * in each case, the next item of a rotation (shifted per path), so that one request per path and
 * case meets every item in visible and hidden cases alike (see the coverage test).
 */
type Case = { tree: Tree; actor: ActorSpec; n: number };
const CASES: Case[] = TREES.flatMap((tree, t) => ACTORS.map((actor, a) => ({ tree, actor, n: 5 * t + a })));
const pick = <K>(items: readonly K[], c: Case, offset: number): K => items[(c.n + offset) % items.length] as K;

/** What a path reads: a list of a group or of the project, or one epic or issue. */
type Target = { list: NodeKey } | { epic: EpicKey } | { issue: IssueKey };
const containerOf = (target: Target): NodeKey =>
  'list' in target ? target.list : 'epic' in target ? EPICS[target.epic].group : 'P';
const iidOf = (target: Target): number =>
  'epic' in target ? EPICS[target.epic].iid : 'issue' in target ? ISSUES[target.issue].iid : 0;
const labelOf = (target: Target): string =>
  'list' in target ? target.list : 'epic' in target ? target.epic : target.issue;

/** Whether the actor sees the target: 'container' / 'item' say what a hidden one must look like. */
function hiddenAs(target: Target, actor: ActorSpec, tree: Tree): 'container' | 'item' | undefined {
  if (!canRead(actor, tree, containerOf(target))) return 'container';
  if ('epic' in target && !readEpic(actor, tree, target.epic)) return 'item';
  if ('issue' in target && !readIssue(actor, tree, target.issue)) return 'item';
  return undefined;
}

// --- GraphQL -----------------------------------------------------------------------------------------

/** One document per case (complexity 70, under GitLab’s 200 for visitors). */
const QUERY = `
  query EpicsIssuesMatrix($g: ID!, $p: ID!, $epicGroup: ID!, $epicIid: ID!, $issueIid: String!) {
    G: group(fullPath: $g) {
      epics(includeDescendantGroups: true) { count nodes { title } }
      issues { count nodes { title } }
      missing: epic(iid: "${MISSING_IID}") { title }
      ownOrDescendant2: epic(iid: "2") { title }
    }
    E: group(fullPath: $epicGroup) { epic(iid: $epicIid, includeDescendantGroups: false) { ...EpicView } }
    P: project(fullPath: $p) {
      issues { count nodes { title } }
      issue(iid: $issueIid) {
        iid title epic { iid title } blocked blockedByCount blockingCount
        blockedByIssues { count nodes { title } }
      }
      missing: issue(iid: "${MISSING_IID}") { title }
    }
  }
  fragment EpicView on Epic {
    iid title hasParent parent { title } hasChildren hasIssues blocked blockedByCount blockingCount
    children { count nodes { title } }
    ancestors { nodes { title } }
    blockedByEpics { count nodes { title } }
    issues { count nodes { title } }
    descendantCounts { openedEpics closedEpics openedIssues closedIssues }
  }`;

type Titles = { count?: number; nodes: { title: string }[] };
type GqlEpic = {
  iid: string;
  title: string;
  hasParent: boolean;
  parent: { title: string } | null;
  hasChildren: boolean;
  hasIssues: boolean;
  blocked: boolean;
  blockedByCount: number;
  blockingCount: number;
  children: Titles;
  ancestors: Titles;
  blockedByEpics: Titles;
  issues: Titles;
  descendantCounts: Record<string, number>;
};
type GqlIssue = {
  iid: string;
  title: string;
  epic: { iid: string; title: string } | null;
  blocked: boolean;
  blockedByCount: number;
  blockingCount: number;
  blockedByIssues: Titles;
};
type GqlData = {
  G: { epics: Titles; issues: Titles; missing: unknown; ownOrDescendant2: { title: string } | null } | null;
  E: { epic: GqlEpic | null } | null;
  P: { issues: Titles; issue: GqlIssue | null; missing: unknown } | null;
};

/** The epic and the issue a case reads one by one through GraphQL (lists are read whole). */
const graphqlItems = (c: Case) => ({ epic: pick(EPIC_KEYS, c, 0), issue: pick(ISSUE_KEYS, c, 1) });

/** A connection as `{count, titles}` (titles sorted: the matrix judges membership, not order). */
const list = (c: Titles) => ({ count: c.count, titles: sorted(c.nodes.map((n) => n.title)) });

function observeGraphql(data: GqlData) {
  const epic = (e: GqlEpic | null) =>
    e && {
      ...e,
      parent: e.parent?.title ?? null,
      children: list(e.children),
      ancestors: e.ancestors.nodes.map((n) => n.title),
      blockedByEpics: list(e.blockedByEpics),
      issues: list(e.issues),
    };
  const i = data.P?.issue ?? null;
  return {
    G: data.G && { ...data.G, epics: list(data.G.epics), issues: list(data.G.issues) },
    E: data.E && { epic: epic(data.E.epic) },
    P: data.P && {
      issues: list(data.P.issues),
      issue: i && { ...i, epic: i.epic && `${i.epic.iid} ${i.epic.title}`, blockedByIssues: list(i.blockedByIssues) },
      missing: data.P.missing,
    },
  };
}

function expectGraphql(c: Case) {
  const { actor, tree } = c;
  const o = oracle(actor, tree);
  const counted = <T extends string>(titles: T[]) => ({ count: titles.length, titles });
  const epicView = (k: EpicKey) => {
    if (!o.epic(k)) return null;
    const e = EPICS[k];
    const children = o.epics(childrenOf(k));
    const issues = o.issues(issuesIn(k));
    const blockers = o.epics(e.blockedBy);
    return {
      iid: String(e.iid),
      title: k,
      hasParent: e.parent !== null,
      parent: e.parent && o.epic(e.parent) ? e.parent : null,
      hasChildren: children.length > 0,
      hasIssues: issues.length > 0,
      blocked: blockers.length > 0,
      blockedByCount: blockers.length,
      blockingCount: epicsBlockedBy(k).filter(o.epic).length,
      children: counted(children),
      ancestors: ancestorsOf(k).filter(o.epic),
      blockedByEpics: counted(blockers),
      issues: counted(issues),
      descendantCounts: descendantCounts(k),
    };
  };
  const issueView = (k: IssueKey) => {
    if (!o.issue(k)) return null;
    const i = ISSUES[k];
    const blockers = o.issues(i.blockedBy);
    return {
      iid: String(i.iid),
      title: k,
      epic: o.epic(i.epic) ? `${EPICS[i.epic].iid} ${i.epic}` : null,
      blocked: blockers.length > 0,
      blockedByCount: blockers.length,
      blockingCount: issuesBlockedBy(k).filter(o.issue).length,
      blockedByIssues: counted(blockers),
    };
  };
  const inGroup = (k: EpicKey) => (canRead(actor, tree, EPICS[k].group) ? { epic: epicView(k) } : null);
  // `Group.epic(iid)` with descendants: the group's own epic, else the one visible epic of a subgroup.
  const below = o.epics(EPIC_KEYS.filter((k) => EPICS[k].iid === 2 && EPICS[k].group !== 'G'));
  if (!o.epic('cG') && below.length > 1) throw new Error(`ambiguous iid 2 below G for ${actor.key}`);
  const ownOrDescendant2 = o.epic('cG') ? 'cG' : below[0];
  const items = graphqlItems(c);
  return {
    G: canRead(actor, tree, 'G')
      ? {
          epics: counted(o.epics(EPIC_KEYS)),
          issues: counted(o.issues(ISSUE_KEYS)),
          missing: null,
          ownOrDescendant2: ownOrDescendant2 ? { title: ownOrDescendant2 } : null,
        }
      : null,
    E: inGroup(items.epic),
    P: canRead(actor, tree, 'P')
      ? { issues: counted(o.issues(ISSUE_KEYS)), issue: issueView(items.issue), missing: null }
      : null,
  };
}

// --- REST v4 and the UI's JSON -----------------------------------------------------------------------

type Json = Record<string, unknown>;
type Res = { statusCode: number; body: string; headers: Record<string, unknown>; json: <T = unknown>() => T };
/** What a URL names: its container (id or full path) and, for one item, its iid. */
type Where = { id: number | string; path: string; iid: number };
type Endpoint = {
  name: string;
  /** the list it reads, or the items it reads one at a time */
  targets: Target[];
  url: (w: Where) => string;
  /** The part of a 200 answer the matrix judges. */
  observe: (res: Res) => unknown;
  /** What the oracle says that part is, when the actor may read the target. */
  expect: (target: Target, actor: ActorSpec, tree: Tree) => unknown;
};

const api = (url: string) => `/api/v4${url}`;
const titlesOf = (res: Res) => sorted(res.json<Json[]>().map((x) => x.title as string));
const totalOf = (res: Res) => ({ total: Number(res.headers['x-total']), titles: titlesOf(res) });
const withTotal = (titles: string[]) => ({ total: titles.length, titles });

const listOf = (
  node: NodeKey,
  name: string,
  rest: Omit<Endpoint, 'name' | 'targets' | 'expect'>,
  expected: (actor: ActorSpec, tree: Tree) => unknown,
): Endpoint => ({
  name,
  targets: [{ list: node }],
  ...rest,
  expect: (_target, actor, tree) => expected(actor, tree),
});
const perEpic = (
  name: string,
  url: (w: Where) => string,
  observe: Endpoint['observe'],
  expected: (k: EpicKey, actor: ActorSpec, tree: Tree) => unknown,
): Endpoint => ({
  name,
  targets: EPIC_KEYS.map((epic) => ({ epic })),
  url,
  observe,
  expect: (target, actor, tree) => expected((target as { epic: EpicKey }).epic, actor, tree),
});
const perIssue = (
  name: string,
  url: (w: Where) => string,
  observe: Endpoint['observe'],
  expected: (k: IssueKey, actor: ActorSpec, tree: Tree) => unknown,
): Endpoint => ({
  name,
  targets: ISSUE_KEYS.map((issue) => ({ issue })),
  url,
  observe,
  expect: (target, actor, tree) => expected((target as { issue: IssueKey }).issue, actor, tree),
});

/** The issue's epic as REST and the UI show it: only when the viewer may read the epic. */
function restIssue(res: Res) {
  const body = res.json<Json>();
  const epic = body.epic as Json | null;
  return { title: body.title, epic_iid: body.epic_iid, epic: epic && `${epic.iid} ${epic.title}` };
}
function expectedRestIssue(k: IssueKey, actor: ActorSpec, tree: Tree) {
  const e = ISSUES[k].epic;
  const shown = readEpic(actor, tree, e);
  return { title: k, epic_iid: shown ? EPICS[e].iid : null, epic: shown ? `${EPICS[e].iid} ${e}` : null };
}

const ENDPOINTS: Endpoint[] = [
  // REST v4
  listOf(
    'G',
    'GET /groups/:id/epics',
    { url: (w) => api(`/groups/${w.id}/epics?per_page=100`), observe: totalOf },
    (actor, tree) => withTotal(oracle(actor, tree).epics(EPIC_KEYS)),
  ),
  perEpic(
    'GET /groups/:id/epics/:iid',
    (w) => api(`/groups/${w.id}/epics/${w.iid}`),
    (res) => {
      const body = res.json<Json>();
      return { title: body.title, parent_iid: body.parent_iid };
    },
    (k, actor, tree) => {
      const parent = EPICS[k].parent;
      return { title: k, parent_iid: parent && readEpic(actor, tree, parent) ? EPICS[parent].iid : null };
    },
  ),
  perEpic(
    'GET /groups/:id/epics/:iid/epics',
    (w) => api(`/groups/${w.id}/epics/${w.iid}/epics`),
    titlesOf,
    (k, actor, tree) => oracle(actor, tree).epics(childrenOf(k)),
  ),
  perEpic(
    'GET /groups/:id/epics/:iid/issues',
    (w) => api(`/groups/${w.id}/epics/${w.iid}/issues`),
    totalOf,
    (k, actor, tree) => withTotal(oracle(actor, tree).issues(issuesIn(k))),
  ),
  listOf(
    'P',
    'GET /projects/:id/issues',
    { url: (w) => api(`/projects/${w.id}/issues?per_page=100`), observe: totalOf },
    (actor, tree) => withTotal(oracle(actor, tree).issues(ISSUE_KEYS)),
  ),
  listOf(
    'G',
    'GET /groups/:id/issues',
    { url: (w) => api(`/groups/${w.id}/issues?per_page=100`), observe: totalOf },
    (actor, tree) => withTotal(oracle(actor, tree).issues(ISSUE_KEYS)),
  ),
  perIssue(
    'GET /projects/:id/issues/:iid',
    (w) => api(`/projects/${w.id}/issues/${w.iid}`),
    restIssue,
    expectedRestIssue,
  ),
  perIssue(
    'GET /projects/:id/issues/:iid/links',
    (w) => api(`/projects/${w.id}/issues/${w.iid}/links`),
    (res) => sorted(res.json<Json[]>().map((l) => `${l.title} ${l.link_type}`)),
    (k, actor, tree) => {
      const o = oracle(actor, tree);
      return sorted([
        ...o.issues(ISSUES[k].blockedBy).map((b) => `${b} is_blocked_by`),
        ...o.issues(issuesBlockedBy(k)).map((b) => `${b} blocks`),
      ]);
    },
  ),
  // The web UI's JSON (GitLab's controller paths, by full path). The epic page's child-epic and
  // issue lists (`/-/epics/<iid>/links`, `/-/epics/<iid>/issues`) call the very services (and the
  // same epic lookup) as REST's `/epics/:iid/epics` and `/epics/:iid/issues`: left out for time.
  listOf(
    'G',
    'GET /groups/<path>/-/epics.json',
    { url: (w) => `/groups/${w.path}/-/epics.json`, observe: titlesOf },
    (actor, tree) => oracle(actor, tree).epics(EPIC_KEYS),
  ),
  perEpic(
    'GET /groups/<path>/-/epics/<iid>.json',
    (w) => `/groups/${w.path}/-/epics/${w.iid}.json`,
    (res) => {
      const body = res.json<Json>();
      return { iid: body.iid, title: body.title };
    },
    (k) => ({ iid: EPICS[k].iid, title: k }),
  ),
  perIssue('GET /<path>/-/issues/<iid>.json', (w) => `/${w.path}/-/issues/${w.iid}.json`, restIssue, expectedRestIssue),
];

/** The item (or list) an endpoint reads in a case: each endpoint rotates with its own shift. */
const targetOf = (e: Endpoint, c: Case): Target => pick(e.targets, c, ENDPOINTS.indexOf(e));

describe('epics and issues: the access matrix', () => {
  let t: TestApp;
  let fx: AccessFixture;

  beforeAll(async () => {
    t = await createTestApp();
    fx = await buildAccessFixture(t);
    const { buildEpic } = epicsFactories(t);
    const { buildIssue, linkIssues } = issuesFactories(t);
    const admin = userActor(await t.systemAdmin());
    const assignee = (key: string | null) => (key ? [(fx.users.get(key) as UserRow).id] : undefined);
    for (const tree of TREES) {
      const ids = fx.ids.get(tree.name) as Record<NodeKey, number>;
      const project = await t.services.projects.get(admin, ids.P);
      const epics = new Map<EpicKey, EpicNode>();
      for (const key of EPIC_KEYS) {
        const e = EPICS[key];
        const group = await t.services.groups.get(admin, ids[e.group]);
        const parent = e.parent ? epics.get(e.parent) : undefined;
        epics.set(key, await buildEpic({ group, parent, title: key, confidential: e.confidential, closed: e.closed }));
      }
      for (const key of EPIC_KEYS) {
        for (const blocker of EPICS[key].blockedBy) {
          await t.services.epics.addBlockingLink(admin, epics.get(blocker) as EpicNode, epics.get(key) as EpicNode);
        }
      }
      const issues = new Map<IssueKey, IssueNode>();
      for (const key of ISSUE_KEYS) {
        const i = ISSUES[key];
        const built = await buildIssue({
          project,
          title: key,
          confidential: i.confidential,
          epic: epics.get(i.epic),
          assigneeIds: assignee(i.assignee),
        });
        expect([built.issue.iid, built.assigneeIds]).toEqual([i.iid, assignee(i.assignee) ?? []]);
        issues.set(key, built);
      }
      for (const key of ISSUE_KEYS) {
        for (const blocker of ISSUES[key].blockedBy) {
          await linkIssues(issues.get(blocker) as IssueNode, issues.get(key) as IssueNode, 'blocks');
        }
      }
    }
  }, 180_000);

  const as = (actor: ActorSpec): UserRow | null => (actor.signedIn ? (fx.users.get(actor.key) as UserRow) : null);
  const get = (url: string, actor: ActorSpec) => t.request({ method: 'GET', url, as: as(actor) }) as Promise<Res>;

  /** The URL of an endpoint for a target; with `missing`, the same URL naming a missing container or item. */
  function urlFor(e: Endpoint, target: Target, tree: Tree, missing?: 'container' | 'item'): string {
    const node = containerOf(target);
    if (missing === 'container') return e.url({ id: MISSING_ID, path: MISSING_PATH, iid: iidOf(target) });
    const at = missing === 'item' ? CONTROL : tree;
    const id = (fx.ids.get(at.name) as Record<NodeKey, number>)[node];
    return e.url({ id, path: pathsOf(at)[node], iid: missing === 'item' ? MISSING_IID : iidOf(target) });
  }

  /** Each actor's answers for missing containers and items, asked once per URL. */
  const twins = new Map<string, Promise<Res>>();
  function twin(actor: ActorSpec, url: string): Promise<Res> {
    const key = `${actor.key} ${url}`;
    let answer = twins.get(key);
    if (!answer) {
      answer = get(url, actor);
      twins.set(key, answer);
    }
    return answer;
  }

  it('covers every path: each item visible and (if confidential) hidden, each container hidden', () => {
    const seen = new Set<string>();
    const note = (path: string, target: Target, c: Case) => {
      const hidden = hiddenAs(target, c.actor, c.tree);
      if (hidden === 'container') seen.add(`${path} container ${containerOf(target)} hidden`);
      else seen.add(`${path} ${labelOf(target)} ${hidden ? 'hidden' : 'visible'}`);
      if ('issue' in target && !hidden && levelOn(c.actor, 'P') < 20) {
        seen.add(`${path} ${labelOf(target)} visible below Reporter`);
      }
    };
    for (const c of CASES) {
      for (const e of ENDPOINTS) note(e.name, targetOf(e, c), c);
      const items = graphqlItems(c);
      note('GraphQL epic', { epic: items.epic }, c);
      note('GraphQL issue', { issue: items.issue }, c);
    }
    const wanted = new Set<string>();
    for (const [path, targets] of [
      ...ENDPOINTS.map((e) => [e.name, e.targets] as const),
      ['GraphQL epic', EPIC_KEYS.map((epic) => ({ epic }))] as const,
      ['GraphQL issue', ISSUE_KEYS.map((issue) => ({ issue }))] as const,
    ]) {
      for (const target of targets) {
        const label = labelOf(target);
        wanted.add(`${path} ${label} visible`).add(`${path} container ${containerOf(target)} hidden`);
        if ('epic' in target && EPICS[target.epic].confidential) wanted.add(`${path} ${label} hidden`);
        if ('issue' in target) {
          const i = ISSUES[target.issue];
          if (i.confidential) wanted.add(`${path} ${label} hidden`);
          // A public issue, or the assignee's confidential one, read by someone below Reporter.
          if (!i.confidential || i.assignee) wanted.add(`${path} ${label} visible below Reporter`);
        }
      }
    }
    expect([...wanted].filter((w) => !seen.has(w))).toEqual([]);
    // The oracle's involved rule: the Guest of P reads i3 (assigned) but neither i2 nor i3's epic cS.
    const guest = ACTORS.find((a) => a.key === 'guest@P') as ActorSpec;
    for (const tree of TREES) {
      expect([readIssue(guest, tree, 'i3'), readIssue(guest, tree, 'i2'), readEpic(guest, tree, 'cS')]).toEqual([
        true,
        false,
        false,
      ]);
    }
  });

  it('answers missing containers and items with 404 and GitLab’s bodies', async () => {
    const visitor = ACTORS[0] as ActorSpec;
    const bodies = new Set<string>();
    for (const e of ENDPOINTS) {
      for (const target of e.targets) {
        for (const missing of ['container', 'item'] as const) {
          if (missing === 'item' && 'list' in target) continue;
          const res = await twin(visitor, urlFor(e, target, CONTROL, missing));
          expect(res.statusCode, `${e.name}, missing ${missing}`).toBe(404);
          bodies.add(res.body);
        }
      }
    }
    expect(sorted([...bodies])).toEqual(
      sorted([
        '{"message":"404 Group Not Found"}',
        '{"message":"404 Project Not Found"}',
        '{"message":"404 Issue Not Found"}',
        '{"message":"404 Epic Not Found"}',
        '{"message":"404 Not found"}',
      ]),
    );
  });

  it.each(CASES.map((c) => [c.tree.name, c.actor.key, c] as const))(
    '%s, %s: every epic and issue read path shows what the oracle says',
    async (_t, _a, c) => {
      const { tree, actor } = c;
      const p = pathsOf(tree);
      const items = graphqlItems(c);
      const vars = {
        g: p.G,
        p: p.P,
        epicGroup: p[EPICS[items.epic].group],
        epicIid: String(EPICS[items.epic].iid),
        issueIid: String(ISSUES[items.issue].iid),
      };
      const [gql, answers] = await Promise.all([
        t.graphql<GqlData>(QUERY, vars, { as: as(actor) }),
        Promise.all(
          ENDPOINTS.map(async (e) => {
            const target = targetOf(e, c);
            const hidden = hiddenAs(target, actor, tree);
            const [res, missing] = await Promise.all([
              get(urlFor(e, target, tree), actor),
              hidden ? twin(actor, urlFor(e, target, tree, hidden)) : undefined,
            ]);
            return { e, target, res, missing };
          }),
        ),
      ]);
      const observed: Record<string, unknown> = {
        'GraphQL errors': gql.errors ?? null,
        [`GraphQL (epic ${items.epic}, issue ${items.issue})`]: gql.data ? observeGraphql(gql.data) : null,
      };
      const wanted: Record<string, unknown> = {
        'GraphQL errors': null,
        [`GraphQL (epic ${items.epic}, issue ${items.issue})`]: expectGraphql(c),
      };
      for (const { e, target, res, missing } of answers) {
        const name = `${e.name} (${labelOf(target)})`;
        observed[name] = res.statusCode === 200 ? e.observe(res) : { status: res.statusCode, body: res.body };
        wanted[name] = missing ? { status: 404, body: missing.body } : e.expect(target, actor, tree);
      }
      expect(observed).toEqual(wanted);
    },
  );

  it.each(ACTORS.map((a) => [a.key, a] as const))('%s: GET /issues?scope=all across all trees', async (_k, actor) => {
    const res = await get(api('/issues?scope=all&per_page=100'), actor);
    const seen = sorted(res.json<Json[]>().map((i) => (i.references as Json).full as string));
    const readable = sorted(
      TREES.flatMap((tree) =>
        ISSUE_KEYS.filter((k) => readIssue(actor, tree, k)).map((k) => `${pathsOf(tree).P}#${ISSUES[k].iid}`),
      ),
    );
    expect({ status: res.statusCode, total: Number(res.headers['x-total']), issues: seen }).toEqual({
      status: 200,
      total: readable.length,
      issues: readable,
    });
  });
});
