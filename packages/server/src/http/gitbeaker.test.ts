/**
 * Drives the running app with the real @gitbeaker/rest client, as scripts do: shapes, status codes,
 * error messages and Link-header pagination (followed page by page with perPage: 1).
 */
import type { AddressInfo } from 'node:net';
import { AccessLevel, Gitlab } from '@gitbeaker/rest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe('@gitbeaker/rest against the running app', () => {
  let t: TestApp;
  let owner: UserRow;
  let developer: UserRow;
  let gitlab: InstanceType<typeof Gitlab>;
  let host: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.buildUser({ name: 'Gitbeaker Owner' });
    developer = await t.buildUser();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    host = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    gitlab = new Gitlab({ host, token: (await t.authHeaders(owner))['private-token'] as string });
  });

  it('shows the current user', async () => {
    const me = await gitlab.Users.showCurrentUser();
    expect(me).toMatchObject({ id: owner.id, username: owner.username, name: 'Gitbeaker Owner' });
  });

  it('creates, shows, lists and paginates groups and subgroups', async () => {
    const acme = await gitlab.Groups.create('Acme', 'acme', { visibility: 'public', description: 'Top' });
    expect(acme).toMatchObject({ name: 'Acme', full_path: 'acme', visibility: 'public', parent_id: null });
    for (const path of ['platform', 'lab', 'tools']) {
      const sub = await gitlab.Groups.create(path, path, { parentId: acme.id, visibility: 'private' });
      expect(sub).toMatchObject({ full_path: `acme/${path}`, parent_id: acme.id, full_name: `Acme / ${path}` });
    }

    expect(await gitlab.Groups.show('acme')).toMatchObject({ id: acme.id, description: 'Top', projects: [] });
    expect(await gitlab.Groups.show('acme/platform')).toMatchObject({ full_path: 'acme/platform' });

    const all = await gitlab.Groups.all({ perPage: 1 });
    expect(all.map((g) => g.full_path).sort()).toEqual(['acme', 'acme/lab', 'acme/platform', 'acme/tools']);

    const subgroups = await gitlab.Groups.allSubgroups('acme', { perPage: 1 });
    expect(subgroups.map((g) => g.path).sort()).toEqual(['lab', 'platform', 'tools']);

    const page = await gitlab.Groups.allSubgroups(acme.id, { perPage: 2, page: 2, showExpanded: true });
    expect(page.data).toHaveLength(1);
    expect(page.paginationInfo).toMatchObject({ total: 3, totalPages: 2, current: 2, previous: 1, next: null });

    const searched = await gitlab.Groups.all({ search: 'o', perPage: 1, allAvailable: true });
    expect(searched.map((g) => g.full_path).sort()).toEqual(['acme/platform', 'acme/tools']);
  });

  it('creates, shows and lists projects, following pagination', async () => {
    const acme = await gitlab.Groups.show('acme');
    const platform = await gitlab.Groups.show('acme/platform');
    // As GitLab, a name that is a valid path becomes the path as it is.
    const website = await gitlab.Projects.create({ name: 'website', namespaceId: acme.id, visibility: 'public' });
    expect(website).toMatchObject({
      name: 'website',
      path: 'website',
      path_with_namespace: 'acme/website',
      name_with_namespace: 'Acme / website',
      namespace: { id: acme.id, kind: 'group', full_path: 'acme' },
    });
    await gitlab.Projects.create({ name: 'API', path: 'api', namespaceId: platform.id });
    expect(await gitlab.Projects.create({ name: 'Docs', namespaceId: acme.id })).toMatchObject({ path: 'Docs' });

    expect(await gitlab.Projects.show('acme/website')).toMatchObject({ id: website.id });
    expect(await gitlab.Projects.show(website.id)).toMatchObject({ path_with_namespace: 'acme/website' });

    const mine = await gitlab.Projects.all({ membership: true, perPage: 1 });
    expect(mine.map((p) => p.path_with_namespace).sort()).toEqual(['acme/Docs', 'acme/platform/api', 'acme/website']);

    const direct = await gitlab.Groups.allProjects('acme', { perPage: 1 });
    expect(direct.map((p) => p.path).sort()).toEqual(['Docs', 'website']);
    const deep = await gitlab.Groups.allProjects('acme', { includeSubgroups: true, perPage: 1 });
    expect(deep.map((p) => p.path).sort()).toEqual(['Docs', 'api', 'website']);
  });

  it('manages group members', async () => {
    const added = await gitlab.GroupMembers.add('acme', AccessLevel.DEVELOPER, {
      userId: developer.id,
      expiresAt: '2099-01-31',
    });
    expect(added).toMatchObject({ id: developer.id, access_level: 30, expires_at: '2099-01-31' });

    const direct = await gitlab.GroupMembers.all('acme', { perPage: 1 });
    expect(direct.map((m) => m.id).sort((a, b) => a - b)).toEqual([owner.id, developer.id].sort((a, b) => a - b));
    const inherited = await gitlab.GroupMembers.all('acme/platform', { includeInherited: true, perPage: 1 });
    expect(inherited.map((m) => m.username).sort()).toEqual([owner.username, developer.username].sort());

    const edited = await gitlab.GroupMembers.edit('acme', developer.id, AccessLevel.MAINTAINER);
    expect(edited).toMatchObject({ id: developer.id, access_level: 40 });
    expect(await gitlab.GroupMembers.show('acme', developer.id)).toMatchObject({ access_level: 40 });

    await gitlab.GroupMembers.remove('acme', developer.id);
    const after = await gitlab.GroupMembers.all('acme');
    expect(after.map((m) => m.id)).toEqual([owner.id]);
  });

  it('adds project members', async () => {
    const member = await gitlab.ProjectMembers.add('acme/website', AccessLevel.REPORTER, { userId: developer.id });
    expect(member).toMatchObject({ id: developer.id, access_level: 20, username: developer.username });
    const members = await gitlab.ProjectMembers.all('acme/website', { includeInherited: true });
    expect(members.map((m) => m.id).sort((a, b) => a - b)).toEqual([owner.id, developer.id].sort((a, b) => a - b));
  });

  it('surfaces GitLab’s error messages through GitbeakerRequestError', async () => {
    await expect(gitlab.Groups.show('acme/nope')).rejects.toThrow('404 Group Not Found');
    await expect(gitlab.Projects.show('acme/nope')).rejects.toThrow('404 Project Not Found');
    await expect(
      gitlab.ProjectMembers.add('acme/website', AccessLevel.REPORTER, { userId: developer.id }),
    ).rejects.toThrow('Member already exists');
    await expect(gitlab.Groups.create('Acme', 'acme')).rejects.toThrow('has already been taken');
    const stranger = new Gitlab({ host, token: 'glpat-not-a-real-token' });
    await expect(stranger.Users.showCurrentUser()).rejects.toThrow('401 Unauthorized');
  });
});
