/**
 * Keyboard shortcuts (issue 16, spec 002 §9.1): the '?' dialog (groups, search, the switch, changed
 * keys), the global shortcuts of the screens Milepost has, the project and group shortcuts, `e`,
 * `l`, `a`, `m`, `c r`, `r` and up on an issue, and `j`/`k`/`o`/`x` on an issue list. Each journey
 * makes its own group, project and issues.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { createOwnProject, graphql, KEEP_SCREENSHOTS, signInViaApi } from './fixtures.ts';

const SHOTS = '/tmp/shots/shortcuts';

type Own = { group: string; project: string };

/** A public group with one project and `titles` issues, made by alice. */
async function ownProject(page: Page, testInfo: TestInfo, titles: string[] = []): Promise<Own> {
  const own = await createOwnProject(page, testInfo, 'keys');
  for (const title of titles) await createIssue(page, own.path, title);
  return { group: own.group, project: own.path };
}

async function createIssue(page: Page, projectPath: string, title: string, description = '') {
  const data = await graphql<{
    createIssue: { issue: { id: string; iid: string; reference: string }; errors: string[] };
  }>(
    page,
    'mutation($input: CreateIssueInput!) { createIssue(input: $input) { issue { id iid reference(full: true) } errors } }',
    { input: { projectPath, title, description } },
  );
  expect(data.createIssue.errors).toEqual([]);
  return data.createIssue.issue;
}

async function expectNoSeriousAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Presses keys one after the other on the page (not in a field). */
async function keys(page: Page, ...presses: string[]) {
  for (const key of presses) await page.keyboard.press(key);
}

/** Focus on the page's body, so that keys go to the shortcut layer and not to a field. */
async function blur(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

const helpDialog = (page: Page) => page.getByRole('dialog', { name: 'Keyboard shortcuts' });

test.describe('keyboard shortcuts', () => {
  test("@narrow '?' lists the shortcuts by group, searches them, and switches them off and on", async ({
    page,
  }, testInfo) => {
    await signInViaApi(page, 'alice');
    await page.goto('/dashboard/groups');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await blur(page);
    await page.keyboard.press('Shift+?');
    const dialog = helpDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { level: 3 })).toHaveText([
      'Global shortcuts',
      'Project and group',
      'Epics and issues',
      'Lists',
      'Editing',
    ]);
    await expect(dialog.getByRole('row', { name: /Go to your groups/ })).toContainText('Shift');
    await expect(dialog.getByText('Copy the reference')).toBeVisible();
    // Screens Milepost lacks are not listed (snippets, merge requests…); those it has are.
    await expect(dialog.getByText(/snippets|merge requests/i)).toHaveCount(0);
    await expect(dialog.getByText('Go to your activity feed')).toBeVisible();
    if (KEEP_SCREENSHOTS) await page.screenshot({ path: `${SHOTS}/help-dialog-${testInfo.project.name}.png` });
    await expectNoSeriousAxeViolations(page);

    const search = dialog.getByRole('searchbox', { name: 'Search keyboard shortcuts' });
    await search.fill('milestone');
    await expect(dialog.getByText('Change milestone')).toBeVisible();
    await expect(dialog.getByText('Go to your groups')).toHaveCount(0);
    if (KEEP_SCREENSHOTS) await page.screenshot({ path: `${SHOTS}/help-dialog-search-${testInfo.project.name}.png` });
    await search.fill('');

    // Off: no shortcut fires, not even '?'; the dialog stays under 'Keyboard shortcuts'.
    await dialog.getByRole('switch', { name: 'Toggle shortcuts' }).click({ force: true });
    await expect(dialog.getByText('Keyboard shortcuts are off.', { exact: false })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await blur(page);
    await page.keyboard.press('Shift+?');
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await blur(page);
    await page.keyboard.press('Shift+?');
    await expect(dialog).toBeHidden();

    if (testInfo.project.name === 'narrow') await page.getByRole('button', { name: 'Show navigation' }).click();
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('switch', { name: 'Toggle shortcuts' }).click({ force: true });
    await page.keyboard.press('Escape');
    await blur(page);
    await page.keyboard.press('Shift+?');
    await expect(dialog).toBeVisible();
  });

  test('@narrow a changed shortcut is kept in the browser and a clash is refused', async ({ page }) => {
    await signInViaApi(page, 'alice');
    await page.goto('/acme');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await blur(page);
    await page.keyboard.press('Shift+?');
    const dialog = helpDialog(page);
    await dialog.getByRole('button', { name: 'Change keys: Go to your groups' }).click();
    const field = dialog.getByRole('textbox', { name: "Keys for 'Go to your groups'" });
    await field.fill('g i');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(
      dialog.getByText("'g i' is already used by 'Go to the project's or group's issues' (g i)."),
    ).toBeVisible();
    await field.fill('shift+y');
    await field.press('Enter');
    await expect(dialog.getByRole('row', { name: /Go to your groups/ })).toContainText('(your keys)');
    await page.keyboard.press('Escape');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await blur(page);
    await page.keyboard.press('Shift+G');
    await expect(page).toHaveURL(/\/acme$/);
    await page.keyboard.press('Shift+Y');
    await expect(page).toHaveURL(/\/dashboard\/groups$/);
  });

  test('@narrow the global shortcuts open the screens Milepost has and focus search and filters', async ({
    page,
  }, testInfo) => {
    await signInViaApi(page, 'alice');
    const own = await ownProject(page, testInfo);
    // Every global page shortcut opens its page.
    const pages: [string, string][] = [
      ['Shift+P', '/dashboard/projects'],
      ['Shift+G', '/dashboard/groups'],
      ['Shift+A', '/dashboard/activity'],
      ['Shift+L', '/dashboard/milestones'],
      ['Shift+I', '/dashboard/issues'],
      ['Shift+T', '/dashboard/todos'],
    ];
    await page.goto(`/${own.project}`);
    for (const [key, path] of pages) {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await blur(page);
      await page.keyboard.press(key);
      // (the issues dashboard then adds its default filter to the address)
      await expect(page, `${key} opens ${path}`).toHaveURL(new RegExp(`${path}(\\?|$)`));
    }

    // s and / focus the top bar's search; f the page's filter bar.
    await page.goto(`/${own.project}/-/issues`);
    const search = page.getByRole('banner').getByRole('searchbox');
    await expect(search).toBeVisible();
    for (const key of ['s', '/']) {
      await blur(page);
      await page.keyboard.press(key);
      await expect(search).toBeFocused();
      await expect(search).toHaveValue('');
    }
    await blur(page);
    await page.keyboard.press('f');
    await expect(page.getByRole('combobox', { name: /Search or filter/ })).toBeFocused();
    // Typing there is typing: `g i` is text, not a shortcut.
    await page.keyboard.type('g i');
    await expect(page).toHaveURL(new RegExp(`/${own.project}/-/issues$`));
    await page.keyboard.press('Escape');

    // mod+\ shows and hides the navigation sidebar.
    await blur(page);
    const toggle = page.getByRole('button', { name: /(Hide|Show) navigation/ });
    const before = await toggle.getAttribute('aria-expanded');
    await page.keyboard.press('ControlOrMeta+Backslash');
    await expect(toggle).toHaveAttribute('aria-expanded', before === 'true' ? 'false' : 'true');
    await blur(page);
    await page.keyboard.press('ControlOrMeta+Backslash');
    await expect(toggle).toHaveAttribute('aria-expanded', before ?? 'false');

    // Escape closes the '?' dialog.
    await page.keyboard.press('Shift+?');
    await expect(helpDialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(helpDialog(page)).toBeHidden();
  });

  test('@narrow g o, g i, g l and g m go to the project’s and the group’s pages', async ({ page }, testInfo) => {
    await signInViaApi(page, 'alice');
    const own = await ownProject(page, testInfo);
    const walk: [string, string][] = [
      ['g i', `/${own.project}/-/issues`],
      ['g l', `/${own.project}/-/labels`],
      ['g m', `/${own.project}/-/milestones`],
      ['g o', `/${own.project}`],
    ];
    await page.goto(`/${own.project}`);
    for (const [sequence, path] of walk) {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await blur(page);
      await keys(page, ...sequence.split(' '));
      await expect(page, sequence).toHaveURL(new RegExp(`${path}$`));
    }
    await page.goto(`/${own.group}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await blur(page);
    await keys(page, 'g', 'i');
    await expect(page).toHaveURL(new RegExp(`/groups/${own.group}/-/issues$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await blur(page);
    await keys(page, 'g', 'm');
    await expect(page).toHaveURL(new RegExp(`/groups/${own.group}/-/milestones$`));
  });

  test('@narrow e, l, a, m, c r, r and up on an issue', async ({ page, context }, testInfo) => {
    test.setTimeout(90_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInViaApi(page, 'alice');
    const own = await ownProject(page, testInfo);
    const issue = await createIssue(page, own.project, 'Keyboard issue', 'Quote this sentence please.');
    await graphql(page, 'mutation($input: CreateNoteInput!) { createNote(input: $input) { errors } }', {
      input: { noteableId: issue.id, body: 'My earlier comment' },
    });
    await page.goto(`/${own.project}/-/issues/${issue.iid}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Keyboard issue' })).toBeVisible();
    const narrow = testInfo.project.name === 'narrow';

    // e: the edit form; the Edit button's tooltip names the key.
    if (!narrow) {
      await page.getByRole('button', { name: 'Edit', exact: true }).focus();
      await expect(page.getByRole('tooltip')).toContainText('Edit title and description');
      await expect(page.getByRole('tooltip').locator('kbd')).toHaveText('e');
    }
    await blur(page);
    await page.keyboard.press('e');
    await expect(page.getByRole('textbox', { name: 'Title' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('textbox', { name: 'Title' })).toBeHidden();

    // l, a, m: the sidebar's pickers (the sidebar opens first where it is collapsed).
    await blur(page);
    await page.keyboard.press('l');
    await expect(page.getByRole('dialog', { name: 'Assign labels' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Assign labels' })).toBeHidden();
    const sidebar = narrow
      ? page.getByRole('dialog', { name: 'Issue details' })
      : page.getByRole('complementary', { name: 'Issue details' });
    await blur(page);
    await page.keyboard.press('a');
    await expect(sidebar.getByRole('combobox', { name: 'Assign a user' })).toBeVisible();
    await sidebar.getByRole('combobox', { name: 'Assign a user' }).press('Escape');
    // Out of the picker's field (the narrow drawer keeps focus inside it), as Tab would.
    await sidebar.getByRole('button', { name: 'Edit milestone' }).focus();
    await page.keyboard.press('m');
    await expect(sidebar.getByRole('combobox', { name: 'Assign milestone' })).toBeVisible();
    await sidebar.getByRole('combobox', { name: 'Assign milestone' }).press('Escape');
    if (narrow) {
      // Escape in the picker may have closed the drawer already.
      if (await sidebar.isVisible()) await sidebar.getByRole('button', { name: 'Collapse sidebar' }).click();
      await expect(sidebar).toBeHidden();
    }

    // c r: the reference on the clipboard.
    await blur(page);
    await keys(page, 'c', 'r');
    await expect(page.getByText('Reference copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(issue.reference);

    // r: a comment quoting the selected text.
    await page.getByText('Quote this sentence please.').selectText();
    await page.keyboard.press('r');
    const comment = page.getByRole('textbox', { name: 'Comment' });
    await expect(comment).toBeFocused();
    await expect(comment).toHaveValue('> Quote this sentence please.\n\n');

    // Up in the empty comment field edits alice's last comment.
    await comment.fill('');
    await comment.press('ArrowUp');
    await expect(page.getByRole('textbox', { name: 'Edit comment' })).toHaveValue('My earlier comment');
    await expectNoSeriousAxeViolations(page);
  });

  test('@narrow j and k move through an issue list, x selects while bulk editing, o opens', async ({
    page,
  }, testInfo) => {
    await signInViaApi(page, 'alice');
    const own = await ownProject(page, testInfo, ['First row', 'Second row', 'Third row']);
    await page.goto(`/${own.project}/-/issues`);
    const list = page.getByRole('list', { name: 'Issues' });
    await expect(list.getByRole('link', { name: 'Third row' })).toBeVisible();
    const titles = await list.locator('[data-row-focus]').allTextContents();
    await blur(page);
    await page.keyboard.press('j');
    await expect(list.getByRole('link', { name: titles[0] })).toBeFocused();
    await page.keyboard.press('j');
    await expect(list.getByRole('link', { name: titles[1] })).toBeFocused();
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    await expect(list.getByRole('link', { name: titles[1] })).toBeFocused();

    await page.getByRole('button', { name: 'Bulk edit' }).click();
    await list.getByRole('link', { name: titles[1] }).focus();
    await page.keyboard.press('x');
    await expect(page.getByRole('checkbox', { name: `Select ${titles[1]}` })).toBeChecked();
    await page.keyboard.press('x');
    await expect(page.getByRole('checkbox', { name: `Select ${titles[1]}` })).not.toBeChecked();
    await page.getByRole('button', { name: 'Cancel editing' }).click();

    await list.getByRole('link', { name: titles[2] }).focus();
    await page.keyboard.press('o');
    await expect(page.getByRole('heading', { level: 1, name: titles[2] })).toBeVisible();
  });
});

test('j and k move through the roadmap’s epics, o opens one', async ({ page }) => {
  await signInViaApi(page, 'alice');
  await page.goto('/groups/acme/-/roadmap');
  const titles = page.getByTestId('roadmap-shell').locator('[data-row-focus]');
  await expect(titles.nth(1)).toBeVisible();
  const first = (await titles.nth(0).textContent()) ?? '';
  const second = (await titles.nth(1).textContent()) ?? '';
  await blur(page);
  await page.keyboard.press('j');
  await expect(titles.nth(0)).toBeFocused();
  await page.keyboard.press('j');
  await expect(page.getByRole('link', { name: second, exact: true }).first()).toBeFocused();
  await page.keyboard.press('k');
  await expect(page.getByRole('link', { name: first, exact: true }).first()).toBeFocused();
  await page.keyboard.press('o');
  await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
});
