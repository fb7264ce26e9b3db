/** Drives the related-epics REST API with the real @gitbeaker/rest client (LinkedEpics). */
import type { AddressInfo } from 'node:net';
import { Gitlab } from '@gitbeaker/rest';
import { beforeAll, describe, expect, it } from 'vitest';
import { epicsFactories } from '../../test/epics-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('@gitbeaker/rest LinkedEpics', () => {
  let t: TestApp;
  let gitlab: InstanceType<typeof Gitlab>;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await t.buildUser();
    const acme = await t.buildGroup({ path: 'acme', owner });
    const platform = await t.buildGroup({ path: 'platform', parent: acme, owner });
    const f = epicsFactories(t);
    await f.buildEpic({ group: acme, title: 'Source' });
    await f.buildEpic({ group: platform, title: 'Elsewhere' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const host = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    gitlab = new Gitlab({ host, token: (await t.authHeaders(owner))['private-token'] as string });
  });

  it('creates, lists and removes a related epic across groups', async () => {
    const created = await gitlab.LinkedEpics.create('acme', 1, 1, 'acme/platform', { linkType: 'is_blocked_by' });
    expect(created).toMatchObject({
      source_epic: { title: 'Elsewhere' },
      target_epic: { title: 'Source' },
      link_type: 'blocks',
    });
    const all = await gitlab.LinkedEpics.all('acme', 1);
    expect(all.map((e) => [e.title, e.link_type])).toEqual([['Elsewhere', 'is_blocked_by']]);
    const linkId = all[0]?.related_epic_link_id as number;
    await gitlab.LinkedEpics.remove('acme', 1, linkId);
    expect(await gitlab.LinkedEpics.all('acme', 1)).toEqual([]);
    await expect(gitlab.LinkedEpics.create('acme', 1, 1, 'acme')).rejects.toThrow();
  });
});
