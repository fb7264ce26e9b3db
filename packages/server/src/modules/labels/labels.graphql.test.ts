import { beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGE } from '../../errors.ts';
import { labelsMilestonesFactories } from '../../test/labels-milestones-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildWorld, type World } from './labels.world.ts';

type Labels = { nodes: { title: string }[]; count: number };

const GROUP_LABELS = `query($fullPath: ID!, $searchTerm: String, $searchIn: [LabelSearchFieldList!]!, $title: String,
  $anc: Boolean, $desc: Boolean, $only: Boolean, $first: Int) {
  group(fullPath: $fullPath) { labels(searchTerm: $searchTerm, searchIn: $searchIn, title: $title, includeAncestorGroups: $anc,
    includeDescendantGroups: $desc, onlyGroupLabels: $only, first: $first) { count nodes { title } } } }`;

const PROJECT_LABELS = `query($fullPath: ID!, $searchTerm: String, $anc: Boolean) {
  project(fullPath: $fullPath) { labels(searchTerm: $searchTerm, includeAncestorGroups: $anc) { count nodes { title } } } }`;

const CREATE = `mutation($input: LabelCreateInput!) {
  labelCreate(input: $input) { errors label { id title color textColor description descriptionHtml } } }`;

describe('labels over GraphQL', () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildWorld(t);
  });

  async function groupLabels(vars: Record<string, unknown>, as = w.owner) {
    const res = await t.graphql<{ group: { labels: Labels } | null }>(
      GROUP_LABELS,
      { searchIn: ['TITLE', 'DESCRIPTION'], ...vars },
      { as },
    );
    expect(res.errors).toBeUndefined();
    return res.data?.group?.labels;
  }

  const titles = (l: Labels | undefined) => l?.nodes.map((n) => n.title);

  it.each([
    ['own and its projects’ labels by default', {}, ['frontend', 'web-only']],
    ['group labels only', { only: true }, ['frontend']],
    ['with ancestors', { anc: true, only: true }, ['bug', 'frontend', 'priority::high']],
    ['with ancestors and project labels', { anc: true }, ['bug', 'frontend', 'priority::high', 'web-only']],
  ])('Group.labels on a subgroup: %s', async (_name, vars, expected) => {
    expect(titles(await groupLabels({ fullPath: w.platform.fullPath, ...vars }))).toEqual(expected);
  });

  it('includes descendant groups and projects only where the viewer may read them', async () => {
    const vars = { fullPath: w.acme.fullPath, desc: true, only: false };
    const all = ['bug', 'frontend', 'priority::high', 'proto-secret', 'secret', 'web-only'];
    expect(titles(await groupLabels(vars, w.owner))).toEqual(all);
    expect(titles(await groupLabels(vars, w.labMember))).toEqual(all);
    const visible = ['bug', 'frontend', 'priority::high', 'web-only'];
    const outsider = await groupLabels(vars, w.outsider);
    expect(titles(outsider)).toEqual(visible);
    expect(outsider?.count).toBe(4);
    const anonymous = await t.graphql<{ group: { labels: Labels } }>(GROUP_LABELS, { ...vars, searchIn: ['TITLE'] });
    expect(titles(anonymous.data?.group.labels)).toEqual(visible);
  });

  it.each([
    ['a title substring', { searchTerm: 'RONT' }, ['frontend']],
    ['a description substring', { searchTerm: 'broken' }, ['bug']],
    ['titles only', { searchTerm: 'broken', searchIn: ['TITLE'] }, []],
    ['% literally', { searchTerm: '100%' }, ['frontend']],
    ['_ literally', { searchTerm: 'g_' }, []],
    ['an empty term as no filter', { searchTerm: '' }, ['bug', 'frontend', 'priority::high']],
    ['an exact title', { title: 'priority::high' }, ['priority::high']],
    ['an exact title overriding search', { title: 'bug', searchTerm: 'front' }, ['bug']],
  ])('searches by %s', async (_name, vars, expected) => {
    expect(titles(await groupLabels({ fullPath: w.platform.fullPath, anc: true, only: true, ...vars }))).toEqual(
      expected,
    );
  });

  it('Project.labels: the project’s and its group’s, with ancestors on request', async () => {
    const query = async (anc: boolean) =>
      (await t.graphql<{ project: { labels: Labels } }>(PROJECT_LABELS, { fullPath: w.web.project.fullPath, anc })).data
        ?.project.labels;
    expect(titles(await query(false))).toEqual(['frontend', 'web-only']);
    expect(titles(await query(true))).toEqual(['bug', 'frontend', 'priority::high', 'web-only']);
  });

  it('exposes the label fields with GitLab’s global ids', async () => {
    const res = await t.graphql<{ project: { label: Record<string, string>; own: Record<string, string> } }>(
      `query($p: ID!) { project(fullPath: $p) {
        label(title: "bug") { id title color textColor description descriptionHtml createdAt updatedAt }
        own: label(title: "web-only") { id textColor description } } }`,
      { p: w.web.project.fullPath },
    );
    expect(res.data?.project.label).toMatchObject({
      id: `gid://gitlab/GroupLabel/${w.labels.bug.id}`,
      color: '#d9534f',
      textColor: '#FFFFFF',
      description: 'Something is **broken**',
      descriptionHtml: '<p>Something is <strong>broken</strong></p>\n',
    });
    expect(res.data?.project.own).toEqual({
      id: `gid://gitlab/ProjectLabel/${w.labels.webOnly.id}`,
      textColor: '#333333',
      description: null,
    });
  });

  it('Group.label finds ancestors’ labels by exact title and hides what the group cannot see', async () => {
    const q = `query($g: ID!, $t: String!) { group(fullPath: $g) { label(title: $t) { title } } }`;
    const found = await t.graphql<{ group: { label: { title: string } | null } }>(q, {
      g: w.platform.fullPath,
      t: 'bug',
    });
    expect(found.data?.group.label).toEqual({ title: 'bug' });
    const missing = await t.graphql<{ group: { label: null } }>(q, { g: w.platform.fullPath, t: 'secret' });
    expect(missing.data?.group.label).toBeNull();
    const hidden = await t.graphql(q, { g: w.lab.fullPath, t: 'secret' }, { as: w.outsider });
    expect(hidden.data).toEqual({ group: null });
  });

  it('clamps first to 100 and keeps the SQL bounded whatever the page size', async () => {
    const big = await t.buildGroup();
    const { buildLabel } = labelsMilestonesFactories(t);
    for (let i = 0; i < 105; i += 1) await buildLabel({ group: big, title: `l${String(i).padStart(3, '0')}` });
    const pool = t.database.pool;
    const original = pool.query.bind(pool);
    let queries = 0;
    (pool as { query: unknown }).query = (...args: unknown[]) => {
      queries += 1;
      return (original as (...a: unknown[]) => unknown)(...args);
    };
    try {
      const count = async (first: number) => {
        queries = 0;
        const res = await groupLabels({ fullPath: big.fullPath, first }, await t.systemAdmin());
        return { n: res?.nodes.length, total: res?.count, queries };
      };
      await count(1); // warm-up: the admin's token is made on first use
      const small = await count(5);
      const large = await count(500);
      expect(large).toMatchObject({ n: 100, total: 105 });
      expect(small.n).toBe(5);
      expect(large.queries).toBe(small.queries);
      expect(large.queries).toBeLessThanOrEqual(6);
    } finally {
      (pool as { query: unknown }).query = original;
    }
  });

  describe('labelCreate', () => {
    const create = (input: Record<string, unknown>, as = w.reporter) =>
      t.graphql<{
        labelCreate: { errors: string[]; label: Record<string, string> | null };
      }>(CREATE, { input }, { as });

    it('creates group and project labels, mapping CSS colour names', async () => {
      const group = await create({
        title: 'needs-ux',
        color: 'Red',
        description: 'See _design_',
        groupPath: w.acme.fullPath,
      });
      expect(group.data?.labelCreate).toMatchObject({
        errors: [],
        label: {
          title: 'needs-ux',
          color: '#ff0000',
          textColor: '#FFFFFF',
          descriptionHtml: '<p>See <em>design</em></p>\n',
        },
      });
      expect(group.data?.labelCreate.label?.id).toMatch(/^gid:\/\/gitlab\/GroupLabel\/\d+$/);
      const project = await create({ title: 'needs-ux', projectPath: w.web.project.fullPath });
      expect(project.data?.labelCreate.label).toMatchObject({ title: 'needs-ux', color: '#6699cc' });
      expect(project.data?.labelCreate.label?.id).toMatch(/^gid:\/\/gitlab\/ProjectLabel\/\d+$/);
    });

    it.each([
      ['a duplicate title', { title: 'bug' }, ['Label already exists']],
      ['a colour that is not #rrggbb', { title: 'x1', color: '#abc' }, ['Color must be a valid color code']],
      ['an unknown colour name', { title: 'x2', color: 'reddish' }, ['Color must be a valid color code']],
      ['a blank title', { title: '  ' }, ["Title can't be blank"]],
      ['a title over 255 characters', { title: 'x'.repeat(256) }, ['Title is too long (maximum is 255 characters)']],
      ['a comma in the title', { title: 'a,b' }, ['Title is invalid']],
      [
        'a description over 1 MB',
        { title: 'x6', description: 'x'.repeat(1_000_001) },
        ['Description is too long (maximum is 1000000 characters)'],
      ],
    ])('refuses %s and writes nothing', async (_name, input, errors) => {
      const before = (await groupLabels({ fullPath: w.acme.fullPath }))?.count;
      const res = await create({ ...input, groupPath: w.acme.fullPath });
      expect(res.data?.labelCreate).toEqual({ errors, label: null });
      expect((await groupLabels({ fullPath: w.acme.fullPath }))?.count).toBe(before);
    });

    it('needs exactly one of groupPath and projectPath', async () => {
      for (const paths of [
        {},
        { groupPath: w.acme.fullPath, projectPath: w.web.project.fullPath },
        { groupPath: '' },
      ]) {
        const res = await create({ title: 'x3', ...paths });
        expect(res.errors?.[0]?.message).toBe('Exactly one of group_path or project_path arguments is required');
      }
    });

    it('answers guests, strangers and hidden groups alike, and visitors must sign in', async () => {
      for (const [as, path] of [
        [w.guest, w.acme.fullPath],
        [w.outsider, w.acme.fullPath],
        [w.outsider, w.lab.fullPath],
        [w.owner, 'acme-nope'],
      ] as const) {
        const res = await create({ title: 'x4', groupPath: path }, as);
        expect(res.errors?.[0]?.message).toBe(NOT_FOUND_MESSAGE);
        expect(res.data?.labelCreate ?? null).toBeNull();
      }
      const anonymous = await t.graphql(CREATE, { input: { title: 'x5', groupPath: w.acme.fullPath } });
      expect(anonymous.errors?.[0]?.message).toBe(NOT_FOUND_MESSAGE);
    });
  });
});
