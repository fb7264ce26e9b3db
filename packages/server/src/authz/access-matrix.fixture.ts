/**
 * The access matrix's world and its oracle.
 *
 * World: one tree per valid visibility triple (group ≥ subgroup ≥ project): a top-level group G, its
 * subgroup S holding the project P, and a private sibling subgroup S2. The same actors hold the same
 * memberships in every tree (a role on G, on S or on P; an Owner of the sibling only; two mixes).
 *
 * Oracle: GitLab's rules written out again, independently of `policy.ts`:
 * - public is readable by everyone, internal by any signed-in user, private by members of it or of an
 *   ancestor (inherited; the highest role wins); a member of a descendant group or project can see the
 *   ancestor groups; administrators see everything and count as Owner;
 * - createSubgroup / createProjects need Maintainer+, adminGroup / adminGroupMember / removeGroup Owner;
 *   adminProject / adminProjectMember Maintainer+, removeProject Owner; adminIssueTemplate (keeping a
 *   group's or project's description templates) Maintainer+; createIssue any signed-in reader.
 * - description templates: G keeps 'Group template', P 'Project template'; P's readers see both.
 */
import type { MemberAccessLevel, VisibilityName } from '@milepost/shared';
import type { GroupRow, UserRow } from '../db/schema.ts';
import type { TestApp } from '../test/test-app.ts';
import { userActor } from './actor.ts';

export type NodeKey = 'G' | 'S' | 'S2' | 'P';
export type GroupKey = Exclude<NodeKey, 'P'>;
export type Tree = { name: string; g: VisibilityName; s: VisibilityName; p: VisibilityName };
type Grant = { on: NodeKey; level: MemberAccessLevel };
export type ActorSpec = { key: string; signedIn: boolean; admin?: boolean; grants: Grant[] };

const LEVELS: Record<VisibilityName, number> = { private: 0, internal: 10, public: 20 };
const VISIBILITIES: VisibilityName[] = ['private', 'internal', 'public'];
const ROLES: [string, MemberAccessLevel][] = [
  ['guest', 10],
  ['reporter', 20],
  ['developer', 30],
  ['maintainer', 40],
  ['owner', 50],
];

/** Every (group, subgroup, project) visibility a tree can have: no child more visible than its parent. */
export const TREES: Tree[] = VISIBILITIES.flatMap((g) =>
  VISIBILITIES.filter((s) => LEVELS[s] <= LEVELS[g]).flatMap((s) =>
    VISIBILITIES.filter((p) => LEVELS[p] <= LEVELS[s]).map((p) => ({ name: `${g}-${s}-${p}`, g, s, p })),
  ),
);

/** The actor whose account creates the groups of every tree (GitLab makes a group's creator its Owner). */
const TREE_BUILDER = 'owner@G';

/** A role on G, S or P. The Owner of G builds each tree, so also holds Owner directly on S and S2. */
function roleActor(on: 'G' | 'S' | 'P', role: string, level: MemberAccessLevel): ActorSpec {
  const key = `${role}@${on}`;
  const grants: Grant[] = [{ on, level }];
  if (key === TREE_BUILDER) grants.push({ on: 'S', level: 50 }, { on: 'S2', level: 50 });
  return { key, signedIn: true, grants };
}

export const ACTORS: ActorSpec[] = [
  { key: 'signed-out visitor', signedIn: false, grants: [] },
  { key: 'signed-in non-member', signedIn: true, grants: [] },
  { key: 'administrator', signedIn: true, admin: true, grants: [] },
  { key: 'owner of the sibling S2 only', signedIn: true, grants: [{ on: 'S2', level: 50 }] },
  ...(['G', 'S', 'P'] as const).flatMap((on) => ROLES.map(([role, level]) => roleActor(on, role, level))),
  {
    key: 'guest@G + maintainer@S',
    signedIn: true,
    grants: [
      { on: 'G', level: 10 },
      { on: 'S', level: 40 },
    ],
  },
  {
    key: 'reporter@G + owner@P',
    signedIn: true,
    grants: [
      { on: 'G', level: 20 },
      { on: 'P', level: 50 },
    ],
  },
];

const PARENT: Record<NodeKey, NodeKey | null> = { G: null, S: 'G', S2: 'G', P: 'S' };

/** The node and its ancestors, root first. */
function chain(node: NodeKey): NodeKey[] {
  const parent = PARENT[node];
  return parent ? [...chain(parent), node] : [node];
}

export function visibilityOf(tree: Tree, node: NodeKey): VisibilityName {
  return node === 'G' ? tree.g : node === 'S' ? tree.s : node === 'S2' ? 'private' : tree.p;
}

/** Effective access level: the highest grant on the node or an ancestor; administrators are Owners. */
export function levelOn(actor: ActorSpec, node: NodeKey): number {
  if (actor.admin) return 50;
  const path = chain(node);
  return Math.max(0, ...actor.grants.filter((g) => path.includes(g.on)).map((g) => g.level));
}

export function canRead(actor: ActorSpec, tree: Tree, node: NodeKey): boolean {
  const visibility = visibilityOf(tree, node);
  if (actor.admin || visibility === 'public' || (actor.signedIn && visibility === 'internal')) return true;
  if (levelOn(actor, node) > 0) return true;
  // A member anywhere below a group can see that group.
  return node !== 'P' && actor.grants.some((g) => g.on !== node && chain(g.on).includes(node));
}

export function groupPermissions(actor: ActorSpec, tree: Tree, node: GroupKey) {
  const level = levelOn(actor, node);
  return {
    readGroup: canRead(actor, tree, node),
    adminGroup: level >= 50,
    adminGroupMember: level >= 50,
    createSubgroup: level >= 40,
    createProjects: level >= 40,
    removeGroup: level >= 50,
    adminIssueTemplate: level >= 40,
  };
}

export function projectPermissions(actor: ActorSpec, tree: Tree) {
  const level = levelOn(actor, 'P');
  return {
    readProject: canRead(actor, tree, 'P'),
    adminProject: level >= 40,
    adminProjectMember: level >= 40,
    removeProject: level >= 50,
    adminIssueTemplate: level >= 40,
    // Anyone who can read the project (and is signed in) may open an issue in it.
    createIssue: actor.signedIn,
  };
}

export type MemberView = { username: string; accessLevel: number; inherited: boolean };

/** Members of a group or project as its member list shows them: one row per user, the highest role. */
export function membersOf(node: NodeKey, usernames: Map<string, string>): MemberView[] {
  const path = chain(node);
  const rows: MemberView[] = [];
  for (const actor of ACTORS) {
    const grants = actor.grants.filter((g) => path.includes(g.on) && (node === 'P' || g.on !== 'P'));
    if (grants.length === 0) continue;
    const best = Math.max(...grants.map((g) => g.level));
    const direct = grants.some((g) => g.on === node && g.level === best);
    rows.push({ username: usernames.get(actor.key) as string, accessLevel: best, inherited: !direct });
  }
  return sortMembers(rows);
}

export function sortMembers(rows: MemberView[]): MemberView[] {
  return [...rows].sort((a, b) => a.username.localeCompare(b.username));
}

/** Full paths of a tree's nodes. */
export function pathsOf(tree: Tree): Record<NodeKey, string> {
  const g = `m-${tree.name}`;
  return { G: g, S: `${g}/sub`, S2: `${g}/sibling`, P: `${g}/sub/proj` };
}

/** The description templates of every tree: one kept by G (inherited by P), one by P. */
export const TEMPLATES = {
  G: { name: 'Group template', content: '## Group\n' },
  P: { name: 'Project template', content: '## Project\n' },
};

export type AccessFixture = {
  users: Map<string, UserRow>;
  usernames: Map<string, string>;
  ids: Map<string, Record<NodeKey, number>>;
};

/** Builds every tree and actor through the services (one pass, for a whole test file). */
export async function buildAccessFixture(t: TestApp): Promise<AccessFixture> {
  const users = new Map<string, UserRow>();
  const signedIn = ACTORS.filter((a) => a.signedIn);
  const built = await Promise.all(signedIn.map((a) => t.buildUser({ admin: a.admin === true })));
  for (const [i, a] of signedIn.entries()) users.set(a.key, built[i] as UserRow);
  const builder = users.get(TREE_BUILDER) as UserRow;

  const ids = new Map<string, Record<NodeKey, number>>();
  for (const tree of TREES) {
    const G = await t.buildGroup({ path: pathsOf(tree).G, visibility: tree.g, owner: builder });
    const S = await t.buildGroup({ path: 'sub', parent: G, visibility: tree.s, owner: builder });
    const S2 = await t.buildGroup({ path: 'sibling', parent: G, visibility: 'private', owner: builder });
    const P = await t.buildProject({ path: 'proj', group: S, visibility: tree.p });
    const groups: Record<GroupKey, GroupRow> = { G, S, S2 };
    for (const actor of signedIn) {
      for (const grant of actor.grants) {
        const user = users.get(actor.key) as UserRow;
        if (actor.key === TREE_BUILDER) continue; // made a member by creating the groups
        if (grant.on === 'P') await t.addProjectMember(P, user, grant.level);
        else await t.addGroupMember(groups[grant.on], user, grant.level);
      }
    }
    const admin = userActor(builder);
    await t.services.issueTemplates.create(admin, { type: 'Group', group: G }, TEMPLATES.G);
    await t.services.issueTemplates.create(admin, { type: 'Project', ...P }, TEMPLATES.P);
    ids.set(tree.name, { G: G.id, S: S.id, S2: S2.id, P: P.project.id });
  }
  const usernames = new Map([...users].map(([key, user]) => [key, user.username]));
  return { users, usernames, ids };
}
