import { beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../../authz/actor.ts';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { issuesFactories } from '../../test/issues-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { EpicNode } from '../epics/epics.types.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';
import { CONFIDENTIAL_EPIC_MESSAGE } from './issues.adapters.ts';

describe('epic ↔ issue relation', () => {
  let t: TestApp;
  let f: ReturnType<typeof issuesFactories>;
  let e: ReturnType<typeof epicsFactories>;
  let reporter: UserRow;
  let guest: UserRow;
  let group: GroupRow;
  let project: ProjectWithGroup;
  let epic: EpicNode;
  let secretEpic: EpicNode;
  let confidentialEpic: EpicNode;

  beforeAll(async () => {
    t = await createTestApp();
    f = issuesFactories(t);
    e = epicsFactories(t);
    reporter = await t.buildUser();
    guest = await t.buildUser();
    group = await t.buildGroup({ path: 'eg', visibility: 'public' });
    await t.addGroupMember(group, reporter, 20);
    await t.addGroupMember(group, guest, 10);
    project = await t.buildProject({ group, path: 'app' });
    epic = await e.buildEpic({ group, title: 'Roadmap epic' });
    confidentialEpic = await e.buildEpic({ group, title: 'Confidential epic', confidential: true });
    const privateGroup = await t.buildGroup({ path: 'private-eg', visibility: 'private' });
    secretEpic = await e.buildEpic({ group: privateGroup, title: 'Secret epic' });
  });

  const epicIssues = `query($iid: ID!) { group(fullPath: "eg") { epic(iid: $iid) {
    issues(first: 100) { count nodes { id iid title epicIssueId relationPath relativePosition reference(full: true) } } } } }`;

  it('adds issues through epicAddIssue, newest first, and lists them with the relation', async () => {
    const one = await f.buildIssue({ project, title: 'One' });
    const two = await f.buildIssue({ project, title: 'Two' });
    const add = `mutation($input: EpicAddIssueInput!) { epicAddIssue(input: $input) { epicIssue { title epicIssueId } errors } }`;
    for (const issue of [one, two]) {
      const res = await t.graphql(
        add,
        {
          input: {
            groupPath: 'eg',
            iid: String(epic.epic.iid),
            projectPath: 'eg/app',
            issueIid: String(issue.issue.iid),
          },
        },
        { as: reporter },
      );
      expect(res.data).toMatchObject({ epicAddIssue: { epicIssue: { title: issue.issue.title }, errors: [] } });
    }
    const again = await t.graphql(
      add,
      {
        input: { groupPath: 'eg', iid: String(epic.epic.iid), projectPath: 'eg/app', issueIid: String(one.issue.iid) },
      },
      { as: reporter },
    );
    expect(again.data).toEqual({ epicAddIssue: { epicIssue: null, errors: ['Issue(s) already assigned'] } });
    const res = await t.graphql<{
      group: {
        epic: { issues: { count: number; nodes: { title: string; epicIssueId: string; relationPath: string }[] } };
      };
    }>(epicIssues, { iid: String(epic.epic.iid) }, { as: guest });
    const nodes = res.data?.group.epic.issues.nodes ?? [];
    expect(nodes.map((n) => n.title)).toEqual(['Two', 'One']);
    expect(nodes[0]?.epicIssueId).toMatch(/^gid:\/\/gitlab\/EpicIssue\/\d+$/);
    expect(nodes[0]?.relationPath).toMatch(new RegExp(`^/groups/eg/-/epics/${epic.epic.iid}/issues/\\d+$`));
    const issue = await t.graphql(
      `query { project(fullPath: "eg/app") { issue(iid: "${one.issue.iid}") { epic { title } } } }`,
      {},
      { as: guest },
    );
    expect(issue.data).toEqual({ project: { issue: { epic: { title: 'Roadmap epic' } } } });
  });

  it('sets and clears the epic with issueSetEpic and updateIssue', async () => {
    const issue = await f.buildIssue({ project, title: 'Movable' });
    const set = `mutation($input: IssueSetEpicInput!) { issueSetEpic(input: $input) { issue { epic { title } } errors } }`;
    const res = await t.graphql(
      set,
      { input: { projectPath: 'eg/app', iid: String(issue.issue.iid), epicId: `gid://gitlab/Epic/${epic.epic.id}` } },
      { as: reporter },
    );
    expect(res.data).toEqual({ issueSetEpic: { issue: { epic: { title: 'Roadmap epic' } }, errors: [] } });
    const cleared = await t.graphql(
      `mutation($input: UpdateIssueInput!) { updateIssue(input: $input) { issue { epic { title } } errors } }`,
      { input: { projectPath: 'eg/app', iid: String(issue.issue.iid), epicId: null } },
      { as: reporter },
    );
    expect(cleared.data).toEqual({ updateIssue: { issue: { epic: null }, errors: [] } });
  });

  it('refuses an epic the actor cannot read (cross-group IDOR): not found, nothing written', async () => {
    const issue = await f.buildIssue({ project, title: 'Target of IDOR' });
    const set = `mutation($input: IssueSetEpicInput!) { issueSetEpic(input: $input) { issue { epic { title } } errors } }`;
    const res = await t.graphql(
      set,
      {
        input: {
          projectPath: 'eg/app',
          iid: String(issue.issue.iid),
          epicId: `gid://gitlab/Epic/${secretEpic.epic.id}`,
        },
      },
      { as: reporter },
    );
    expect(res.errors?.[0]?.message).toMatch(/does not exist or you don't have permission/);
    const created = await t.graphql(
      `mutation($input: CreateIssueInput!) { createIssue(input: $input) { issue { iid } errors } }`,
      { input: { projectPath: 'eg/app', title: 'Sneaky', epicId: `gid://gitlab/Epic/${secretEpic.epic.id}` } },
      { as: reporter },
    );
    expect(created.errors?.[0]?.message).toMatch(/does not exist/);
    const list = await t.request({
      method: 'GET',
      url: '/api/v4/projects/eg%2Fapp/issues?search=Sneaky',
      as: reporter,
    });
    expect(list.json()).toEqual([]);
    const rest = await t.request({
      method: 'POST',
      url: `/api/v4/groups/private-eg/epics/${secretEpic.epic.iid}/issues/${issue.issue.id}`,
      as: reporter,
    });
    expect(rest.statusCode).toBe(404);
    const check = await t.services.issues.epicIssues.relationsOf([issue.issue.id]);
    expect(check).toEqual([]);
  });

  it('refuses an epic the actor can read but not administer (a guest): 404, nothing linked', async () => {
    const issue = await f.buildIssue({ project, title: 'Guest tries', author: guest });
    const rest = await t.request({
      method: 'POST',
      url: `/api/v4/groups/eg/epics/${epic.epic.iid}/issues/${issue.issue.id}`,
      as: guest,
    });
    expect(rest.statusCode).toBe(404);
    expect(rest.json()).toEqual({
      message: 'No matching issue found. Make sure that you are adding a valid issue URL.',
    });
    expect(await t.services.issues.epicIssues.relationsOf([issue.issue.id])).toEqual([]);
  });

  it('keeps public issues out of confidential epics', async () => {
    const issue = await f.buildIssue({ project, title: 'Public one' });
    const res = await t.graphql(
      `mutation($input: IssueSetEpicInput!) { issueSetEpic(input: $input) { issue { id } errors } }`,
      {
        input: {
          projectPath: 'eg/app',
          iid: String(issue.issue.iid),
          epicId: `gid://gitlab/Epic/${confidentialEpic.epic.id}`,
        },
      },
      { as: reporter },
    );
    expect(res.data).toEqual({ issueSetEpic: { issue: null, errors: [CONFIDENTIAL_EPIC_MESSAGE] } });
    const secret = await f.buildIssue({
      project,
      title: 'Confidential one',
      confidential: true,
      epic: confidentialEpic,
    });
    const unhide = await t.graphql(
      `mutation($input: UpdateIssueInput!) { updateIssue(input: $input) { issue { confidential } errors } }`,
      { input: { projectPath: 'eg/app', iid: String(secret.issue.iid), confidential: false } },
      { as: reporter },
    );
    expect(unhide.data).toEqual({ updateIssue: { issue: null, errors: [CONFIDENTIAL_EPIC_MESSAGE] } });
  });

  it('shows a parent the actor may not read as no parent in the REST link entity', async () => {
    const subOwner = await t.buildUser();
    const sub = await t.buildGroup({ path: 'eg-sub', parent: group, visibility: 'public' });
    await t.addGroupMember(sub, subOwner, 50);
    const subProject = await t.buildProject({ group: sub, path: 'sub-app' });
    const child = await e.buildEpic({ group: sub, title: 'Child of a hidden parent', confidential: true });
    await t.services.epics.update(userActor(await t.systemAdmin()), child, { parentId: confidentialEpic.epic.id });
    const issue = await f.buildIssue({ project: subProject, title: 'Linked', confidential: true });
    const url = `/api/v4/groups/eg%2Feg-sub/epics/${child.epic.iid}/issues/${issue?.issue.id}`;
    const res = await t.request({ method: 'POST', url, as: subOwner });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ epic: { iid: number; parent_id: number | null } }>().epic).toMatchObject({
      iid: child.epic.iid,
      parent_id: null,
    });
  });

  it('serves the REST epic issues endpoints: list, assign by global id, move, remove', async () => {
    const target = await e.buildEpic({ group, title: 'REST epic' });
    const [a, b, c] = [
      await f.buildIssue({ project, title: 'A' }),
      await f.buildIssue({ project, title: 'B' }),
      await f.buildIssue({ project, title: 'C' }),
    ];
    const base = `/api/v4/groups/eg/epics/${target.epic.iid}/issues`;
    const ids: number[] = [];
    for (const issue of [a, b, c]) {
      const res = await t.request({ method: 'POST', url: `${base}/${issue?.issue.id}`, as: reporter });
      expect(res.statusCode).toBe(201);
      const body = res.json<{ id: number; epic: { iid: number }; issue: { title: string } }>();
      expect(body).toMatchObject({ epic: { iid: target.epic.iid }, issue: { title: issue?.issue.title } });
      ids.push(body.id);
    }
    const titles = async () =>
      (await t.request({ method: 'GET', url: base, as: guest }))
        .json<{ title: string; epic_issue_id: number }[]>()
        .map((i) => i.title);
    expect(await titles()).toEqual(['C', 'B', 'A']);
    const moved = await t.request({
      method: 'PUT',
      url: `${base}/${ids[2]}`,
      payload: { move_before_id: ids[0] },
      as: reporter,
    });
    expect(moved.statusCode).toBe(200);
    expect(await titles()).toEqual(['B', 'A', 'C']);
    await t.request({ method: 'PUT', url: `${base}/${ids[2]}`, payload: { move_after_id: ids[1] }, as: reporter });
    expect(await titles()).toEqual(['C', 'B', 'A']);
    const none = await t.request({ method: 'PUT', url: `${base}/${ids[1]}`, payload: {}, as: reporter });
    expect(none.statusCode).toBe(400);
    const removed = await t.request({ method: 'DELETE', url: `${base}/${ids[0]}`, as: reporter });
    expect(removed.json()).toMatchObject({ id: ids[0], issue: { title: 'A' }, epic: { iid: target.epic.iid } });
    expect(await titles()).toEqual(['C', 'B']);
  });

  it('serves the epic page JSON: add by reference (200/404/409), move and remove', async () => {
    const target = await e.buildEpic({ group, title: 'UI epic' });
    const x = await f.buildIssue({ project, title: 'X' });
    const y = await f.buildIssue({ project, title: 'Y' });
    const path = `/groups/eg/-/epics/${target.epic.iid}/issues`;
    const added = await t.request({
      method: 'POST',
      url: path,
      payload: {
        issuable_references: [`eg/app#${x.issue.iid}`, `${t.config.externalUrl}/eg/app/-/issues/${y.issue.iid}`],
      },
      as: reporter,
    });
    expect(added.statusCode).toBe(200);
    const body = added.json<{
      message: null;
      issuables: { title: string; epic_issue_id: number; relation_path: string }[];
    }>();
    expect(body.issuables.map((i) => i.title).sort()).toEqual(['X', 'Y']);
    const again = await t.request({
      method: 'POST',
      url: path,
      payload: { issuable_references: [`eg/app#${x.issue.iid}`] },
      as: reporter,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'Issue(s) already assigned' });
    const missing = await t.request({
      method: 'POST',
      url: path,
      payload: { issuable_references: ['eg/app#999', 'nonsense'] },
      as: reporter,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      message: 'No matching issue found. Make sure that you are adding a valid issue URL.',
    });
    const [first, second] = body.issuables;
    const moved = await t.request({
      method: 'PUT',
      url: `${path}/${first?.epic_issue_id}`,
      payload: { epic: { move_before_id: second?.epic_issue_id } },
      as: reporter,
    });
    expect(moved.json()).toEqual({ message: null });
    const list = await t.request({ method: 'GET', url: path, as: guest });
    expect(list.json<{ title: string }[]>().map((i) => i.title)).toEqual([second?.title, first?.title]);
    const removed = await t.request({ method: 'DELETE', url: `${path}/${first?.epic_issue_id}`, as: reporter });
    expect(removed.json<{ issuables: { title: string }[] }>().issuables.map((i) => i.title)).toEqual([second?.title]);
  });

  it('promotes an issue to an epic: title, description, group labels; the issue closes', async () => {
    const issue = await f.buildIssue({ project, title: 'Big idea', description: 'Details' });
    const res = await t.graphql<{ promoteToEpic: { epic: { id: string; webPath: string } | null; errors: string[] } }>(
      `mutation($input: PromoteToEpicInput!) { promoteToEpic(input: $input) { epic { id title webPath } issue { state promotedToEpicUrl } errors } }`,
      { input: { projectPath: 'eg/app', iid: String(issue.issue.iid) } },
      { as: reporter },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.promoteToEpic).toMatchObject({
      epic: { title: 'Big idea' },
      issue: { state: 'closed' },
      errors: [],
    });
    expect(res.data?.promoteToEpic.epic?.webPath).toMatch(/^\/groups\/eg\/-\/epics\/\d+$/);
    const again = await t.graphql<{ promoteToEpic: { errors: string[] } }>(
      `mutation($input: PromoteToEpicInput!) { promoteToEpic(input: $input) { errors } }`,
      { input: { projectPath: 'eg/app', iid: String(issue.issue.iid) } },
      { as: reporter },
    );
    expect(again.data?.promoteToEpic.errors).toEqual(['Issue has already been promoted to an epic.']);
    const denied = await t.graphql(
      `mutation($input: PromoteToEpicInput!) { promoteToEpic(input: $input) { errors } }`,
      { input: { projectPath: 'eg/app', iid: String((await f.buildIssue({ project, author: guest })).issue.iid) } },
      { as: guest },
    );
    expect(denied.errors?.[0]?.message).toMatch(/does not exist/);
  });
});
