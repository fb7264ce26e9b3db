/** Editing an epic's title and description over GraphQL with optimistic locking (`lockVersion`). */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const READ = `query($fullPath: ID!, $iid: ID!) { group(fullPath: $fullPath) { epic(iid: $iid) {
  title description lockVersion } } }`;
const UPDATE = `mutation($input: UpdateEpicInput!) { updateEpic(input: $input) {
  epic { title description descriptionHtml lockVersion } errors } }`;

type Read = { group: { epic: { title: string; description: string; lockVersion: number } } };
type Update = {
  updateEpic: { epic: { title: string; description: string; lockVersion: number } | null; errors: string[] };
};

describe('updateEpic with lockVersion', () => {
  let t: TestApp;
  let owner: UserRow;
  let acme: GroupRow;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.buildUser();
    acme = await t.buildGroup({ path: 'acme', owner });
    await epicsFactories(t).buildEpic({ group: acme, title: 'Locked', description: 'First' });
  });

  const read = async () =>
    (await t.graphql<Read>(READ, { fullPath: 'acme', iid: '1' }, { as: owner })).data?.group.epic;
  const update = async (input: Record<string, unknown>) =>
    (await t.graphql<Update>(UPDATE, { input: { groupPath: 'acme', iid: '1', ...input } }, { as: owner })).data
      ?.updateEpic;

  it('exposes lockVersion, saves with the current one and bumps it', async () => {
    const before = await read();
    expect(before).toEqual({ title: 'Locked', description: 'First', lockVersion: 0 });
    const saved = await update({ title: 'Renamed', description: 'Second *edit*', lockVersion: 0 });
    expect(saved?.errors).toEqual([]);
    expect(saved?.epic).toMatchObject({ title: 'Renamed', description: 'Second *edit*', lockVersion: 1 });
    expect((await read())?.lockVersion).toBe(1);
  });

  it('refuses a stale lockVersion with the conflict message and saves nothing', async () => {
    const stale = await update({ title: 'Lost?', description: 'Overwrite', lockVersion: 0 });
    expect(stale?.epic).toBeNull();
    expect(stale?.errors).toHaveLength(1);
    expect(stale?.errors[0]).toMatch(/^Someone edited this epic at the same time you did\./);
    expect(await read()).toEqual({ title: 'Renamed', description: 'Second *edit*', lockVersion: 1 });
  });

  it('still saves without a lockVersion (API clients that do not lock)', async () => {
    const saved = await update({ description: 'No lock' });
    expect(saved?.errors).toEqual([]);
    expect(saved?.epic?.lockVersion).toBe(2);
  });
});
