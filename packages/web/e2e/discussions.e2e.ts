import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, type TestInfo, test } from '@playwright/test';
import { graphql, KEEP_SCREENSHOTS, nextSave, restPost, signInViaApi } from './fixtures.ts';

/**
 * The discussion section (issue 12) as people use it, on pages of their own: comment (also with
 * the keyboard only), reply, start a thread, resolve it, edit, react, delete; internal notes for
 * Reporters that Guests never see; the filter and sort kept for the user after a reload; axe clean.
 */
const SHOTS = '/tmp/shots/discussions';

async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (!KEEP_SCREENSHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-${testInfo.project.name}.png`, fullPage: true });
}

async function createEpic(page: Page, title: string): Promise<string> {
  const data = await graphql<{ createEpic: { epic: { iid: string }; errors: string[] } }>(
    page,
    'mutation($input: CreateEpicInput!) { createEpic(input: $input) { epic { iid } errors } }',
    { input: { groupPath: 'acme', title } },
  );
  expect(data.createEpic.errors).toEqual([]);
  return data.createEpic.epic.iid;
}

async function expectAxeClean(page: Page) {
  const result = await new AxeBuilder({ page }).include('[data-discussions]').analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')}`).join('; ')}`)).toEqual(
    [],
  );
}

const activity = (page: Page) => page.getByRole('list', { name: 'Activity' });
const commentBy = (page: Page, text: string): Locator =>
  activity(page).getByRole('article').filter({ hasText: text }).first();

async function switchUser(page: Page, login: string) {
  // Off the app first: a page still open can ask for a new CSRF cookie between the sign-in's read of
  // the cookie and its request (a 403 in a CI run).
  await page.goto('about:blank');
  await page.context().clearCookies();
  await signInViaApi(page, login);
}

test.describe('discussions', () => {
  test('@narrow alice comments, starts and resolves a thread, replies, edits, reacts and deletes', async ({
    page,
  }, testInfo) => {
    // One long journey through every action: more than the default 30 s on a busy machine.
    test.slow();
    await signInViaApi(page, 'alice');
    const iid = await createEpic(page, `Discussion journey ${testInfo.project.name}`);
    await page.goto(`/groups/acme/-/epics/${iid}`);
    await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();

    // Keyboard only: into the field, type, Ctrl+Enter.
    const field = page.getByRole('textbox', { name: 'Comment' });
    await expect(page.getByRole('button', { name: 'Comment', exact: true })).toBeDisabled();
    await field.focus();
    await page.keyboard.type('First **comment**');
    await page.keyboard.press('Control+Enter');
    await expect(commentBy(page, 'First comment').locator('strong', { hasText: 'comment' })).toBeVisible();
    await expect(field).toHaveValue('');
    await expect(commentBy(page, 'First comment').getByRole('link', { name: 'Alice Anderson' })).toHaveAttribute(
      'href',
      '/alice',
    );

    // Start thread through the split button, then reply and resolve.
    await field.fill('Shall we split this epic?');
    await page.getByRole('button', { name: 'Comment type' }).click();
    await page.getByRole('menuitemradio', { name: /Start thread/ }).click();
    await page.getByRole('button', { name: 'Start thread' }).click();
    await expect(commentBy(page, 'Shall we split')).toBeVisible();
    await page.getByRole('button', { name: 'Reply…' }).click();
    await page.getByRole('textbox', { name: 'Reply' }).fill('Yes, in two.');
    await page.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(commentBy(page, 'Yes, in two.')).toBeVisible();
    await page.getByRole('button', { name: 'Resolve thread' }).click();
    // A resolved thread collapses to who started it, its replies and who resolved it.
    await expect(page.getByText(/^Resolved .* by Alice Anderson$/)).toBeVisible();
    await shot(page, testInfo, '01-thread-resolved');
    await page.getByRole('button', { name: '1 reply' }).click();
    await page.getByRole('button', { name: 'Unresolve thread' }).click();
    await expect(page.getByRole('button', { name: 'Resolve thread' })).toBeVisible();

    // Edit: the edited marker appears.
    const first = commentBy(page, 'First comment');
    await first.getByRole('button', { name: 'Edit comment' }).click();
    const edit = page.getByRole('textbox', { name: 'Edit comment' });
    await edit.fill('First comment, edited');
    await page.getByRole('button', { name: 'Save comment' }).click();
    await expect(commentBy(page, 'First comment, edited').getByText(/^Edited/)).toBeVisible();

    // React and take it back.
    await commentBy(page, 'First comment, edited').getByRole('button', { name: 'Add reaction' }).click();
    await page.getByRole('option', { name: ':thumbsup:' }).click();
    const award = commentBy(page, 'First comment, edited').getByRole('button', {
      name: 'You reacted with :thumbsup:',
    });
    await expect(award).toHaveAttribute('aria-pressed', 'true');
    await expect(award).toContainText('1');
    await shot(page, testInfo, '02-reaction');
    await award.click();
    await expect(award).toHaveCount(0);

    await expectAxeClean(page);

    // Delete with confirmation: the comment and its discussion go.
    await commentBy(page, 'First comment, edited').getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete comment' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Are you sure you want to delete this comment?');
    const deleted = nextSave(page, 'DestroyNoteMutation');
    await dialog.getByRole('button', { name: 'Delete comment' }).click();
    await expect(activity(page).getByText('First comment, edited')).toHaveCount(0);
    expect((await deleted).ok()).toBe(true);
    await page.reload();
    await expect(commentBy(page, 'Yes, in two.')).toBeVisible();
    await expect(activity(page).getByText('First comment, edited')).toHaveCount(0);
  });

  test('@narrow an internal note is for Reporters: Dave sees it, Erin (Guest) does not', async ({ page }, testInfo) => {
    // Three users or a reload and axe: more than the default 30 s on a busy machine.
    test.slow();
    await signInViaApi(page, 'alice');
    const iid = await createEpic(page, `Internal journey ${testInfo.project.name}`);
    await page.goto(`/groups/acme/-/epics/${iid}`);
    await page.getByRole('textbox', { name: 'Comment' }).fill('Only for the team');
    await page.getByText('Make this an internal note').click();
    await expect(page.getByRole('checkbox', { name: 'Make this an internal note' })).toBeChecked();
    await page.getByRole('button', { name: 'Add internal note' }).click();
    await expect(commentBy(page, 'Only for the team').getByText('Internal note')).toBeVisible();
    await page.getByRole('textbox', { name: 'Comment' }).fill('For everyone');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(commentBy(page, 'For everyone')).toBeVisible();

    await switchUser(page, 'dave');
    await page.goto(`/groups/acme/-/epics/${iid}`);
    await expect(commentBy(page, 'Only for the team').getByText('Internal note')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Make this an internal note' })).toBeVisible();

    await switchUser(page, 'erin');
    await page.goto(`/groups/acme/-/epics/${iid}`);
    await expect(commentBy(page, 'For everyone')).toBeVisible();
    await expect(activity(page).getByText('Only for the team')).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: 'Make this an internal note' })).toHaveCount(0);
    await shot(page, testInfo, '03-guest');
    await expectAxeClean(page);
  });

  test('@narrow the filter and sort stay as Heidi chose them after a reload', async ({ page }, testInfo) => {
    // Three users or a reload and axe: more than the default 30 s on a busy machine.
    test.slow();
    await signInViaApi(page, 'heidi');
    const iid = await createEpic(page, `Filter journey ${testInfo.project.name}`);
    await graphql(page, 'mutation($input: UpdateEpicInput!) { updateEpic(input: $input) { errors } }', {
      input: { groupPath: 'acme', iid, title: `Filter journey renamed ${testInfo.project.name}` },
    });
    await page.goto(`/groups/acme/-/epics/${iid}`);
    await page.getByRole('textbox', { name: 'Comment' }).fill('Older comment');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(commentBy(page, 'Older comment')).toBeVisible();
    await page.getByRole('textbox', { name: 'Comment' }).fill('Newer comment');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(commentBy(page, 'Newer comment')).toBeVisible();
    await expect(activity(page).getByText(/changed title/)).toBeVisible();

    try {
      await page.getByRole('button', { name: /Filter activity/ }).click();
      const filterSaved = nextSave(page, 'UpdateNotesPreferencesMutation');
      await page.getByRole('option', { name: 'Comments only' }).click();
      await expect(activity(page).getByText(/changed title/)).toHaveCount(0);
      expect((await filterSaved).ok()).toBe(true);
      await page.getByRole('button', { name: /Sort activity/ }).click();
      const sortSaved = nextSave(page, 'UpdateNotesPreferencesMutation');
      await page.getByRole('option', { name: 'Newest first' }).click();
      await expect(activity(page).getByRole('article').first()).toContainText('Newer comment');
      expect((await sortSaved).ok()).toBe(true);

      await page.reload();
      await expect(page.getByRole('button', { name: /Filter activity/ })).toContainText('Comments only');
      await expect(page.getByRole('button', { name: /Sort activity/ })).toContainText('Newest first');
      await expect(activity(page).getByRole('article').first()).toContainText('Newer comment');
      await expect(activity(page).getByText(/changed title/)).toHaveCount(0);

      await page.getByRole('button', { name: /Filter activity/ }).click();
      await page.getByRole('option', { name: 'History only' }).click();
      await expect(page.getByText(/You're only seeing/)).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Comment' })).toHaveCount(0);
      await expect(activity(page).getByText(/changed title/)).toBeVisible();
      await shot(page, testInfo, '04-history-only');
      await expectAxeClean(page);
    } finally {
      // Heidi's choice is hers on every page: leave it as it was.
      await graphql(
        page,
        'mutation { userPreferencesUpdate(input: { epicNotesFilter: ALL_NOTES, notesSort: ASC }) { errors } }',
      );
    }
  });

  test('@narrow on a locked issue only members comment; the page says why', async ({ page }, testInfo) => {
    await signInViaApi(page, 'alice');
    const issue = await restPost<{ iid: number }>(page, '/projects/acme%2Fwebsite/issues', {
      title: `Locked journey ${testInfo.project.name}`,
    });
    const csrf = (await page.context().cookies()).find((c) => c.name === '_milepost_csrf')?.value ?? '';
    const locked = await page.request.put(`/api/v4/projects/acme%2Fwebsite/issues/${issue.iid}`, {
      data: { discussion_locked: true },
      headers: { 'X-CSRF-Token': csrf },
    });
    expect(locked.status()).toBe(200);
    const url = `/acme/website/-/issues/${issue.iid}`;
    const text = 'The discussion in this issue is locked. Only project members can comment.';

    await switchUser(page, 'erin');
    await page.goto(url);
    await expect(page.getByText(text)).toBeVisible();
    await page.getByRole('textbox', { name: 'Comment' }).fill('A member may still comment');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(commentBy(page, 'A member may still comment')).toBeVisible();
    await expect(activity(page).getByText(/locked the discussion/)).toBeVisible();

    await switchUser(page, 'judy');
    await page.goto(url);
    await expect(page.getByText(text)).toBeVisible();
    await expect(commentBy(page, 'A member may still comment')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Comment' })).toHaveCount(0);
    await shot(page, testInfo, '05-locked-non-member');
    await expectAxeClean(page);
  });
});
