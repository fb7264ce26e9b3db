import { beforeAll, describe, expect, it } from 'vitest';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';

type Payload = { issueTemplate: { name: string; content: string } | null; errors: string[] };

const CREATE = `mutation($input: IssueTemplateCreateInput!) {
  issueTemplateCreate(input: $input) { issueTemplate { name content } errors } }`;
const UPDATE = `mutation($input: IssueTemplateUpdateInput!) {
  issueTemplateUpdate(input: $input) { issueTemplate { name content } errors } }`;
const DESTROY = `mutation($input: IssueTemplateDestroyInput!) {
  issueTemplateDestroy(input: $input) { issueTemplate { name } errors } }`;

describe('issue description templates', () => {
  let t: TestApp;
  let maintainer: UserRow;
  let developer: UserRow;
  let outsider: UserRow;
  let top: GroupRow;
  let sub: GroupRow;
  let project: ProjectWithGroup;
  let secret: ProjectWithGroup;

  const api = (path: string, as?: UserRow) => t.request({ method: 'GET', url: `/api/v4${path}`, as });

  beforeAll(async () => {
    t = await createTestApp();
    maintainer = await t.buildUser();
    developer = await t.buildUser();
    outsider = await t.buildUser();
    top = await t.buildGroup({ path: 'tt', visibility: 'public' });
    sub = await t.buildGroup({ path: 'sub', parent: top, visibility: 'public' });
    await t.addGroupMember(top, maintainer, 40);
    await t.addGroupMember(top, developer, 30);
    project = await t.buildProject({ group: sub, path: 'app', visibility: 'public' });
    const hidden = await t.buildGroup({ path: 'tt-secret', visibility: 'private' });
    secret = await t.buildProject({ group: hidden, path: 'lab', visibility: 'private' });
    const as = { as: maintainer };
    for (const [input, field] of [
      [{ groupPath: 'tt', name: 'Bug', content: '## Group bug\n' }, 'top'],
      [{ groupPath: 'tt', name: 'Outage', content: '## Outage\n' }, 'top'],
      [{ groupPath: 'tt/sub', name: 'Outage', content: '## Sub outage\n' }, 'sub'],
      [{ projectPath: 'tt/sub/app', name: 'Bug', content: '## Project bug\n' }, 'project'],
      [{ projectPath: 'tt/sub/app', name: 'Feature', content: '## Feature\n' }, 'project'],
    ] as const) {
      const res = await t.graphql<{ issueTemplateCreate: Payload }>(CREATE, { input }, as);
      expect(res.data?.issueTemplateCreate.errors, field).toEqual([]);
    }
    await t.services.issueTemplates.create(
      (await import('../../authz/actor.ts')).userActor(await t.systemAdmin()),
      { type: 'Project', ...secret },
      { name: 'Bug', content: 'secret' },
    );
  });

  it('lists a project’s templates with its groups’ (the nearest of each name) as GitLab’s key and name', async () => {
    const res = await api(`/projects/${project.project.id}/templates/issues`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers['x-total']).toBe('3');
    expect(res.json()).toEqual(
      ['Bug', 'Feature', 'Outage'].map((name) => ({ key: name, name, project_id: project.project.id })),
    );
    const paged = await api(`/projects/${encodeURIComponent('tt/sub/app')}/templates/issues?per_page=2&page=2`);
    expect(paged.json()).toEqual([{ key: 'Outage', name: 'Outage', project_id: project.project.id }]);
    expect(paged.headers['x-total']).toBe('3');
    const beyond = await api(`/projects/${project.project.id}/templates/issues?page=9`);
    expect([beyond.json(), beyond.headers['x-total']]).toEqual([[], '3']);
  });

  it('serves one template’s content by name: the project’s over the group’s, the nearer group’s over the farther', async () => {
    const bug = await api(`/projects/${project.project.id}/templates/issues/Bug`);
    expect(bug.json()).toEqual({ name: 'Bug', content: '## Project bug\n', project_id: project.project.id });
    const outage = await api(`/projects/${project.project.id}/templates/issues/Outage?source_template_project_id=1`);
    expect(outage.json()).toMatchObject({ name: 'Outage', content: '## Sub outage\n' });
    const missing = await api(`/projects/${project.project.id}/templates/issues/Nope`);
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: '404 Template Not Found' }]);
    const bad = await api(`/projects/${project.project.id}/templates/issues/Bug?source_template_project_id=x`);
    expect([bad.statusCode, bad.json()]).toEqual([400, { error: 'source_template_project_id is invalid' }]);
  });

  it('answers a hidden project’s templates exactly like a missing project’s', async () => {
    for (const path of ['/templates/issues', '/templates/issues/Bug']) {
      const hidden = await api(`/projects/${secret.project.id}${path}`, outsider);
      const missing = await api(`/projects/2147483647${path}`, outsider);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.body).toBe(missing.body);
    }
    const gql = await t.graphql<{ project: unknown }>(
      `{ project(fullPath: "tt-secret/lab") { issueTemplates { name } } }`,
      {},
      { as: outsider },
    );
    expect(gql.data?.project).toBeNull();
  });

  it('shows a container’s own templates to its readers, and who may keep them', async () => {
    const res = await t.graphql<{
      project: { issueTemplates: { name: string }[]; userPermissions: { adminIssueTemplate: boolean } };
      group: { issueTemplates: { name: string }[]; userPermissions: { adminIssueTemplate: boolean } };
    }>(
      `{ project(fullPath: "tt/sub/app") { issueTemplates { name } userPermissions { adminIssueTemplate } }
         group(fullPath: "tt") { issueTemplates { name } userPermissions { adminIssueTemplate } } }`,
      {},
      { as: developer },
    );
    expect(res.data).toEqual({
      project: {
        issueTemplates: [{ name: 'Bug' }, { name: 'Feature' }],
        userPermissions: { adminIssueTemplate: false },
      },
      group: { issueTemplates: [{ name: 'Bug' }, { name: 'Outage' }], userPermissions: { adminIssueTemplate: false } },
    });
    const mine = await t.graphql<{ project: { userPermissions: { adminIssueTemplate: boolean } } }>(
      `{ project(fullPath: "tt/sub/app") { userPermissions { adminIssueTemplate } } }`,
      {},
      { as: maintainer },
    );
    expect(mine.data?.project.userPermissions.adminIssueTemplate).toBe(true);
  });

  it('lets Maintainers rename, rewrite and delete templates; others get GitLab’s not-found error', async () => {
    const input = { projectPath: 'tt/sub/app', name: 'Feature', newName: 'Feature request', content: '## New\n' };
    const denied = await t.graphql(UPDATE, { input }, { as: developer });
    expect(denied.errors?.[0]?.message).toMatch(/does not exist or you don't have permission/);
    const renamed = await t.graphql<{ issueTemplateUpdate: Payload }>(UPDATE, { input }, { as: maintainer });
    expect(renamed.data?.issueTemplateUpdate).toEqual({
      issueTemplate: { name: 'Feature request', content: '## New\n' },
      errors: [],
    });
    const gone = await t.graphql<{ issueTemplateDestroy: Payload }>(
      DESTROY,
      { input: { projectPath: 'tt/sub/app', name: 'Feature request' } },
      { as: maintainer },
    );
    expect(gone.data?.issueTemplateDestroy).toEqual({ issueTemplate: null, errors: [] });
    const list = await api(`/projects/${project.project.id}/templates/issues`);
    expect(list.json<{ name: string }[]>().map((x) => x.name)).toEqual(['Bug', 'Outage']);
    const again = await t.graphql(
      DESTROY,
      { input: { projectPath: 'tt/sub/app', name: 'Feature request' } },
      { as: maintainer },
    );
    expect(again.errors?.[0]?.message).toMatch(/does not exist/);
    const created = await t.graphql(
      CREATE,
      { input: { projectPath: 'tt/sub/app', name: 'Nope', content: 'x' } },
      { as: outsider },
    );
    expect(created.errors?.[0]?.message).toMatch(/does not exist/);
  });

  it('refuses bad names and contents with clear messages, writing nothing', async () => {
    const cases: [Record<string, string>, string[]][] = [
      [{ name: 'Bug', content: 'again' }, ['Name has already been taken']],
      [{ name: '  ', content: 'x' }, ["Name can't be blank"]],
      [{ name: 'a/b', content: 'x' }, ['Name cannot contain slashes or control characters']],
      [{ name: 'n'.repeat(101), content: 'x' }, ['Name is too long (maximum is 100 characters)']],
      [{ name: 'Empty', content: '   ' }, ["Content can't be blank"]],
    ];
    for (const [fields, errors] of cases) {
      const res = await t.graphql<{ issueTemplateCreate: Payload }>(
        CREATE,
        { input: { projectPath: 'tt/sub/app', ...fields } },
        { as: maintainer },
      );
      expect(res.data?.issueTemplateCreate).toEqual({ issueTemplate: null, errors });
    }
    const both = await t.graphql(
      CREATE,
      { input: { projectPath: 'tt/sub/app', groupPath: 'tt', name: 'X', content: 'x' } },
      { as: maintainer },
    );
    expect(both.errors?.[0]?.message).toBe('Exactly one of group_path or project_path arguments is required');
    const list = await api(`/projects/${project.project.id}/templates/issues`);
    expect(list.headers['x-total']).toBe('2');
  });
});
