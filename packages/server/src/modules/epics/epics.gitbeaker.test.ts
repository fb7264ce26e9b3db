/** Drives the epics REST API with the real @gitbeaker/rest client (Epics, EpicLinks). */
import type { AddressInfo } from 'node:net';
import { Gitlab } from '@gitbeaker/rest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('@gitbeaker/rest Epics and EpicLinks', () => {
  let t: TestApp;
  let owner: UserRow;
  let gitlab: InstanceType<typeof Gitlab>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.buildUser();
    const acme = await t.buildGroup({ path: 'acme', owner });
    await t.buildGroup({ path: 'platform', parent: acme, owner });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const host = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    gitlab = new Gitlab({ host, token: (await t.authHeaders(owner))['private-token'] as string });
  });

  it('creates, shows, edits, lists (paginated) and removes epics', async () => {
    const created = await gitlab.Epics.create('acme', 'Gitbeaker epic', {
      description: 'From a script',
      color: '#c91c00',
      startDateIsFixed: true,
      startDateFixed: '2026-02-01',
      dueDateIsFixed: true,
      dueDateFixed: '2026-04-30',
    });
    expect(created).toMatchObject({
      iid: 1,
      title: 'Gitbeaker epic',
      color: '#c91c00',
      start_date: '2026-02-01',
      due_date: '2026-04-30',
    });
    const shown = await gitlab.Epics.show('acme', 1);
    expect(shown).toMatchObject({ id: created.id, references: { full: 'acme&1' } });
    const edited = await gitlab.Epics.edit('acme', 1, { title: 'Edited', stateEvent: 'close' });
    expect(edited).toMatchObject({ title: 'Edited', state: 'closed' });
    for (let i = 0; i < 3; i += 1) await gitlab.Epics.create('acme/platform', `Sub ${i}`);
    const all = await gitlab.Epics.all('acme', { perPage: 1, orderBy: 'title', sort: 'asc' });
    expect(all.map((e) => e.title)).toEqual(['Edited', 'Sub 0', 'Sub 1', 'Sub 2']);
    const page = await gitlab.Epics.all('acme', { perPage: 2, page: 2, showExpanded: true });
    expect(page.paginationInfo).toMatchObject({ total: 4, totalPages: 2, current: 2 });
    const closed = await gitlab.Epics.all('acme', { state: 'closed' });
    expect(closed.map((e) => e.iid)).toEqual([1]);
    await gitlab.Epics.remove('acme', 1);
    await expect(gitlab.Epics.show('acme', 1)).rejects.toThrow('404 Epic Not Found');
    await expect(gitlab.Epics.create('acme', 'x'.repeat(256))).rejects.toThrow('Title is too long');
  });

  it('manages child epics through EpicLinks', async () => {
    const parent = await gitlab.Epics.create('acme', 'Parent');
    const child = await gitlab.Epics.create('acme/platform', 'Existing child');
    const assigned = await gitlab.EpicLinks.assign('acme', parent.iid, child.id);
    expect(assigned).toMatchObject({ id: child.id, parent_id: parent.id });
    const made = await gitlab.EpicLinks.create('acme', parent.iid, 'Made child', { confidential: false });
    expect(made).toMatchObject({ title: 'Made child', parent_id: parent.id });
    expect((await gitlab.EpicLinks.all('acme', parent.iid)).map((e) => e.title)).toEqual([
      'Existing child',
      'Made child',
    ]);
    const reordered = await gitlab.EpicLinks.reorder('acme', parent.iid, made.id as number, { moveAfterId: child.id });
    expect((reordered as unknown as { title: string }[]).map((e) => e.title)).toEqual(['Made child', 'Existing child']);
    const unassigned = await gitlab.EpicLinks.unassign('acme', parent.iid, child.id);
    expect(unassigned).toMatchObject({ id: child.id, parent_id: null });
    await expect(gitlab.EpicLinks.assign('acme', parent.iid, 999999)).rejects.toThrow('No matching epic found');
  });
});
