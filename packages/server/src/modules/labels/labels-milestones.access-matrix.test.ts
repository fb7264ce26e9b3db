/**
 * The access matrix (every visibility tree × every actor, see authz/access-matrix.fixture.ts) over the
 * label and milestone read paths and their writes: lists show exactly the containers the oracle says
 * are readable, hidden containers answer exactly like missing ones, writes need Reporter+.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACTORS,
  type AccessFixture,
  type ActorSpec,
  buildAccessFixture,
  canRead,
  levelOn,
  type NodeKey,
  pathsOf,
  TREES,
  type Tree,
} from '../../authz/access-matrix.fixture.ts';
import { userActor } from '../../authz/actor.ts';
import type { UserRow } from '../../db/schema.ts';
import { labelsMilestonesFactories } from '../../test/labels-milestones-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const NODES: NodeKey[] = ['G', 'S', 'S2', 'P'];
const MISSING = 2147483647;

describe('labels and milestones: the access matrix', () => {
  let t: TestApp;
  let fx: AccessFixture;

  beforeAll(async () => {
    t = await createTestApp();
    fx = await buildAccessFixture(t);
    const { buildLabel, buildMilestone } = labelsMilestonesFactories(t);
    const admin = userActor(await t.systemAdmin());
    for (const tree of TREES) {
      const ids = fx.ids.get(tree.name) as Record<NodeKey, number>;
      for (const node of NODES) {
        const on =
          node === 'P'
            ? { project: await t.services.projects.get(admin, ids.P) }
            : { group: await t.services.groups.get(admin, ids[node]) };
        await buildLabel({ ...on, title: `L-${node}` });
        await buildMilestone({ ...on, title: `M-${node}`, startDate: '2027-01-01', dueDate: '2027-12-31' });
      }
    }
  });

  const as = (actor: ActorSpec): UserRow | null => (actor.signedIn ? (fx.users.get(actor.key) as UserRow) : null);
  const readable = (actor: ActorSpec, tree: Tree) => NODES.filter((n) => canRead(actor, tree, n));
  const cases = TREES.flatMap((tree) => ACTORS.map((actor) => [tree.name, actor.key, tree, actor] as const));

  it.each(cases)(
    '%s, %s: group and project lists hold exactly the readable containers',
    async (_t, _a, tree, actor) => {
      const ids = fx.ids.get(tree.name) as Record<NodeKey, number>;
      const user = as(actor);
      const get = (url: string) => t.request({ method: 'GET', url: `/api/v4${url}`, as: user });
      const visible = readable(actor, tree);

      for (const [url, prefix] of [
        [`/groups/${ids.G}/labels?include_descendant_groups=true&only_group_labels=false`, 'L-'],
        [`/groups/${ids.G}/milestones?include_descendants=true`, 'M-'],
      ] as const) {
        const res = await get(url);
        if (!canRead(actor, tree, 'G')) {
          expect(res.statusCode).toBe(404);
          expect(res.body).toBe((await get(url.replace(String(ids.G), String(MISSING)))).body);
          continue;
        }
        const names = res.json<{ name?: string; title?: string }[]>().map((x) => x.name ?? x.title);
        expect(names.sort()).toEqual(visible.map((n) => `${prefix}${n}`).sort());
      }

      const project = await get(`/projects/${ids.P}/labels`);
      if (canRead(actor, tree, 'P')) {
        expect(project.json<{ name: string }[]>().map((l) => l.name)).toEqual(['L-G', 'L-P', 'L-S']);
      } else {
        expect(project.statusCode).toBe(404);
        expect(project.body).toBe((await get(`/projects/${MISSING}/labels`)).body);
      }

      const gql = await t.graphql<{ group: { milestones: { nodes: { title: string }[] } } | null }>(
        `query($p: ID!) { group(fullPath: $p) { milestones(includeDescendants: true) { nodes { title } } } }`,
        { p: pathsOf(tree).G },
        { as: user },
      );
      if (!canRead(actor, tree, 'G')) expect(gql.data?.group).toBeNull();
      else
        expect(gql.data?.group?.milestones.nodes.map((n) => n.title).sort()).toEqual(
          visible.map((n) => `M-${n}`).sort(),
        );
    },
  );

  it.each(cases)('%s, %s: creating a label on S needs Reporter+ there', async (_t, key, tree, actor) => {
    const ids = fx.ids.get(tree.name) as Record<NodeKey, number>;
    const res = await t.request({
      method: 'POST',
      url: `/api/v4/groups/${ids.S}/labels`,
      payload: { name: `new-${key}`, color: '#123456' },
      as: as(actor),
    });
    const expected = !actor.signedIn ? 401 : !canRead(actor, tree, 'S') ? 404 : levelOn(actor, 'S') >= 20 ? 201 : 403;
    expect(res.statusCode).toBe(expected);
  });
});
