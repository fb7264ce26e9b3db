/** Display preferences (theme, time zone, date format) over GraphQL and GitLab's `/user/preferences`. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const UPDATE = `mutation($input: UserPreferencesUpdateInput!) {
  userPreferencesUpdate(input: $input) { currentUser { theme timezone dateFormat } errors } }`;

describe('display preferences', () => {
  let t: TestApp;
  let user: UserRow;

  beforeAll(async () => {
    t = await createTestApp();
    user = await t.buildUser();
  });

  it('start light, in the browser’s zone, as Nov 22, 2025', async () => {
    const res = await t.graphql('{ currentUser { theme timezone dateFormat } }', {}, { as: user });
    expect(res.data).toEqual({ currentUser: { theme: 'LIGHT', timezone: null, dateFormat: 'MDY' } });
  });

  it('saves theme, time zone and date format, and clears the zone with an empty string', async () => {
    const saved = await t.graphql(
      UPDATE,
      { input: { theme: 'DARK', timezone: 'Europe/Berlin', dateFormat: 'ISO' } },
      { as: user },
    );
    expect(saved.data).toEqual({
      userPreferencesUpdate: {
        currentUser: { theme: 'DARK', timezone: 'Europe/Berlin', dateFormat: 'ISO' },
        errors: [],
      },
    });
    const rest = await t.request({ method: 'GET', url: '/api/v4/user/preferences', as: user });
    expect(rest.json()).toMatchObject({ theme: 'dark', timezone: 'Europe/Berlin', date_format: 'iso' });
    const cleared = await t.graphql(UPDATE, { input: { timezone: '' } }, { as: user });
    expect(cleared.data).toMatchObject({ userPreferencesUpdate: { currentUser: { timezone: null, theme: 'DARK' } } });
  });

  it('refuses an unknown time zone or format, saving nothing', async () => {
    const res = await t.request({
      method: 'PUT',
      url: '/api/v4/user/preferences',
      as: user,
      payload: { theme: 'system', timezone: 'Mars/Olympus', date_format: 'yyyy' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Timezone is not a known time zone, Date format is not included in the list',
    });
    const after = await t.request({ method: 'GET', url: '/api/v4/user/preferences', as: user });
    expect(after.json()).toMatchObject({ theme: 'dark' });
  });
});
