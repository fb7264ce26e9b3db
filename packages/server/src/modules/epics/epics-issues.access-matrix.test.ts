/**
 * The access matrix (every visibility tree × every actor, see authz/access-matrix.fixture.ts) over
 * every epic and issue read path: GraphQL, REST v4 and the UI's JSON endpoints. Each tree holds a
 * public and a confidential epic in G, S and S2 (linked as parents, children and blockers) and three
 * issues in P (one public, one confidential, one confidential assigned to the Guest of P), in epics
 * and blocking one another. One assertion per (tree, actor) compares the whole observed picture with
 * what GitLab's rules (an oracle written out again here) say; a hidden item answers exactly like a
 * missing one; descendant counts count hidden items (docs/decisions/0007).
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
import type { EpicNode, IssueNode } from '../../graphql/refs.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { issuesFactories } from '../../test/issues-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

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
const GROUP_KEYS: GroupKey[] = ['G', 'S', 'S2'];
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

// --- GraphQL -----------------------------------------------------------------------------------------

const EPIC_FRAGMENTS = `
  fragment OwnEpics on Group {
    e1: epic(iid: "1", includeDescendantGroups: false) { ...EpicView }
    e2: epic(iid: "2", includeDescendantGroups: false) { ...EpicView }
  }
  fragment EpicView on Epic {
    iid title hasParent parent { title } hasChildren hasIssues blocked blockedByCount blockingCount
    children { count nodes { title } }
    ancestors { nodes { title } }
    blockedByEpics { count nodes { title } }
    issues { count nodes { title } }
    descendantCounts { openedEpics closedEpics openedIssues closedIssues }
  }`;

/** Two documents per case: one would exceed GitLab's complexity limit (200 for visitors). */
const G_AND_P_QUERY = `
  query EpicsIssuesMatrixGP($g: ID!, $p: ID!) {
    G: group(fullPath: $g) {
      epics(includeDescendantGroups: true) { count nodes { title } }
      issues { count nodes { title } }
      ...OwnEpics
      missing: epic(iid: "${MISSING_IID}") { title }
      ownOrDescendant2: epic(iid: "2") { title }
    }
    P: project(fullPath: $p) {
      issues { count nodes { title } }
      i1: issue(iid: "1") { ...IssueView }
      i2: issue(iid: "2") { ...IssueView }
      i3: issue(iid: "3") { ...IssueView }
      missing: issue(iid: "${MISSING_IID}") { title }
    }
  }
  fragment IssueView on Issue {
    iid title epic { iid title } blocked blockedByCount blockingCount
    blockedByIssues { count nodes { title } }
  }
  ${EPIC_FRAGMENTS}`;

const SUBGROUPS_QUERY = `
  query EpicsIssuesMatrixSubgroups($s: ID!, $s2: ID!) {
    S: group(fullPath: $s) {
      epics(includeDescendantGroups: false) { count nodes { title } }
      issues { count nodes { title } }
      ...OwnEpics
    }
    S2: group(fullPath: $s2) {
      epics(includeDescendantGroups: false) { count nodes { title } }
      ...OwnEpics
    }
  }
  ${EPIC_FRAGMENTS}`;

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
type GqlGroup = {
  epics: Titles;
  issues?: Titles;
  e1: GqlEpic | null;
  e2: GqlEpic | null;
  missing?: { title: string } | null;
  ownOrDescendant2?: { title: string } | null;
};
type GqlTree = {
  G: GqlGroup | null;
  S: GqlGroup | null;
  S2: GqlGroup | null;
  P: {
    issues: Titles;
    i1: GqlIssue | null;
    i2: GqlIssue | null;
    i3: GqlIssue | null;
    missing: { title: string } | null;
  } | null;
};

/** A connection as `{count, titles}` (titles sorted: the matrix judges membership, not order). */
const list = (c: Titles) => ({ count: c.count, titles: sorted(c.nodes.map((n) => n.title)) });

function observeGraphql(data: GqlTree) {
  const epic = (e: GqlEpic | null) =>
    e && {
      ...e,
      parent: e.parent?.title ?? null,
      children: list(e.children),
      ancestors: e.ancestors.nodes.map((n) => n.title),
      blockedByEpics: list(e.blockedByEpics),
      issues: list(e.issues),
    };
  const issue = (i: GqlIssue | null) =>
    i && { ...i, epic: i.epic && `${i.epic.iid} ${i.epic.title}`, blockedByIssues: list(i.blockedByIssues) };
  const group = (g: GqlGroup | null) =>
    g && {
      ...g,
      epics: list(g.epics),
      ...(g.issues ? { issues: list(g.issues) } : {}),
      e1: epic(g.e1),
      e2: epic(g.e2),
    };
  return {
    G: group(data.G),
    S: group(data.S),
    S2: group(data.S2),
    P: data.P && {
      issues: list(data.P.issues),
      i1: issue(data.P.i1),
      i2: issue(data.P.i2),
      i3: issue(data.P.i3),
      missing: data.P.missing,
    },
  };
}

function expectGraphql(actor: ActorSpec, tree: Tree) {
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
  const own = (g: GroupKey, iid: number) => {
    const key = EPIC_KEYS.find((k) => EPICS[k].group === g && EPICS[k].iid === iid) as EpicKey;
    return epicView(key);
  };
  const inGroups = (groups: GroupKey[]) => EPIC_KEYS.filter((k) => groups.includes(EPICS[k].group));
  const group = (g: GroupKey, extra: Record<string, unknown>) =>
    canRead(actor, tree, g) ? { e1: own(g, 1), e2: own(g, 2), ...extra } : null;
  // `Group.epic(iid)` with descendants: the group's own epic, else the one visible epic of a subgroup.
  const fallback = o.epics(EPIC_KEYS.filter((k) => EPICS[k].iid === 2 && EPICS[k].group !== 'G'));
  if (fallback.length > 1) throw new Error(`ambiguous iid 2 below G for ${actor.key}`);
  const ownOrDescendant2 = o.epic('cG') ? 'cG' : fallback[0];
  return {
    G: group('G', {
      epics: counted(o.epics(EPIC_KEYS)),
      issues: counted(o.issues(ISSUE_KEYS)),
      missing: null,
      ownOrDescendant2: ownOrDescendant2 ? { title: ownOrDescendant2 } : null,
    }),
    S: group('S', { epics: counted(o.epics(inGroups(['S']))), issues: counted(o.issues(ISSUE_KEYS)) }),
    S2: group('S2', { epics: counted(o.epics(inGroups(['S2']))) }),
    P: canRead(actor, tree, 'P')
      ? {
          issues: counted(o.issues(ISSUE_KEYS)),
          i1: issueView('i1'),
          i2: issueView('i2'),
          i3: issueView('i3'),
          missing: null,
        }
      : null,
  };
}

// --- REST v4 and the UI's JSON -----------------------------------------------------------------------

type Json = Record<string, unknown>;
type Res = { statusCode: number; body: string; headers: Record<string, unknown>; json: <T = unknown>() => T };
/** What a URL names: its container (id or full path) and, for one item, its iid. */
type Where = { id: number | string; path: string; iid: number };
/** What an endpoint reads: a group's or the project's list, or one epic or issue. */
type Target = { list: NodeKey } | { epic: EpicKey } | { issue: IssueKey };
type Endpoint = {
  name: string;
  target: Target;
  url: (w: Where) => string;
  /** The part of a 200 answer the matrix judges. */
  observe: (res: Res) => unknown;
  /** What the oracle says that part is, when the actor may read the target. */
  expect: (actor: ActorSpec, tree: Tree) => unknown;
};

const api = (url: string) => `/api/v4${url}`;
const titlesOf = (res: Res) => sorted(res.json<Json[]>().map((x) => x.title as string));
const totalOf = (res: Res) => ({ total: Number(res.headers['x-total']), titles: titlesOf(res) });
const withTotal = (titles: string[]) => ({ total: titles.length, titles });

const perEpic = (
  name: string,
  keys: EpicKey[],
  url: (w: Where) => string,
  observe: Endpoint['observe'],
  expected: (k: EpicKey, actor: ActorSpec, tree: Tree) => unknown,
): Endpoint[] =>
  keys.map((k) => ({
    name: `${name} (${k})`,
    target: { epic: k },
    url,
    observe,
    expect: (actor, tree) => expected(k, actor, tree),
  }));

const perIssue = (
  name: string,
  keys: IssueKey[],
  url: (w: Where) => string,
  observe: Endpoint['observe'],
  expected: (k: IssueKey, actor: ActorSpec, tree: Tree) => unknown,
): Endpoint[] =>
  keys.map((k) => ({
    name: `${name} (${k})`,
    target: { issue: k },
    url,
    observe,
    expect: (actor, tree) => expected(k, actor, tree),
  }));

/** The issue's epic as REST shows it: only when the viewer may read the epic. */
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

/**
 * Every REST and UI read path, each on the items that exercise it (a request costs ~6 ms and the
 * matrix has 210 cases): together they hide by container (G, S, the private S2, P), by a
 * confidential epic in a readable group, by a confidential issue in a readable project, and show
 * the assignee's confidential issue with its hidden epic. GraphQL reads every item.
 */
const ENDPOINTS: Endpoint[] = [
  // REST v4
  {
    name: 'GET /groups/:id/epics (G)',
    target: { list: 'G' },
    url: (w) => api(`/groups/${w.id}/epics?per_page=100`),
    observe: totalOf,
    expect: (actor, tree) => withTotal(oracle(actor, tree).epics(EPIC_KEYS)),
  },
  ...perEpic(
    'GET /groups/:id/epics/:iid',
    ['cG', 'eS', 'cS', 'eS2', 'cS2'],
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
  ...perEpic(
    'GET /groups/:id/epics/:iid/epics',
    ['eG', 'cG'],
    (w) => api(`/groups/${w.id}/epics/${w.iid}/epics`),
    titlesOf,
    (k, actor, tree) => oracle(actor, tree).epics(childrenOf(k)),
  ),
  ...perEpic(
    'GET /groups/:id/epics/:iid/issues',
    ['eS', 'cS'],
    (w) => api(`/groups/${w.id}/epics/${w.iid}/issues`),
    totalOf,
    (k, actor, tree) => withTotal(oracle(actor, tree).issues(issuesIn(k))),
  ),
  {
    name: 'GET /projects/:id/issues',
    target: { list: 'P' },
    url: (w) => api(`/projects/${w.id}/issues?per_page=100`),
    observe: totalOf,
    expect: (actor, tree) => withTotal(oracle(actor, tree).issues(ISSUE_KEYS)),
  },
  {
    name: 'GET /groups/:id/issues (G)',
    target: { list: 'G' },
    url: (w) => api(`/groups/${w.id}/issues?per_page=100`),
    observe: totalOf,
    expect: (actor, tree) => withTotal(oracle(actor, tree).issues(ISSUE_KEYS)),
  },
  ...perIssue(
    'GET /projects/:id/issues/:iid',
    ['i2', 'i3'],
    (w) => api(`/projects/${w.id}/issues/${w.iid}`),
    restIssue,
    expectedRestIssue,
  ),
  ...perIssue(
    'GET /projects/:id/issues/:iid/links',
    ['i1', 'i3'],
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
  // The web UI's JSON (GitLab's controller paths, by full path)
  {
    name: 'GET /groups/<path>/-/epics.json (G)',
    target: { list: 'G' },
    url: (w) => `/groups/${w.path}/-/epics.json`,
    observe: titlesOf,
    expect: (actor, tree) => oracle(actor, tree).epics(EPIC_KEYS),
  },
  ...perEpic(
    'GET /groups/<path>/-/epics/<iid>.json',
    ['cG', 'eS2'],
    (w) => `/groups/${w.path}/-/epics/${w.iid}.json`,
    (res) => {
      const body = res.json<Json>();
      return { iid: body.iid, title: body.title };
    },
    (k) => ({ iid: EPICS[k].iid, title: k }),
  ),
  ...perEpic(
    'GET /groups/<path>/-/epics/<iid>/links',
    ['eS'],
    (w) => `/groups/${w.path}/-/epics/${w.iid}/links`,
    titlesOf,
    (k, actor, tree) => oracle(actor, tree).epics(childrenOf(k)),
  ),
  ...perEpic(
    'GET /groups/<path>/-/epics/<iid>/issues',
    ['cS'],
    (w) => `/groups/${w.path}/-/epics/${w.iid}/issues`,
    titlesOf,
    (k, actor, tree) => oracle(actor, tree).issues(issuesIn(k)),
  ),
  ...perIssue(
    'GET /<path>/-/issues/<iid>.json',
    ['i2', 'i3'],
    (w) => `/${w.path}/-/issues/${w.iid}.json`,
    restIssue,
    expectedRestIssue,
  ),
];

/** The container an endpoint's URL names, and the item's iid. */
function containerOf(target: Target): NodeKey {
  if ('list' in target) return target.list;
  if ('epic' in target) return EPICS[target.epic].group;
  return 'P';
}
function iidOf(target: Target): number {
  if ('epic' in target) return EPICS[target.epic].iid;
  if ('issue' in target) return ISSUES[target.issue].iid;
  return 0;
}

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

  /** The URL of an endpoint in a tree; with `missing`, the same URL naming a missing container or item. */
  function urlFor(e: Endpoint, tree: Tree, missing?: 'container' | 'item'): string {
    const node = containerOf(e.target);
    if (missing === 'container') return e.url({ id: MISSING_ID, path: MISSING_PATH, iid: iidOf(e.target) });
    const at = missing === 'item' ? CONTROL : tree;
    const id = (fx.ids.get(at.name) as Record<NodeKey, number>)[node];
    return e.url({ id, path: pathsOf(at)[node], iid: missing === 'item' ? MISSING_IID : iidOf(e.target) });
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

  /** Which twin a hidden target must look like: a missing container, a missing item, or none (visible). */
  function hiddenAs(e: Endpoint, actor: ActorSpec, tree: Tree): 'container' | 'item' | undefined {
    if (!canRead(actor, tree, containerOf(e.target))) return 'container';
    if ('epic' in e.target && !readEpic(actor, tree, e.target.epic)) return 'item';
    if ('issue' in e.target && !readIssue(actor, tree, e.target.issue)) return 'item';
    return undefined;
  }

  it('covers the whole matrix: every path, each item both visible and hidden, the involved rule', () => {
    expect(ENDPOINTS).toHaveLength(23);
    const cases = TREES.flatMap((tree) => ACTORS.map((actor) => ({ tree, actor })));
    for (const k of EPIC_KEYS) {
      expect(cases.some((c) => readEpic(c.actor, c.tree, k))).toBe(true);
      expect(cases.some((c) => !readEpic(c.actor, c.tree, k))).toBe(true);
    }
    for (const k of ISSUE_KEYS) {
      expect(cases.some((c) => readIssue(c.actor, c.tree, k))).toBe(true);
      expect(cases.some((c) => !readIssue(c.actor, c.tree, k))).toBe(true);
    }
    const guest = ACTORS.find((a) => a.key === 'guest@P') as ActorSpec;
    for (const tree of TREES) {
      // Confidential items are hidden from someone in every tree, even the all-public one.
      for (const k of EPIC_KEYS.filter((x) => EPICS[x].confidential)) {
        expect(ACTORS.some((a) => !readEpic(a, tree, k))).toBe(true);
      }
      // The Guest of P reads i3 (assigned to them) but neither i2 nor i3's epic cS.
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
      for (const missing of ['container', 'item'] as const) {
        if (missing === 'item' && 'list' in e.target) continue;
        const res = await twin(visitor, urlFor(e, CONTROL, missing));
        expect(res.statusCode, `${e.name}, missing ${missing}`).toBe(404);
        bodies.add(res.body);
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

  const cases = TREES.flatMap((tree) => ACTORS.map((actor) => [tree.name, actor.key, tree, actor] as const));

  it.each(cases)('%s, %s: every epic and issue read path shows what the oracle says', async (_t, _a, tree, actor) => {
    const p = pathsOf(tree);
    const user = { as: as(actor) };
    const [gp, subgroups, answers] = await Promise.all([
      t.graphql<GqlTree>(G_AND_P_QUERY, { g: p.G, p: p.P }, user),
      t.graphql<GqlTree>(SUBGROUPS_QUERY, { s: p.S, s2: p.S2 }, user),
      Promise.all(
        ENDPOINTS.map(async (e) => {
          const hidden = hiddenAs(e, actor, tree);
          const [res, missing] = await Promise.all([
            get(urlFor(e, tree), actor),
            hidden ? twin(actor, urlFor(e, tree, hidden)) : undefined,
          ]);
          return { e, res, missing };
        }),
      ),
    ]);
    const observed: Record<string, unknown> = {
      'GraphQL errors': [...(gp.errors ?? []), ...(subgroups.errors ?? [])],
      GraphQL: observeGraphql({ ...(gp.data as GqlTree), ...(subgroups.data as GqlTree) }),
    };
    const wanted: Record<string, unknown> = { 'GraphQL errors': [], GraphQL: expectGraphql(actor, tree) };
    for (const { e, res, missing } of answers) {
      observed[e.name] = res.statusCode === 200 ? e.observe(res) : { status: res.statusCode, body: res.body };
      wanted[e.name] = missing ? { status: 404, body: missing.body } : e.expect(actor, tree);
    }
    expect(observed).toEqual(wanted);
  });

  it('TIMING', async () => {
    const tree = TREES[0] as Tree;
    const times = new Map<string, number>();
    for (const actor of ACTORS) {
      for (const e of ENDPOINTS) {
        const t0 = performance.now();
        await get(urlFor(e, tree), actor);
        const name = e.name.replace(/ \(.*\)$/, '');
        times.set(name, (times.get(name) ?? 0) + performance.now() - t0);
      }
    }
    console.log([...times].map(([k, v]) => `${k}: ${(v / ACTORS.length).toFixed(1)}`).join('\n'));
  });

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
