/**
 * The default text editor (GitLab's `text_editor_type`): read on `currentUser`, written through
 * `userPreferencesUpdate` and REST `PUT /user/preferences` (`text_editor`), validated to the three names.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { usersRepository } from './users.repository.ts';

const UPDATE = `mutation($editor: TextEditorType) {
  userPreferencesUpdate(input: { textEditor: $editor }) {
    userPreferences { textEditor }
    currentUser { textEditor }
    errors
  }
}`;

describe('default text editor preference', () => {
  let t: TestApp;
  let alice: UserRow;
  const stored = async (user: UserRow) => (await usersRepository(t.database.db).findById(user.id))?.textEditorType;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.buildUser();
  });

  it('is not set until the user chooses, then saved through GraphQL', async () => {
    const me = await t.graphql<{ currentUser: { textEditor: string } }>(
      'query { currentUser { textEditor } }',
      {},
      {
        as: alice,
      },
    );
    expect(me.data?.currentUser.textEditor).toBe('NOT_SET');
    const res = await t.graphql(UPDATE, { editor: 'RICH_TEXT_EDITOR' }, { as: alice });
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({
      userPreferencesUpdate: {
        userPreferences: { textEditor: 'RICH_TEXT_EDITOR' },
        currentUser: { textEditor: 'RICH_TEXT_EDITOR' },
        errors: [],
      },
    });
    expect(await stored(alice)).toBe(2);
  });

  it('is shown and changed through REST as text_editor', async () => {
    const bob = await t.buildUser();
    const put = await t.request({
      method: 'PUT',
      url: '/api/v4/user/preferences',
      as: bob,
      payload: { text_editor: 'plain_text_editor' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ text_editor: 'plain_text_editor' });
    expect(await stored(bob)).toBe(1);
  });

  it('answers 422 for an unknown editor and saves nothing', async () => {
    const carol = await t.buildUser();
    const res = await t.request({
      method: 'PUT',
      url: '/api/v4/user/preferences',
      as: carol,
      payload: { text_editor: 'wysiwyg' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'Text editor is not included in the list' });
    expect(await stored(carol)).toBe(0);
  });
});
