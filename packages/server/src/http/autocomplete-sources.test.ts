/**
 * The filter bar's autocomplete sources of spec 002 §7.4, as GitLab's front end calls them: each
 * parameter, access (a hidden group or project is a 404; hidden rows never appear) and the caps.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../db/schema.ts';
import { buildWorld, type World } from '../modules/labels/labels.world.ts';
import { usersRepository } from '../modules/users/users.repository.ts';
import { epicsFactories } from '../test/epics-factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe('autocomplete sources (spec 002 §7.4)', () => {
  let t: TestApp;
  let w: World;
  let blocked: UserRow;

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildWorld(t);
    blocked = await t.buildUser({ name: 'World blocked' });
    await t.addGroupMember(w.acme, blocked, 30);
    await usersRepository(t.database.db).update(blocked.id, { state: 'blocked' });
    const f = epicsFactories(t);
    await f.buildEpic({ group: w.acme, title: 'Top plan', author: w.owner });
    await f.buildEpic({ group: w.platform, title: 'Platform plan', author: w.owner });
    await f.buildEpic({ group: w.lab, title: 'Lab plan', author: w.owner });
    await f.buildEpic({ group: w.acme, title: 'Quiet plan', author: w.owner, confidential: true });
  });

  const get = (url: string, as: UserRow | null = null) => t.request({ method: 'GET', url, as });
  const names = (res: { json: <T>() => T }) => res.json<{ name: string }[]>().map((u) => u.name);
  const titles = (res: { json: <T>() => T }) => res.json<{ title: string }[]>().map((l) => l.title);

  describe('/-/autocomplete/users.json', () => {
    it('suggests active users unless `states` asks for blocked ones too', async () => {
      const url = `/-/autocomplete/users.json?group_id=${w.acme.id}`;
      expect(names(await get(url, w.owner))).not.toContain('World blocked');
      const both = await get(`${url}&states[]=active&states[]=blocked`, w.owner);
      expect(both.headers['content-type']).toBe('application/json');
      expect(names(both)).toContain('World blocked');
      expect(names(both)).toContain('World owner');
      expect(names(await get(`${url}&states=blocked`, w.owner))).toEqual(['World blocked']);
      expect(names(await get(`${url}&states[]=ldap_blocked`, w.owner))).toEqual(['World blocked']);
    });

    it('takes group_id or project_id, current_user and search', async () => {
      const group = await get(`/-/autocomplete/users.json?group_id=${w.platform.id}&search=rep`);
      expect(names(group)).toEqual(['World reporter']);
      const project = await get(
        `/-/autocomplete/users.json?project_id=${w.web.project.id}&current_user=true`,
        w.outsider,
      );
      expect(names(project)[0]).toBe('World outsider');
    });

    it('refuses unknown states and more than 100 values, and hides private groups', async () => {
      const bad = await get(`/-/autocomplete/users.json?states[]=sleeping`, w.owner);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'states does not have a valid value' });
      const many = Array.from({ length: 101 }, () => 'states[]=active').join('&');
      expect((await get(`/-/autocomplete/users.json?${many}`, w.owner)).statusCode).toBe(400);
      const hidden = await get(`/-/autocomplete/users.json?group_id=${w.lab.id}`, w.outsider);
      expect(hidden.statusCode).toBe(404);
    });
  });

  describe('labels .json', () => {
    it('takes include_ancestor_groups, include_descendant_groups and only_group_labels', async () => {
      const url = `/groups/${w.platform.fullPath}/-/labels.json?only_group_labels=true`;
      expect(titles(await get(url))).toEqual(['bug', 'frontend', 'priority::high']);
      expect(titles(await get(`${url}&include_ancestor_groups=false`))).toEqual(['frontend']);
      const deep = `/groups/${w.acme.fullPath}/-/labels.json?only_group_labels=true&include_descendant_groups=true`;
      // A visitor never sees the private subgroup's label; its member does.
      expect(titles(await get(deep))).toEqual(['bug', 'frontend', 'priority::high']);
      expect(titles(await get(deep, w.labMember))).toEqual(['bug', 'frontend', 'priority::high', 'secret']);
    });

    it('answers 404 for a hidden group or project', async () => {
      expect((await get(`/groups/${w.lab.fullPath}/-/labels.json`)).statusCode).toBe(404);
      expect((await get(`/${w.proto.project.fullPath}/-/labels.json`)).statusCode).toBe(404);
    });
  });

  describe('milestones .json and epics .json', () => {
    it('lists epics with include_ancestor_groups / include_descendant_groups / search, visible ones only', async () => {
      const top = `/groups/${w.acme.fullPath}/-/epics.json`;
      expect(titles(await get(top))).toEqual(['Platform plan', 'Top plan']);
      expect(titles(await get(top, w.labMember))).toEqual(['Lab plan', 'Platform plan', 'Top plan']);
      // acme's reporter sees into the private subgroup and the confidential epic.
      expect(titles(await get(top, w.reporter))).toEqual(['Lab plan', 'Platform plan', 'Quiet plan', 'Top plan']);
      expect(titles(await get(`${top}?include_descendant_groups=false`))).toEqual(['Top plan']);
      const sub = `/groups/${w.platform.fullPath}/-/epics.json`;
      expect(titles(await get(sub))).toEqual(['Platform plan']);
      expect(titles(await get(`${sub}?include_ancestor_groups=true&search=top`))).toEqual(['Top plan']);
      expect((await get(`/groups/${w.lab.fullPath}/-/epics.json`)).statusCode).toBe(404);
    });

    it('lists milestones as JSON and hides a private group', async () => {
      const res = await get(`/groups/${w.acme.fullPath}/-/milestones.json`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json');
      expect((await get(`/groups/${w.lab.fullPath}/-/milestones.json`)).statusCode).toBe(404);
    });
  });

  describe('/-/autocomplete/award_emojis', () => {
    it("answers the signed-in user's names and [] for a visitor", async () => {
      const anon = await get('/-/autocomplete/award_emojis');
      expect(anon.statusCode).toBe(200);
      expect(anon.json()).toEqual([]);
      const mine = await get('/-/autocomplete/award_emojis', w.owner);
      expect(mine.headers['content-type']).toBe('application/json');
      expect(Array.isArray(mine.json())).toBe(true);
    });
  });
});
