import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { issuesFactories } from '../../test/issues-factories.ts';
import { labelsMilestonesFactories } from '../../test/labels-milestones-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { EpicNode } from '../epics/epics.types.ts';
import type { IssueNode } from '../issues/issues.types.ts';

type Note = { body: string; system: boolean; author: { username: string } };

describe('system notes', () => {
  let t: TestApp;
  let dev: UserRow;
  let ann: UserRow;
  let issue: IssueNode;
  let other: IssueNode;
  let epic: EpicNode;
  let epic2: EpicNode;

  beforeAll(async () => {
    t = await createTestApp();
    dev = await t.buildUser({ username: 'dev' });
    ann = await t.buildUser({ username: 'ann' });
    const group = await t.buildGroup({ path: 'sn', visibility: 'public' });
    await t.addGroupMember(group, dev, 30);
    await t.addGroupMember(group, ann, 30);
    const project = await t.buildProject({ group, path: 'app' });
    const lm = labelsMilestonesFactories(t);
    await lm.buildLabel({ group, title: 'bug' });
    await lm.buildLabel({ group, title: 'needs review' });
    await lm.buildMilestone({ group, title: 'v1.0' });
    const f = issuesFactories(t);
    issue = await f.buildIssue({ project, title: 'Old title', labelTitles: ['bug'] });
    other = await f.buildIssue({ project, title: 'Other' });
    const ef = epicsFactories(t);
    epic = await ef.buildEpic({ group, title: 'Epic one' });
    epic2 = await ef.buildEpic({ group, title: 'Epic two' });
  });

  const activity = async (url: string) =>
    (await t.request({ method: 'GET', url: `${url}?activity_filter=only_activity&sort=asc&per_page=100`, as: dev }))
      .json<Note[]>()
      .map((n) => n.body);

  it('records each change of an issue in the same request, as its author', async () => {
    const url = `/api/v4/projects/sn%2Fapp/issues/${issue.issue.iid}`;
    const milestone = (await t.request({ method: 'GET', url: '/api/v4/groups/sn/milestones', as: dev })).json<
      { id: number }[]
    >()[0];
    const res = await t.request({
      method: 'PUT',
      url,
      as: dev,
      payload: {
        title: 'New title',
        description: 'Now described',
        add_labels: 'needs review',
        remove_labels: 'bug',
        milestone_id: milestone?.id,
        assignee_ids: [ann.id],
        weight: 3,
        due_date: '2026-11-30',
        confidential: true,
        discussion_locked: true,
      },
    });
    expect(res.statusCode).toBe(200);
    await t.request({ method: 'PUT', url, as: dev, payload: { state_event: 'close' } });
    await t.request({ method: 'PUT', url, as: dev, payload: { state_event: 'reopen', weight: null, due_date: '' } });
    await t.request({
      method: 'PUT',
      url,
      as: dev,
      payload: { confidential: false, discussion_locked: false, milestone_id: '0', assignee_id: '0' },
    });
    expect(await activity(`${url}/notes`)).toEqual([
      'changed title from **Old title** to **New title**',
      'changed the description',
      'added ~"needs review" and removed ~bug labels',
      'made the issue confidential',
      'changed due date to November 30, 2026',
      'changed milestone to %v1.0',
      'assigned to @ann',
      'changed weight to **3**',
      'locked the discussion in this issue',
      'closed',
      'reopened',
      'removed due date',
      'removed the weight',
      'made the issue visible to everyone',
      'removed milestone',
      'unassigned @ann',
      'unlocked the discussion in this issue',
    ]);
    const [first] = (
      await t.request({ method: 'GET', url: `${url}/notes?sort=asc&activity_filter=only_activity`, as: dev })
    ).json<Note[]>();
    expect(first).toMatchObject({ system: true, author: { username: 'dev' } });
    const comments = await t.request({ method: 'GET', url: `${url}/notes?activity_filter=only_comments`, as: dev });
    expect(comments.json()).toEqual([]);
  });

  it('records nothing when an update changes nothing', async () => {
    const url = `/api/v4/projects/sn%2Fapp/issues/${other.issue.iid}`;
    await t.request({ method: 'PUT', url, as: dev, payload: { title: 'Other' } });
    expect(await activity(`${url}/notes`)).toEqual([]);
  });

  it('records issue links on both issues, and epic membership on the issue and the epics', async () => {
    const url = `/api/v4/projects/sn%2Fapp/issues/${other.issue.iid}`;
    const link = await t.request({
      method: 'POST',
      url: `${url}/links`,
      as: dev,
      payload: { target_project_id: 'sn/app', target_issue_iid: issue.issue.iid, link_type: 'blocks' },
    });
    expect(link.statusCode).toBe(201);
    const links = await t.request({ method: 'GET', url: `${url}/links`, as: dev });
    const linkId = links.json<{ issue_link_id: number }[]>()[0]?.issue_link_id;
    await t.request({ method: 'DELETE', url: `${url}/links/${linkId}`, as: dev });
    await t.request({ method: 'PUT', url, as: dev, payload: { epic_id: epic.epic.id } });
    await t.request({ method: 'PUT', url, as: dev, payload: { epic_id: epic2.epic.id } });
    await t.request({ method: 'PUT', url, as: dev, payload: { epic_id: '0' } });
    expect(await activity(`${url}/notes`)).toEqual([
      `marked this issue as blocking sn/app#${issue.issue.iid}`,
      `removed the relation with sn/app#${issue.issue.iid}`,
      `added to epic sn&${epic.epic.iid}`,
      `changed epic to sn&${epic2.epic.iid}`,
      `removed from epic sn&${epic2.epic.iid}`,
    ]);
    const target = await activity(`/api/v4/projects/sn%2Fapp/issues/${issue.issue.iid}/notes`);
    expect(target.slice(-2)).toEqual([
      `marked this issue as blocked by sn/app#${other.issue.iid}`,
      `removed the relation with sn/app#${other.issue.iid}`,
    ]);
    expect(await activity(`/api/v4/groups/sn/epics/${epic.epic.id}/notes`)).toEqual([
      `added issue sn/app#${other.issue.iid}`,
      `removed issue sn/app#${other.issue.iid}`,
    ]);
  });

  it('records changes of an epic: title, description, state, labels, dates, confidentiality, parent', async () => {
    const url = `/api/v4/groups/sn/epics/${epic2.epic.iid}`;
    const changed = await t.request({
      method: 'PUT',
      url,
      as: dev,
      payload: {
        title: 'Epic two, renamed',
        description: 'Described',
        labels: 'bug',
        start_date_is_fixed: true,
        start_date_fixed: '2026-12-01',
        confidential: true,
        parent_id: epic.epic.id,
      },
    });
    expect(changed.statusCode).toBe(200);
    await t.request({ method: 'PUT', url, as: dev, payload: { state_event: 'close', confidential: false } });
    expect(await activity(`/api/v4/groups/sn/epics/${epic2.epic.id}/notes`)).toEqual(
      expect.arrayContaining([
        'changed title from **Epic two** to **Epic two, renamed**',
        'changed the description',
        'added ~bug label',
        'made the epic confidential',
        'changed start date to December 1, 2026',
        `added sn&${epic.epic.iid} as parent epic`,
        'closed',
        'made the epic visible to everyone',
      ]),
    );
  });

  it('records related and blocking epics on both epics, and their removal', async () => {
    const url = `/api/v4/groups/sn/epics/${epic.epic.iid}/related_epics`;
    const made = await t.request({
      method: 'POST',
      url,
      as: dev,
      payload: { target_group_id: 'sn', target_epic_iid: epic2.epic.iid, link_type: 'blocks' },
    });
    expect(made.statusCode).toBe(201);
    const list = await t.request({ method: 'GET', url, as: dev });
    const linkId = list.json<{ related_epic_link_id: number }[]>()[0]?.related_epic_link_id;
    expect((await t.request({ method: 'DELETE', url: `${url}/${linkId}`, as: dev })).statusCode).toBe(200);
    const one = await activity(`/api/v4/groups/sn/epics/${epic.epic.id}/notes`);
    const two = await activity(`/api/v4/groups/sn/epics/${epic2.epic.id}/notes`);
    expect(one.slice(-2)).toEqual([
      `marked this epic as blocking sn&${epic2.epic.iid}`,
      `removed the relation with sn&${epic2.epic.iid}`,
    ]);
    expect(two.slice(-2)).toEqual([
      `marked this epic as blocked by sn&${epic.epic.iid}`,
      `removed the relation with sn&${epic.epic.iid}`,
    ]);
  });
});
