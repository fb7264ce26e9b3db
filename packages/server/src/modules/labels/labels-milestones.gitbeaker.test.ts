/** GroupLabels, ProjectLabels, GroupMilestones and ProjectMilestones driven by the real @gitbeaker/rest client. */
import type { AddressInfo } from 'node:net';
import { Gitlab } from '@gitbeaker/rest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GroupRow } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';

describe('@gitbeaker/rest: labels and milestones', () => {
  let t: TestApp;
  let gitlab: InstanceType<typeof Gitlab>;
  let group: GroupRow;
  let sub: GroupRow;
  let project: ProjectWithGroup;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await t.buildUser();
    group = await t.buildGroup({ owner, path: 'beaker' });
    sub = await t.buildGroup({ owner, parent: group, path: 'sub' });
    project = await t.buildProject({ group: sub, path: 'app' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const host = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    gitlab = new Gitlab({ host, token: (await t.authHeaders(owner))['private-token'] as string });
  });

  it('creates, lists (following pagination), shows, edits and removes group labels', async () => {
    for (const [name, color] of [
      ['priority::high', '#ff0000'],
      ['priority::low', '#00ff00'],
      ['bug', 'crimson'],
    ]) {
      await gitlab.GroupLabels.create('beaker', name as string, color as string, { description: `${name} label` });
    }
    await gitlab.GroupLabels.create('beaker/sub', 'sub-only', '#123456');
    const all = await gitlab.GroupLabels.all('beaker/sub', { perPage: 1 });
    expect(all.map((l) => l.name)).toEqual(['bug', 'priority::high', 'priority::low', 'sub-only']);
    expect(all[0]).toMatchObject({ color: '#dc143c', text_color: '#FFFFFF', description: 'bug label' });

    const searched = await gitlab.GroupLabels.all('beaker', { search: 'priority' });
    expect(searched.map((l) => l.name)).toEqual(['priority::high', 'priority::low']);

    const high = await gitlab.GroupLabels.show('beaker', 'priority::high');
    expect(high).toMatchObject({ name: 'priority::high', is_project_label: false });
    const renamed = await gitlab.GroupLabels.edit('beaker', high.id, { newName: 'priority::urgent' });
    expect(renamed).toMatchObject({ id: high.id, name: 'priority::urgent' });
    const edited = await gitlab.GroupLabels.edit('beaker', high.id, { color: '#aa0000', description: 'Now!' });
    expect(edited).toMatchObject({ id: high.id, color: '#aa0000', description: 'Now!' });

    await gitlab.GroupLabels.remove('beaker', 'priority::low');
    const after = await gitlab.GroupLabels.all('beaker');
    expect(after.map((l) => l.name)).toEqual(['bug', 'priority::urgent']);

    await expect(gitlab.GroupLabels.create('beaker', 'bug', '#000000')).rejects.toThrow('Label already exists');
    await expect(gitlab.GroupLabels.show('beaker', 'nope')).rejects.toThrow('404 Label Not Found');
  });

  it('manages project labels beside the groups’', async () => {
    const created = await gitlab.ProjectLabels.create(project.project.id, 'app-only', '#0000ff');
    expect(created).toMatchObject({ name: 'app-only', is_project_label: true });
    const all = await gitlab.ProjectLabels.all(project.project.fullPath);
    expect(all.map((l) => l.name)).toEqual(['app-only', 'bug', 'priority::urgent', 'sub-only']);
  });

  it('creates, lists, shows, edits, closes and removes group milestones', async () => {
    const m1 = await gitlab.GroupMilestones.create('beaker', 'M1', { startDate: '2027-01-01', dueDate: '2027-01-31' });
    expect(m1).toMatchObject({ iid: 1, title: 'M1', group_id: group.id, state: 'active', start_date: '2027-01-01' });
    const m2 = await gitlab.GroupMilestones.create('beaker', 'M2', { description: 'Second' });
    expect(m2.iid).toBe(2);

    const all = await gitlab.GroupMilestones.all('beaker', { perPage: 1 });
    expect(all.map((m) => m.title)).toEqual(['M1', 'M2']);
    expect((await gitlab.GroupMilestones.all('beaker', { iids: [2] })).map((m) => m.title)).toEqual(['M2']);
    const inherited = await gitlab.GroupMilestones.all('beaker/sub', { includeParentMilestones: true });
    expect(inherited.map((m) => m.title)).toEqual(['M1', 'M2']);

    expect(await gitlab.GroupMilestones.show('beaker', m1.id)).toMatchObject({ title: 'M1', expired: false });
    const closed = await gitlab.GroupMilestones.edit('beaker', m1.id, { stateEvent: 'close', dueDate: '2027-02-28' });
    expect(closed).toMatchObject({ state: 'closed', due_date: '2027-02-28' });
    expect((await gitlab.GroupMilestones.all('beaker', { state: 'active' })).map((m) => m.title)).toEqual(['M2']);

    await expect(
      gitlab.GroupMilestones.create('beaker', 'M3', { startDate: '2027-03-01', dueDate: '2027-02-01' }),
    ).rejects.toThrow('must be greater than start date');
    await gitlab.GroupMilestones.remove('beaker', m2.id);
    await expect(gitlab.GroupMilestones.show('beaker', m2.id)).rejects.toThrow('404 Milestone Not Found');
  });

  it('manages project milestones', async () => {
    const m = await gitlab.ProjectMilestones.create(project.project.id, 'App 1.0', { dueDate: '2027-06-30' });
    expect(m).toMatchObject({
      iid: 1,
      project_id: project.project.id,
      web_url: expect.stringContaining('/beaker/sub/app/-/milestones/1'),
    });
    expect((await gitlab.ProjectMilestones.all(project.project.id)).map((x) => x.title)).toEqual(['App 1.0']);
  });
});
