/**
 * The activity preferences of issue and epic pages (GitLab's `issue_notes_filter`, and the sort):
 * kept per user on the server, read on `currentUser`, written through `userPreferencesUpdate` and
 * REST `PUT /user/preferences`, validated, and never partly saved.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { usersRepository } from './users.repository.ts';

const FIELDS = 'issueNotesFilter epicNotesFilter notesSort';
const UPDATE = `mutation($input: UserPreferencesUpdateInput!) {
  userPreferencesUpdate(input: $input) { userPreferences { ${FIELDS} } currentUser { ${FIELDS} } errors }
}`;
type Prefs = { issueNotesFilter: string; epicNotesFilter: string; notesSort: string };
type Payload = {
  userPreferencesUpdate: { userPreferences: Prefs | null; currentUser: Prefs | null; errors: string[] };
};

describe('activity filter and sort preferences', () => {
  let t: TestApp;
  let ann: UserRow;
  const stored = async (user: UserRow) => {
    const row = await usersRepository(t.database.db).findById(user.id);
    return { issue: row?.issueNotesFilter, epic: row?.epicNotesFilter, sort: row?.notesSort };
  };

  beforeAll(async () => {
    t = await createTestApp();
    ann = await t.buildUser();
  });

  it('start as all activity, oldest first', async () => {
    const res = await t.graphql<{ currentUser: Prefs }>(`query { currentUser { ${FIELDS} } }`, {}, { as: ann });
    expect(res.data?.currentUser).toEqual({
      issueNotesFilter: 'ALL_NOTES',
      epicNotesFilter: 'ALL_NOTES',
      notesSort: 'ASC',
    });
  });

  it('saves only what is given, as GitLab numbers the filters', async () => {
    const first = await t.graphql<Payload>(UPDATE, { input: { issueNotesFilter: 'ONLY_COMMENTS' } }, { as: ann });
    expect(first.data?.userPreferencesUpdate).toEqual({
      userPreferences: { issueNotesFilter: 'ONLY_COMMENTS', epicNotesFilter: 'ALL_NOTES', notesSort: 'ASC' },
      currentUser: { issueNotesFilter: 'ONLY_COMMENTS', epicNotesFilter: 'ALL_NOTES', notesSort: 'ASC' },
      errors: [],
    });
    await t.graphql<Payload>(UPDATE, { input: { epicNotesFilter: 'ONLY_ACTIVITY', notesSort: 'DESC' } }, { as: ann });
    expect(await stored(ann)).toEqual({ issue: 1, epic: 2, sort: 'desc' });
    const me = await t.graphql<{ currentUser: Prefs }>(`query { currentUser { ${FIELDS} } }`, {}, { as: ann });
    expect(me.data?.currentUser).toEqual({
      issueNotesFilter: 'ONLY_COMMENTS',
      epicNotesFilter: 'ONLY_ACTIVITY',
      notesSort: 'DESC',
    });
  });

  it('refuses unknown values through GraphQL without saving anything', async () => {
    const user = await t.buildUser();
    const res = await t.graphql<Payload>(UPDATE, { input: { notesSort: 'SIDEWAYS' } }, { as: user });
    expect(res.errors?.[0]?.message).toMatch(/SIDEWAYS/);
    expect(await stored(user)).toEqual({ issue: 0, epic: 0, sort: 'asc' });
  });

  it('is not for signed-out visitors', async () => {
    const res = await t.graphql<Payload>(UPDATE, { input: { notesSort: 'DESC' } }, { as: null });
    expect(res.errors?.length).toBeGreaterThan(0);
  });

  describe('REST', () => {
    const put = (as: UserRow, payload: Record<string, unknown>) =>
      t.request({ method: 'PUT', url: '/api/v4/user/preferences', as, payload });

    it('shows and updates them with GitLab numbers for the filters', async () => {
      const bo = await t.buildUser();
      const res = await put(bo, { issue_notes_filter: 2, epic_notes_filter: '1', notes_sort: 'DESC' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ issue_notes_filter: 2, epic_notes_filter: 1, notes_sort: 'desc' });
      const got = await t.request({ method: 'GET', url: '/api/v4/user/preferences', as: bo });
      expect(got.json()).toMatchObject({ issue_notes_filter: 2, epic_notes_filter: 1, notes_sort: 'desc' });
    });

    it('answers 422 naming every bad value and saves none of the good ones', async () => {
      const cy = await t.buildUser();
      const res = await put(cy, { issue_notes_filter: 3, epic_notes_filter: 1, notes_sort: 'up' });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(/Issue notes filter is not included in the list/);
      expect(res.json().message).toMatch(/Notes sort is not included in the list/);
      expect(await stored(cy)).toEqual({ issue: 0, epic: 0, sort: 'asc' });
    });
  });
});
