/**
 * GitLab's lib/api/subscriptions.rb on issues, epics, group labels and project labels (201 with the
 * entity, 304 when already in that state), milestone issues, and labels named on issues and epics
 * being created when missing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../../authz/actor.ts';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';

describe('subscriptions, milestone issues and labels by name over REST', () => {
  let t: TestApp;
  let group: GroupRow;
  let project: ProjectWithGroup;
  let developer: UserRow;
  let guest: UserRow;
  let stranger: UserRow;

  beforeAll(async () => {
    t = await createTestApp();
    developer = await t.buildUser();
    guest = await t.buildUser();
    stranger = await t.buildUser();
    group = await t.buildGroup({ visibility: 'private' });
    await t.addGroupMember(group, developer, 30);
    await t.addGroupMember(group, guest, 10);
    project = await t.buildProject({ group, visibility: 'private' });
    await t.request({
      method: 'POST',
      url: `/api/v4/projects/${project.project.id}/issues`,
      payload: { title: 'One' },
      as: developer,
    });
    await t.request({
      method: 'POST',
      url: `/api/v4/groups/${group.id}/epics`,
      payload: { title: 'Big' },
      as: developer,
    });
    await t.request({
      method: 'POST',
      url: `/api/v4/groups/${group.id}/labels`,
      payload: { name: 'ux', color: '#ff0000' },
      as: developer,
    });
    await t.request({
      method: 'POST',
      url: `/api/v4/projects/${project.project.id}/labels`,
      payload: { name: 'api', color: '#00ff00' },
      as: developer,
    });
  });

  describe('subscribe / unsubscribe', () => {
    const targets = () => [
      [
        'an issue',
        `/api/v4/projects/${project.project.id}/issues/1`,
        `/api/v4/projects/${project.project.id}/issues/1`,
      ],
      ['an epic', `/api/v4/groups/${group.id}/epics/1`, `/api/v4/groups/${group.id}/epics/1`],
      ['a group label', `/api/v4/groups/${group.id}/labels/ux`, `/api/v4/groups/${group.id}/labels/ux`],
      [
        'a project label',
        `/api/v4/projects/${project.project.id}/labels/api`,
        `/api/v4/projects/${project.project.id}/labels/api`,
      ],
      [
        'a group label through a project',
        `/api/v4/projects/${project.project.id}/labels/ux`,
        `/api/v4/projects/${project.project.id}/labels/ux`,
      ],
    ];

    it.each([0, 1, 2, 3, 4])('of target %i: 201 with the entity, 304 when unchanged', async (i) => {
      const [, path, show] = targets()[i] as [string, string, string];
      const subscribed = async () =>
        (await t.request({ method: 'GET', url: show, as: guest })).json<{ subscribed: boolean }>().subscribed;
      expect(await subscribed()).toBe(false);

      const on = await t.request({ method: 'POST', url: `${path}/subscribe`, as: guest });
      expect([on.statusCode, on.headers['content-type'], on.json<{ subscribed: boolean }>().subscribed]).toEqual([
        201,
        'application/json',
        true,
      ]);
      expect(await subscribed()).toBe(true);
      const again = await t.request({ method: 'POST', url: `${path}/subscribe`, as: guest });
      expect([again.statusCode, again.body]).toEqual([304, '']);

      const off = await t.request({ method: 'POST', url: `${path}/unsubscribe`, as: guest });
      expect([off.statusCode, off.json<{ subscribed: boolean }>().subscribed]).toEqual([201, false]);
      expect(await subscribed()).toBe(false);
      const offAgain = await t.request({ method: 'POST', url: `${path}/unsubscribe`, as: guest });
      expect(offAgain.statusCode).toBe(304);
    });

    it('counts the author of an issue as subscribed already (304), until they unsubscribe', async () => {
      const path = `/api/v4/projects/${project.project.id}/issues/1`;
      expect((await t.request({ method: 'POST', url: `${path}/subscribe`, as: developer })).statusCode).toBe(304);
      expect((await t.request({ method: 'POST', url: `${path}/unsubscribe`, as: developer })).statusCode).toBe(201);
    });

    it('hides what the user cannot read (404) and needs sign-in (401)', async () => {
      for (const [, path] of targets() as [string, string][]) {
        expect((await t.request({ method: 'POST', url: `${path}/subscribe`, as: stranger })).statusCode).toBe(404);
        expect((await t.request({ method: 'POST', url: `${path}/subscribe` })).statusCode).toBe(401);
      }
    });
  });

  describe('milestone issues', () => {
    it('lists the readable issues of a project milestone and of a group milestone, paginated', async () => {
      const pm = (
        await t.request({
          method: 'POST',
          url: `/api/v4/projects/${project.project.id}/milestones`,
          payload: { title: 'v1' },
          as: developer,
        })
      ).json<{ id: number }>();
      const gm = (
        await t.request({
          method: 'POST',
          url: `/api/v4/groups/${group.id}/milestones`,
          payload: { title: 'S1' },
          as: developer,
        })
      ).json<{ id: number }>();
      for (const [title, milestone] of [
        ['A', pm.id],
        ['B', pm.id],
        ['C', gm.id],
      ] as const) {
        await t.request({
          method: 'POST',
          url: `/api/v4/projects/${project.project.id}/issues`,
          payload: { title, milestone_id: milestone },
          as: developer,
        });
      }
      const page = await t.request({
        method: 'GET',
        url: `/api/v4/projects/${project.project.id}/milestones/${pm.id}/issues?per_page=1`,
        as: guest,
      });
      expect([page.statusCode, page.headers['x-total'], page.json<unknown[]>().length]).toEqual([200, '2', 1]);
      const all = await t.request({
        method: 'GET',
        url: `/api/v4/projects/${project.project.id}/milestones/${pm.id}/issues`,
        as: guest,
      });
      expect(
        all
          .json<{ title: string }[]>()
          .map((i) => i.title)
          .sort(),
      ).toEqual(['A', 'B']);
      const grouped = await t.request({
        method: 'GET',
        url: `/api/v4/groups/${group.id}/milestones/${gm.id}/issues`,
        as: guest,
      });
      expect(grouped.json<{ title: string; milestone: { id: number } }[]>()).toEqual([
        expect.objectContaining({ title: 'C', milestone: expect.objectContaining({ id: gm.id }) }),
      ]);
      const missing = await t.request({
        method: 'GET',
        url: `/api/v4/groups/${group.id}/milestones/999999/issues`,
        as: guest,
      });
      expect([missing.statusCode, missing.json()]).toEqual([404, { message: '404 Milestone Not Found' }]);
      const hidden = await t.request({
        method: 'GET',
        url: `/api/v4/groups/${group.id}/milestones/${gm.id}/issues`,
        as: stranger,
      });
      expect(hidden.statusCode).toBe(404);
    });
  });

  describe('labels given by name', () => {
    it('creates a missing project label on issue create and update (labels, add_labels)', async () => {
      const created = await t.request({
        method: 'POST',
        url: `/api/v4/projects/${project.project.id}/issues`,
        payload: { title: 'Labelled', labels: 'ux,fresh' },
        as: developer,
      });
      expect(created.json<{ labels: string[] }>().labels.sort()).toEqual(['fresh', 'ux']);
      const iid = created.json<{ iid: number }>().iid;
      const updated = await t.request({
        method: 'PUT',
        url: `/api/v4/projects/${project.project.id}/issues/${iid}`,
        payload: { add_labels: 'later' },
        as: developer,
      });
      expect(updated.json<{ labels: string[] }>().labels.sort()).toEqual(['fresh', 'later', 'ux']);
      const labels = await t.request({
        method: 'GET',
        url: `/api/v4/projects/${project.project.id}/labels?per_page=100`,
        as: developer,
      });
      const own = labels
        .json<{ name: string; is_project_label: boolean; color: string }[]>()
        .filter((l) => l.is_project_label);
      expect(own.map((l) => [l.name, l.color]).sort()).toEqual([
        ['api', '#00ff00'],
        ['fresh', '#6699cc'],
        ['later', '#6699cc'],
      ]);
    });

    it('creates a missing group label on epic create and update', async () => {
      const epic = await t.request({
        method: 'POST',
        url: `/api/v4/groups/${group.id}/epics`,
        payload: { title: 'Labelled epic', labels: ['ux', 'roadmap'] },
        as: developer,
      });
      expect(epic.json<{ labels: string[] }>().labels.sort()).toEqual(['roadmap', 'ux']);
      const iid = epic.json<{ iid: number }>().iid;
      const updated = await t.request({
        method: 'PUT',
        url: `/api/v4/groups/${group.id}/epics/${iid}`,
        payload: { labels: 'q3' },
        as: developer,
      });
      expect(updated.json<{ labels: string[] }>().labels).toEqual(['q3']);
      const labels = await t.request({ method: 'GET', url: `/api/v4/groups/${group.id}/labels`, as: developer });
      expect(labels.json<{ name: string }[]>().map((l) => l.name)).toEqual(expect.arrayContaining(['roadmap', 'q3']));
    });

    it('refuses with a clear 400 where the user may not create labels, and creates nothing', async () => {
      const other = await t.buildGroup({ visibility: 'public' });
      const reader = await t.buildUser();
      const res = await t.request({
        method: 'PUT',
        url: `/api/v4/groups/${group.id}/epics/1`,
        payload: { add_labels: 'forbidden-fruit' },
        as: guest,
      });
      // Guests may not update epics at all: the 403 comes first, and no label appears.
      expect(res.statusCode).toBe(403);
      const labels = await t.request({
        method: 'GET',
        url: `/api/v4/groups/${group.id}/labels?search=forbidden`,
        as: developer,
      });
      expect(labels.json()).toEqual([]);

      const service = t.services.labels;
      await expect(
        service.createMissing(userActor(reader, 'token'), { type: 'Group', group: other }, ['nope']),
      ).rejects.toMatchObject({ status: 400, fields: { labels: [expect.stringContaining('"nope" not found')] } });
    });
  });
});
