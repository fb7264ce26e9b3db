/**
 * Every list parameter of the REST API and the UI JSON paths holds at most 100 values, however it
 * is written (`a[]=…`, `a=x,y`, a JSON array): over the cap → 400 with a clear message and nothing
 * written; at the cap → the usual answer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GroupRow, UserRow } from '../db/schema.ts';
import { tooManyValuesMessage } from '../errors.ts';
import type { EpicWithGroup } from '../modules/epics/epics.service.ts';
import type { ProjectWithGroup } from '../modules/projects/projects.service.ts';
import { epicsFactories } from '../test/epics-factories.ts';
import { labelsMilestonesFactories } from '../test/labels-milestones-factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const many = (n: number, prefix = 'x') => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);
const brackets = (name: string, values: string[]) => values.map((v) => `${name}[]=${v}`).join('&');

describe('list parameters are capped at 100 values', () => {
  let t: TestApp;
  let owner: UserRow;
  let group: GroupRow;
  let project: ProjectWithGroup;
  let epic: EpicWithGroup;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.buildUser({ username: 'params-owner' });
    group = await t.buildGroup({ path: 'params', owner });
    project = await t.buildProject({ group });
    await labelsMilestonesFactories(t).buildLabel({ group, title: 'x1' });
    epic = await epicsFactories(t).buildEpic({ group, title: 'Listed', labels: ['x1'] });
    await epicsFactories(t).buildIssue({ project, title: 'An issue' });
  });

  const get = (url: string) => t.request({ method: 'GET', url, as: owner });

  it.each([
    ['epics labels (comma list)', () => `/api/v4/groups/${group.id}/epics?labels=${many(101).join(',')}`, 'labels'],
    ['epics not[labels]', () => `/api/v4/groups/${group.id}/epics?not[labels]=${many(101).join(',')}`, 'labels'],
    [
      'issues labels[]',
      () => `/api/v4/projects/${project.project.id}/issues?${brackets('labels', many(101))}`,
      'labels',
    ],
    ['issues iids[]', () => `/api/v4/projects/${project.project.id}/issues?${brackets('iids', many(101, ''))}`, 'iids'],
    [
      'issues assignee_username[]',
      () => `/api/v4/groups/${group.id}/issues?${brackets('assignee_username', many(101))}`,
      'assignee_username',
    ],
    ['issues not[iids][]', () => `/api/v4/issues?${brackets('not[iids]', many(101, ''))}`, 'iids'],
    ['milestones iids[]', () => `/api/v4/groups/${group.id}/milestones?${brackets('iids', many(101, ''))}`, 'iids'],
    ['members user_ids', () => `/api/v4/groups/${group.id}/members?user_ids=${many(101, '').join(',')}`, 'user_ids'],
  ])('GET %s: 101 values → 400', async (_name, url, param) => {
    const res = await get(url());
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: tooManyValuesMessage(param) });
  });

  it('100 values are accepted, and the label filter still matches', async () => {
    const res = await get(`/api/v4/groups/${group.id}/epics?labels=${many(100).join(',')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    const one = await get(`/api/v4/groups/${group.id}/epics?labels=x1`);
    expect(one.json<{ title: string }[]>().map((e) => e.title)).toEqual(['Listed']);
    const issues = await get(`/api/v4/projects/${project.project.id}/issues?${brackets('iids', many(100, ''))}`);
    expect(issues.statusCode).toBe(200);
    expect(issues.json<{ title: string }[]>().map((i) => i.title)).toEqual(['An issue']);
  });

  it('writes: REST labels and label_ids over the cap → 400, nothing written', async () => {
    const url = `/api/v4/groups/${group.id}/epics/${epic.epic.iid}`;
    const put = await t.request({ method: 'PUT', url, as: owner, payload: { title: 'Renamed', labels: many(101) } });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toEqual({ error: tooManyValuesMessage('labels') });
    const ids = await t.request({
      method: 'PUT',
      url,
      as: owner,
      payload: { title: 'Renamed', label_ids: many(101, '') },
    });
    expect(ids.statusCode).toBe(400);
    expect(ids.json()).toEqual({ error: tooManyValuesMessage('label_ids') });
    const issue = await t.request({
      method: 'PUT',
      url: `/api/v4/projects/${project.project.id}/issues/1`,
      as: owner,
      payload: { add_labels: many(101).join(',') },
    });
    expect(issue.statusCode).toBe(400);
    expect(issue.json()).toEqual({ error: tooManyValuesMessage('add_labels') });
    expect((await get(url)).json<{ title: string }>().title).toBe('Listed');
  });

  it('UI JSON: epic labels and issuable_references over the cap → a clear 4xx, nothing written', async () => {
    const base = `/groups/${group.fullPath}/-/epics/${epic.epic.iid}`;
    const put = await t.request({
      method: 'PUT',
      url: `${base}.json`,
      as: owner,
      payload: { epic: { title: 'Renamed', labels: many(101) } },
    });
    expect(put.statusCode).toBe(422);
    expect(put.json()).toEqual({ errors: [tooManyValuesMessage('labels')] });
    for (const path of ['issues', 'links', 'related_epic_links']) {
      const res = await t.request({
        method: 'POST',
        url: `${base}/${path}`,
        as: owner,
        payload: { issuable_references: many(101, `${group.fullPath}&`) },
      });
      expect(res.statusCode, path).toBe(400);
      expect(res.json<{ message: string }>().message ?? res.json<{ error: string }>().error, path).toBe(
        tooManyValuesMessage('issuable_references'),
      );
    }
    expect((await get(`${base}.json`)).json<{ title: string }>().title).toBe('Listed');
  });
});
