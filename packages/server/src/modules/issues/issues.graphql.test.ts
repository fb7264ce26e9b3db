import { beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../../authz/actor.ts';
import type { GroupRow, LabelRow, MilestoneRow, UserRow } from '../../db/schema.ts';
import { NOT_FOUND_MESSAGE } from '../../errors.ts';
import { issuesFactories } from '../../test/issues-factories.ts';
import { labelsMilestonesFactories } from '../../test/labels-milestones-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';
import type { IssueNode } from './issues.types.ts';

type Page = { count: number; nodes: { iid: string; title: string }[] };

describe('GraphQL issues', () => {
  let t: TestApp;
  let f: ReturnType<typeof issuesFactories>;
  let owner: UserRow;
  let reporter: UserRow;
  let guest: UserRow;
  let outsider: UserRow;
  let group: GroupRow;
  let sub: GroupRow;
  let project: ProjectWithGroup;
  let subProject: ProjectWithGroup;
  let bug: LabelRow;
  let high: LabelRow;
  let low: LabelRow;
  let milestone: MilestoneRow;
  let first: IssueNode;
  let secret: IssueNode;

  beforeAll(async () => {
    t = await createTestApp();
    f = issuesFactories(t);
    const lm = labelsMilestonesFactories(t);
    owner = await t.buildUser();
    reporter = await t.buildUser();
    guest = await t.buildUser();
    outsider = await t.buildUser();
    group = await t.buildGroup({ path: 'gq', visibility: 'public' });
    sub = await t.buildGroup({ path: 'sub', parent: group, visibility: 'public' });
    await t.addGroupMember(group, owner, 50);
    await t.addGroupMember(group, reporter, 20);
    await t.addGroupMember(group, guest, 10);
    project = await t.buildProject({ group, path: 'app' });
    subProject = await t.buildProject({ group: sub, path: 'lib' });
    bug = await lm.buildLabel({ group, title: 'bug', color: '#ff0000' });
    high = await lm.buildLabel({ group, title: 'priority::high', color: '#00ff00' });
    low = await lm.buildLabel({ group, title: 'priority::low', color: '#0000ff' });
    milestone = await lm.buildMilestone({ group, title: 'M1', startDate: '2030-01-01', dueDate: '2030-02-01' });
    first = await f.buildIssue({
      project,
      title: 'First 100% done_thing',
      description: '- [x] one\n- [ ] two',
      labelIds: [bug.id, high.id],
      milestoneId: milestone.id,
      weight: 3,
      healthStatus: 'at_risk',
      assigneeIds: [reporter.id],
      dueDate: '2030-01-15',
    });
    await f.buildIssue({ project, title: 'Second', weight: 1, closed: true });
    await f.buildIssue({ project: subProject, title: 'Third in subgroup', labelIds: [bug.id] });
    secret = await f.buildIssue({ project, title: 'Secret plan', confidential: true });
  });

  const issueQuery = `query($path: ID!, $iid: String!) { project(fullPath: $path) { issue(iid: $iid) {
    id iid title titleHtml description descriptionHtml state type confidential weight dueDate healthStatus lockVersion
    taskCompletionStatus { count completedCount } reference(full: true) webPath webUrl
    labels { nodes { title } } milestone { title } assignees { nodes { username } } author { username }
    userPermissions { readIssue updateIssue adminIssue destroyIssue } blocked blockedByCount upvotes downvotes
    participants { nodes { username } } project { fullPath } epic { id }
  } } }`;

  it('returns an issue with its fields', async () => {
    const res = await t.graphql(issueQuery, { path: 'gq/app', iid: String(first.issue.iid) }, { as: owner });
    expect(res.errors).toBeUndefined();
    expect(res.data).toMatchObject({
      project: {
        issue: {
          id: `gid://gitlab/Issue/${first.issue.id}`,
          iid: String(first.issue.iid),
          title: 'First 100% done_thing',
          state: 'opened',
          type: 'ISSUE',
          weight: 3,
          dueDate: '2030-01-15',
          healthStatus: 'atRisk',
          lockVersion: 0,
          taskCompletionStatus: { count: 2, completedCount: 1 },
          reference: `gq/app#${first.issue.iid}`,
          webPath: `/gq/app/-/issues/${first.issue.iid}`,
          labels: { nodes: [{ title: 'bug' }, { title: 'priority::high' }] },
          milestone: { title: 'M1' },
          assignees: { nodes: [{ username: reporter.username }] },
          userPermissions: { readIssue: true, updateIssue: true, adminIssue: true, destroyIssue: true },
          blocked: false,
          blockedByCount: 0,
          epic: null,
        },
      },
    });
  });

  it('answers null for a confidential issue to a guest, exactly as for a missing one', async () => {
    const hidden = await t.graphql(issueQuery, { path: 'gq/app', iid: String(secret.issue.iid) }, { as: guest });
    const missing = await t.graphql(issueQuery, { path: 'gq/app', iid: '9999' }, { as: guest });
    expect(hidden.body).toEqual({ data: { project: { issue: null } } });
    expect(missing.body).toEqual(hidden.body);
    const visible = await t.graphql(issueQuery, { path: 'gq/app', iid: String(secret.issue.iid) }, { as: reporter });
    expect(visible.data).toMatchObject({ project: { issue: { title: 'Secret plan', confidential: true } } });
  });

  const listQuery = `query($path: ID!, $state: IssuableState, $labelName: [String], $search: String, $sort: IssueSort,
      $authorUsername: String, $milestoneTitle: [String], $not: NegatedIssueFilterInput, $first: Int,
      $confidential: Boolean, $healthStatusFilter: HealthStatusFilter, $weight: String, $assigneeId: String,
      $or: UnionedIssueFilterInput, $types: [IssueType!], $iids: [String!]) {
    project(fullPath: $path) { issues(state: $state, labelName: $labelName, search: $search, sort: $sort,
      authorUsername: $authorUsername, milestoneTitle: $milestoneTitle, not: $not, first: $first,
      confidential: $confidential, healthStatusFilter: $healthStatusFilter, weight: $weight, assigneeId: $assigneeId,
      or: $or, types: $types, iids: $iids) { count nodes { iid title } } } }`;

  const titles = (page: Page) => page.nodes.map((n) => n.title).sort();

  it.each([
    ['no filter (reporter sees the confidential one)', {}, ['First 100% done_thing', 'Second', 'Secret plan']],
    ['state opened', { state: 'opened' }, ['First 100% done_thing', 'Secret plan']],
    ['state closed', { state: 'closed' }, ['Second']],
    ['labelName (AND)', { labelName: ['bug', 'priority::high'] }, ['First 100% done_thing']],
    [
      'empty strings and lists mean no filter',
      { search: '', authorUsername: '', labelName: [], milestoneTitle: [] },
      ['First 100% done_thing', 'Second', 'Secret plan'],
    ],
    ['search with % matches literally', { search: '100%' }, ['First 100% done_thing']],
    ['search with _ matches literally', { search: 'done_thing' }, ['First 100% done_thing']],
    ['search _ is not a wildcard', { search: 'done_th_ng' }, []],
    ['milestoneTitle', { milestoneTitle: ['M1'] }, ['First 100% done_thing']],
    ['not labelName', { not: { labelName: ['bug'] } }, ['Second', 'Secret plan']],
    ['confidential', { confidential: true }, ['Secret plan']],
    ['health status', { healthStatusFilter: 'atRisk' }, ['First 100% done_thing']],
    ['no health status', { healthStatusFilter: 'NONE' }, ['Second', 'Secret plan']],
    ['weight', { weight: '1' }, ['Second']],
    ['weight none', { weight: 'none' }, ['Secret plan']],
    ['assignee none', { assigneeId: 'NONE' }, ['Second', 'Secret plan']],
    ['or labelNames', { or: { labelNames: ['priority::high', 'nope'] } }, ['First 100% done_thing']],
    ['types', { types: ['INCIDENT'] }, []],
  ])('Project.issues filters: %s', async (_name, vars, expected) => {
    const res = await t.graphql<{ project: { issues: Page } }>(
      listQuery,
      { path: 'gq/app', ...vars },
      { as: reporter },
    );
    expect(res.errors).toBeUndefined();
    expect(titles(res.data?.project.issues as Page)).toEqual(expected);
    expect(res.data?.project.issues.count).toBe(expected.length);
  });

  it('leaves confidential issues out of lists, searches and counts for those who may not see them', async () => {
    for (const as of [guest, outsider, null]) {
      const res = await t.graphql<{ project: { issues: Page } }>(listQuery, { path: 'gq/app' }, { as });
      expect(titles(res.data?.project.issues as Page)).toEqual(['First 100% done_thing', 'Second']);
      expect(res.data?.project.issues.count).toBe(2);
      const search = await t.graphql<{ project: { issues: Page } }>(
        listQuery,
        { path: 'gq/app', search: 'Secret' },
        { as },
      );
      expect(search.data?.project.issues).toEqual({ count: 0, nodes: [] });
    }
  });

  it('sorts and clamps first to 100', async () => {
    const res = await t.graphql<{ project: { issues: Page } }>(
      listQuery,
      { path: 'gq/app', sort: 'TITLE_ASC', first: 1000 },
      { as: reporter },
    );
    expect(res.data?.project.issues.nodes.map((n) => n.title)).toEqual([
      'First 100% done_thing',
      'Second',
      'Secret plan',
    ]);
  });

  it('refuses unknown sort values with a validation error', async () => {
    const res = await t.graphql(listQuery, { path: 'gq/app', sort: 'BOGUS' }, { as: reporter });
    expect(res.errors?.[0]?.message).toMatch(/BOGUS/);
  });

  it('lists group issues including subgroups by default', async () => {
    const q = `query($path: ID!, $sub: Boolean) { group(fullPath: $path) { issues(includeSubgroups: $sub, labelName: ["bug"]) { count nodes { title } } } }`;
    const deep = await t.graphql<{ group: { issues: Page } }>(q, { path: 'gq' }, { as: outsider });
    expect(titles(deep.data?.group.issues as Page)).toEqual(['First 100% done_thing', 'Third in subgroup']);
    const shallow = await t.graphql<{ group: { issues: Page } }>(q, { path: 'gq', sub: false }, { as: outsider });
    expect(titles(shallow.data?.group.issues as Page)).toEqual(['First 100% done_thing']);
  });

  describe('mutations', () => {
    const create = `mutation($input: CreateIssueInput!) { createIssue(input: $input) {
      issue { iid title weight dueDate healthStatus confidential labels { nodes { title } } } errors } }`;
    const update = `mutation($input: UpdateIssueInput!) { updateIssue(input: $input) {
      issue { iid title state weight healthStatus milestone { title } labels { nodes { title } } assignees { nodes { username } } } errors } }`;

    it('creates an issue', async () => {
      const res = await t.graphql(
        create,
        {
          input: {
            projectPath: 'gq/app',
            title: 'Created',
            weight: 2,
            dueDate: '2031-03-01',
            healthStatus: 'onTrack',
            labelIds: [`gid://gitlab/GroupLabel/${high.id}`, `gid://gitlab/GroupLabel/${low.id}`],
          },
        },
        { as: reporter },
      );
      expect(res.errors).toBeUndefined();
      // One label per scope: the last one given wins.
      expect(res.data).toMatchObject({
        createIssue: {
          issue: {
            title: 'Created',
            weight: 2,
            dueDate: '2031-03-01',
            healthStatus: 'onTrack',
            labels: { nodes: [{ title: 'priority::low' }] },
          },
          errors: [],
        },
      });
    });

    it.each([
      ['a title over 255 characters', { title: 'x'.repeat(256) }, 'Title is too long (maximum is 255 characters)'],
      ['a blank title', { title: '  ' }, "Title can't be blank"],
      ['a negative weight', { weight: -1 }, 'Weight must be greater than or equal to 0'],
      ['an impossible date', { dueDate: '2027-02-30' }, 'Due date is invalid'],
      ['year 0', { dueDate: '0000-01-01' }, 'Due date is invalid'],
      ['a five-digit year', { dueDate: '10000-01-01' }, 'Due date is invalid'],
      [
        'a description over 1 MB',
        { description: 'x'.repeat(1_048_577) },
        'Description is too long (maximum is 1048576 characters)',
      ],
    ])('refuses %s with nothing written', async (_name, attrs, message) => {
      const count = async () =>
        (await t.services.issues.list(userActor(owner), { projectId: project.project.id }, { limit: 0, offset: 0 }))
          .total;
      const before = await count();
      const res = await t.graphql<{ createIssue: { issue: null; errors: string[] } }>(
        create,
        { input: { projectPath: 'gq/app', title: 'Valid', ...attrs } },
        { as: reporter },
      );
      expect(res.data?.createIssue).toEqual({ issue: null, errors: [message] });
      expect(await count()).toBe(before);
    });

    it('updates state, weight, milestone, labels and assignees', async () => {
      const issue = await f.buildIssue({ project, title: 'To update', labelIds: [bug.id] });
      const res = await t.graphql(
        update,
        {
          input: {
            projectPath: 'gq/app',
            iid: String(issue.issue.iid),
            stateEvent: 'CLOSE',
            weight: 5,
            healthStatus: 'needsAttention',
            milestoneId: `gid://gitlab/Milestone/${milestone.id}`,
            addLabelIds: [`gid://gitlab/GroupLabel/${high.id}`],
            removeLabelIds: [`gid://gitlab/GroupLabel/${bug.id}`],
            assigneeIds: [`gid://gitlab/User/${guest.id}`, `gid://gitlab/User/${outsider.id}`],
          },
        },
        { as: reporter },
      );
      expect(res.errors).toBeUndefined();
      expect(res.data).toMatchObject({
        updateIssue: {
          issue: {
            state: 'closed',
            weight: 5,
            healthStatus: 'needsAttention',
            milestone: { title: 'M1' },
            labels: { nodes: [{ title: 'priority::high' }] },
            assignees: { nodes: [{ username: guest.username }, { username: outsider.username }] },
          },
          errors: [],
        },
      });
      const reopened = await t.graphql(
        update,
        {
          input: {
            projectPath: 'gq/app',
            iid: String(issue.issue.iid),
            stateEvent: 'REOPEN',
            weight: null,
            healthStatus: null,
          },
        },
        { as: reporter },
      );
      expect(reopened.data).toMatchObject({
        updateIssue: { issue: { state: 'opened', weight: null, healthStatus: null } },
      });
    });

    it('drops metadata a guest may not set, but lets the author edit the title', async () => {
      const mine = await f.buildIssue({ project, title: 'Guest issue', author: guest });
      const res = await t.graphql(
        update,
        { input: { projectPath: 'gq/app', iid: String(mine.issue.iid), title: 'Renamed', weight: 8 } },
        { as: guest },
      );
      expect(res.data).toMatchObject({ updateIssue: { issue: { title: 'Renamed', weight: null }, errors: [] } });
    });

    it('answers a hidden issue exactly as a missing one', async () => {
      const hidden = await t.graphql(
        update,
        { input: { projectPath: 'gq/app', iid: String(secret.issue.iid), title: 'x' } },
        { as: guest },
      );
      const missing = await t.graphql(
        update,
        { input: { projectPath: 'gq/app', iid: '9999', title: 'x' } },
        { as: guest },
      );
      expect(hidden.errors?.[0]?.message).toBe(NOT_FOUND_MESSAGE);
      expect(missing.errors?.[0]?.message).toBe(NOT_FOUND_MESSAGE);
      expect(hidden.body.data).toEqual(missing.body.data);
    });
  });
});
