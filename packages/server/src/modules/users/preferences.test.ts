/**
 * The first day of the week preference: read on `currentUser` (the user's own only), written through
 * GraphQL's `userPreferencesUpdate` and REST `PUT /user/preferences`, validated to 0, 1 or 6.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { usersRepository } from './users.repository.ts';

const UPDATE = `mutation($first: Int) {
  userPreferencesUpdate(input: { firstDayOfWeek: $first }) {
    userPreferences { firstDayOfWeek }
    currentUser { id username firstDayOfWeek }
    errors
  }
}`;
const ME = 'query { currentUser { username firstDayOfWeek } }';
/** The activity preferences' defaults (notes-preferences.test.ts changes them). */
const ACTIVITY = {
  issue_notes_filter: 0,
  epic_notes_filter: 0,
  notes_sort: 'asc',
  text_editor: 'not_set',
  theme: 'light',
  timezone: null,
  date_format: 'mdy',
};

type UpdatePayload = {
  userPreferencesUpdate: {
    userPreferences: { firstDayOfWeek: number } | null;
    currentUser: { username: string; firstDayOfWeek: number } | null;
    errors: string[];
  };
};

describe('first day of the week', () => {
  let t: TestApp;
  let alice: UserRow;
  let bob: UserRow;
  const stored = async (user: UserRow) => (await usersRepository(t.database.db).findById(user.id))?.firstDayOfWeek;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.buildUser();
    bob = await t.buildUser();
  });

  describe('GraphQL', () => {
    it('is Sunday (0) until the user chooses another day', async () => {
      const res = await t.graphql<{ currentUser: { firstDayOfWeek: number } }>(ME, {}, { as: alice });
      expect(res.errors).toBeUndefined();
      expect(res.data?.currentUser.firstDayOfWeek).toBe(0);
    });

    it.each([1, 6, 0])('saves %d and returns it on the preferences and the current user', async (day) => {
      const res = await t.graphql<UpdatePayload>(UPDATE, { first: day }, { as: alice });
      expect(res.errors).toBeUndefined();
      expect(res.data?.userPreferencesUpdate).toEqual({
        userPreferences: { firstDayOfWeek: day },
        currentUser: expect.objectContaining({ username: alice.username, firstDayOfWeek: day }),
        errors: [],
      });
      expect(await stored(alice)).toBe(day);
      const me = await t.graphql<{ currentUser: { firstDayOfWeek: number } }>(ME, {}, { as: alice });
      expect(me.data?.currentUser.firstDayOfWeek).toBe(day);
    });

    it.each([2, 3, 7, -1, 100])('refuses %d with an error in the payload and saves nothing', async (day) => {
      await t.graphql(UPDATE, { first: 1 }, { as: bob });
      const res = await t.graphql<UpdatePayload>(UPDATE, { first: day }, { as: bob });
      expect(res.errors).toBeUndefined();
      expect(res.data?.userPreferencesUpdate).toEqual({
        userPreferences: null,
        currentUser: null,
        errors: ['First day of week is not included in the list'],
      });
      expect(await stored(bob)).toBe(1);
    });

    it('changes nothing when no day is given', async () => {
      await t.graphql(UPDATE, { first: 6 }, { as: bob });
      const res = await t.graphql<UpdatePayload>(UPDATE, { first: null }, { as: bob });
      expect(res.data?.userPreferencesUpdate.userPreferences).toEqual({ firstDayOfWeek: 6 });
      expect(await stored(bob)).toBe(6);
    });

    it('is not for signed-out visitors, nor for read-only tokens', async () => {
      const anonymous = await t.graphql<UpdatePayload>(UPDATE, { first: 1 }, { as: null });
      expect(anonymous.errors?.length).toBeGreaterThan(0);
      expect((await t.graphql<{ currentUser: null }>(ME, {}, { as: null })).data?.currentUser).toBeNull();
      const before = await stored(alice);
      const readOnly = await t.graphql<UpdatePayload>(UPDATE, { first: 6 }, { as: alice, scopes: ['read_api'] });
      expect(readOnly.errors?.length ?? readOnly.data?.userPreferencesUpdate.errors.length).toBeGreaterThan(0);
      expect(await stored(alice)).toBe(before);
    });

    it('is readable only on the current user, never on another user', async () => {
      const res = await t.graphql(
        `query { user(username: "${alice.username}") { username firstDayOfWeek } }`,
        {},
        {
          as: bob,
        },
      );
      expect(res.data ?? null).toBeNull();
      expect(res.errors?.map((e) => e.message).join(' ')).toMatch(/"firstDayOfWeek" on type "UserCore"/);
    });
  });

  describe('REST', () => {
    const api = (method: 'GET' | 'PUT', as: UserRow | null, payload?: Record<string, unknown>, scopes?: string[]) =>
      t.request({ method, url: '/api/v4/user/preferences', as, payload, scopes });

    it('shows and updates the preferences of the signed-in user', async () => {
      const carol = await t.buildUser();
      expect((await api('GET', carol)).json()).toEqual({
        id: carol.id,
        user_id: carol.id,
        first_day_of_week: 0,
        ...ACTIVITY,
      });
      const put = await api('PUT', carol, { first_day_of_week: 1 });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toEqual({ id: carol.id, user_id: carol.id, first_day_of_week: 1, ...ACTIVITY });
      expect((await api('GET', carol)).json()).toMatchObject({ first_day_of_week: 1 });
    });

    it('accepts form values as strings', async () => {
      const dave = await t.buildUser();
      const res = await t.request({
        method: 'PUT',
        url: '/api/v4/user/preferences',
        as: dave,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'first_day_of_week=6',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ first_day_of_week: 6 });
    });

    it.each([2, 'monday', 1.5, -1])('answers 422 for %s and saves nothing', async (value) => {
      const erin = await t.buildUser();
      const res = await api('PUT', erin, { first_day_of_week: value });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'First day of week is not included in the list' });
      expect(await stored(erin)).toBe(0);
    });

    it('needs a signed-in user, and the api scope to write', async () => {
      expect((await api('GET', null)).statusCode).toBe(401);
      expect((await api('PUT', null, { first_day_of_week: 1 })).statusCode).toBe(401);
      const frank = await t.buildUser();
      const readOnly = await api('PUT', frank, { first_day_of_week: 1 }, ['read_api']);
      expect(readOnly.statusCode).toBe(403);
      expect(await stored(frank)).toBe(0);
    });
  });
});
