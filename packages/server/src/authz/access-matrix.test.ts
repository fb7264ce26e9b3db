/**
 * The access matrix over GraphQL: every actor × every tree (see access-matrix.fixture.ts) through every
 * read path, compared with the expectations the fixture's oracle derives from GitLab's rules.
 * One assertion per (tree, actor) compares the whole observed picture, so a failure shows every path
 * that disagrees at once.
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
  type GroupKey,
  groupPermissions,
  levelOn,
  type MemberView,
  membersOf,
  pathsOf,
  projectPermissions,
  sortMembers,
  TREES,
  type Tree,
} from './access-matrix.fixture.ts';

const MEMBER_NODES = 'nodes { user { username } accessLevel { integerValue } inherited }';
const TREE_QUERY = `
  query AccessMatrix($g: ID!, $s: ID!, $s2: ID!, $p: ID!) {
    G: group(fullPath: $g) {
      ...GroupView
      descendantGroups { nodes { fullPath } }
      projects(includeSubgroups: true) { nodes { fullPath } }
    }
    S: group(fullPath: $s) { ...GroupView projects { nodes { fullPath } } }
    S2: group(fullPath: $s2) { ...GroupView }
    nsG: namespace(fullPath: $g) { fullPath }
    nsS: namespace(fullPath: $s) { fullPath }
    nsS2: namespace(fullPath: $s2) { fullPath }
    P: project(fullPath: $p) {
      fullPath
      userPermissions { readProject adminProject adminProjectMember removeProject adminIssueTemplate createIssue }
      projectMembers { ${MEMBER_NODES} }
    }
  }
  fragment GroupView on Group {
    fullPath
    userPermissions { readGroup adminGroup adminGroupMember createSubgroup createProjects removeGroup adminIssueTemplate }
    groupMembers { ${MEMBER_NODES} }
  }`;

const LISTS_QUERY = `{
  groups { count nodes { fullPath } }
  projects { count nodes { fullPath } }
  memberProjects: projects(membership: true) { nodes { fullPath } }
  currentUser { groups { nodes { fullPath } } }
}`;

type Member = { user: { username: string }; accessLevel: { integerValue: number }; inherited: boolean };
type Paths = { nodes: { fullPath: string }[] };
type GroupView = {
  fullPath: string;
  userPermissions: Record<string, boolean>;
  groupMembers: { nodes: Member[] };
  descendantGroups?: Paths;
  projects?: Paths;
};
type TreeData = Record<'G' | 'S' | 'S2', GroupView | null> &
  Record<'nsG' | 'nsS' | 'nsS2', { fullPath: string } | null> & {
    P: { fullPath: string; userPermissions: Record<string, boolean>; projectMembers: { nodes: Member[] } } | null;
  };

const paths = (c: Paths | undefined) => c?.nodes.map((n) => n.fullPath).sort();
const members = (nodes: Member[]): MemberView[] =>
  sortMembers(
    nodes.map((m) => ({ username: m.user.username, accessLevel: m.accessLevel.integerValue, inherited: m.inherited })),
  );

/** What the response shows, in the oracle's terms. */
function observe(data: TreeData) {
  const group = (g: GroupView | null) =>
    g && {
      fullPath: g.fullPath,
      permissions: g.userPermissions,
      members: members(g.groupMembers.nodes),
      ...(g.descendantGroups ? { descendantGroups: paths(g.descendantGroups) } : {}),
      ...(g.projects ? { projects: paths(g.projects) } : {}),
    };
  return {
    G: group(data.G),
    S: group(data.S),
    S2: group(data.S2),
    namespaces: { G: data.nsG?.fullPath ?? null, S: data.nsS?.fullPath ?? null, S2: data.nsS2?.fullPath ?? null },
    P: data.P && {
      fullPath: data.P.fullPath,
      permissions: data.P.userPermissions,
      members: members(data.P.projectMembers.nodes),
    },
  };
}

/** What GitLab's rules say the same response must show. */
function expected(actor: ActorSpec, tree: Tree, usernames: Map<string, string>) {
  const p = pathsOf(tree);
  const visible = (node: GroupKey | 'P') => canRead(actor, tree, node);
  const group = (node: GroupKey, extra: Record<string, string[]> = {}) =>
    visible(node)
      ? {
          fullPath: p[node],
          permissions: groupPermissions(actor, tree, node),
          members: membersOf(node, usernames),
          ...extra,
        }
      : null;
  const projectsUnder = visible('P') ? [p.P] : [];
  return {
    G: group('G', {
      descendantGroups: (['S', 'S2'] as const)
        .filter(visible)
        .map((n) => p[n])
        .sort(),
      projects: projectsUnder,
    }),
    S: group('S', { projects: projectsUnder }),
    S2: group('S2'),
    namespaces: {
      G: visible('G') ? p.G : null,
      S: visible('S') ? p.S : null,
      S2: visible('S2') ? p.S2 : null,
    },
    P: visible('P')
      ? { fullPath: p.P, permissions: projectPermissions(actor, tree), members: membersOf('P', usernames) }
      : null,
  };
}

describe('access matrix (GraphQL)', () => {
  let t: TestApp;
  let f: AccessFixture;
  const as = (actor: ActorSpec): UserRow | undefined => f.users.get(actor.key);

  beforeAll(async () => {
    t = await createTestApp();
    f = await buildAccessFixture(t);
  }, 120_000);

  it('covers the whole matrix: 10 trees, 21 actors, every role on G, S and P', () => {
    expect(TREES.map((tree) => tree.name)).toHaveLength(10);
    expect(ACTORS).toHaveLength(21);
    // The oracle is not vacuous: each tree has readers and non-readers, Owners and non-Owners.
    for (const tree of TREES.filter((x) => x.g === 'private')) {
      expect(ACTORS.filter((a) => canRead(a, tree, 'P')).length).toBeGreaterThan(0);
      expect(ACTORS.filter((a) => !canRead(a, tree, 'P')).length).toBeGreaterThan(0);
    }
    expect(ACTORS.filter((a) => levelOn(a, 'S') === 40).map((a) => a.key)).toEqual([
      'maintainer@G',
      'maintainer@S',
      'guest@G + maintainer@S',
    ]);
  });

  describe.each(TREES)('tree $name (group $g, subgroup $s, project $p)', (tree) => {
    it.each(ACTORS.map((a) => [a.key, a] as const))('%s', async (_key, actor) => {
      const p = pathsOf(tree);
      const res = await t.graphql<TreeData>(TREE_QUERY, { g: p.G, s: p.S, s2: p.S2, p: p.P }, { as: as(actor) });
      expect(res.errors).toBeUndefined();
      expect(observe(res.data as TreeData)).toEqual(expected(actor, tree, f.usernames));
    });
  });

  describe('lists across all trees', () => {
    it.each(ACTORS.map((a) => [a.key, a] as const))('%s', async (_key, actor) => {
      const res = await t.graphql<{
        groups: Paths & { count: number };
        projects: Paths & { count: number };
        memberProjects: Paths;
        currentUser: { groups: Paths } | null;
      }>(LISTS_QUERY, {}, { as: as(actor) });
      expect(res.errors).toBeUndefined();
      const data = res.data as NonNullable<typeof res.data>;
      const groupKeys = ['G', 'S', 'S2'] as const;
      const readableGroups = TREES.flatMap((tree) =>
        groupKeys.filter((n) => canRead(actor, tree, n)).map((n) => pathsOf(tree)[n]),
      ).sort();
      const readableProjects = TREES.filter((tree) => canRead(actor, tree, 'P'))
        .map((tree) => pathsOf(tree).P)
        .sort();
      // Membership lists: a group where the actor holds a group role (on it or an ancestor);
      // a project where the actor holds any role that reaches it.
      const memberGroups = TREES.flatMap((tree) =>
        groupKeys.filter((n) => !actor.admin && levelOn(actor, n) > 0).map((n) => pathsOf(tree)[n]),
      ).sort();
      const memberProjects = TREES.filter(() => !actor.admin && levelOn(actor, 'P') > 0)
        .map((tree) => pathsOf(tree).P)
        .sort();

      expect({
        groups: paths(data.groups),
        groupsCount: data.groups.count,
        projects: paths(data.projects),
        projectsCount: data.projects.count,
        memberProjects: paths(data.memberProjects),
        currentUserGroups: data.currentUser ? paths(data.currentUser.groups) : null,
      }).toEqual({
        groups: readableGroups,
        groupsCount: readableGroups.length,
        projects: readableProjects,
        projectsCount: readableProjects.length,
        memberProjects: actor.signedIn ? memberProjects : [],
        currentUserGroups: actor.signedIn ? memberGroups : null,
      });
    });
  });
});
