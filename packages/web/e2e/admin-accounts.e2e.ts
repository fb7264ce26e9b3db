import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { ROOT_PASSWORD, restPost, signInViaApi, signInViaForm } from './fixtures.ts';

/**
 * Issue 15's account and administration journeys: an administrator edits, blocks, unblocks, resets
 * and deletes a user; 'Forgot your password?' without email; an abuse report opened, its content
 * read, its user blocked and the report closed; the instance settings (sign-up); and display
 * preferences changing every date. Each journey makes its own users and data.
 */

const BLOCKED =
  'Your account has been blocked. Please contact your Milepost administrator if you think this is an error.';

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const dir = process.env.MILEPOST_E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${testInfo.project.name}.png`, fullPage: true });
}

async function expectAxeClean(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A fresh user made by root (root stays signed in on `page`). */
async function newUser(page: Page, testInfo: TestInfo, prefix: string, password = 'first-password-1') {
  const stamp = `${Date.now().toString(36)}-${testInfo.project.name}`;
  const username = `${prefix}-${stamp}`;
  // A name of its own too: the other layout's journey makes the same kind of user at the same time.
  const name = `${prefix[0]?.toUpperCase()}${prefix.slice(1)} ${stamp}`;
  await signInViaApi(page, 'root', ROOT_PASSWORD);
  const user = await restPost<{ id: number }>(page, '/users', {
    username,
    name,
    email: `${username}@example.com`,
    password,
  });
  return { username, name, id: user.id, password };
}

async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const csrf = (await page.context().cookies()).find((c) => c.name === '_milepost_csrf')?.value ?? '';
  return { 'X-CSRF-Token': csrf, Accept: 'application/json' };
}

test('an administrator edits, blocks, unblocks and deletes a user @narrow', async ({ page, browser }, testInfo) => {
  test.slow();
  const person = await newUser(page, testInfo, 'blocky');
  const visitorContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const visitor = await visitorContext.newPage();

  await page.goto('/admin');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(person.username);
  await page.getByRole('list', { name: 'Users' }).getByRole('link', { name: person.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: person.name })).toBeVisible();
  await expect(page.getByText(`${person.username}@example.com`)).toBeVisible();
  await shot(page, testInfo, 'admin-user');
  await expectAxeClean(page);

  // Block: the confirmation, then the badge; the user can't sign in and sees GitLab's words.
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Block user?' });
  await expect(dialog.getByText(/They are signed out at once/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(page.getByText(`User @${person.username} was blocked.`)).toBeVisible();
  await expect(page.getByText('Blocked', { exact: true })).toBeVisible();
  await visitor.goto('/users/sign_in');
  await signInViaForm(visitor, person.username, person.password);
  await expect(visitor.getByText(BLOCKED)).toBeVisible();
  await shot(visitor, testInfo, 'blocked-sign-in');

  await page.getByRole('button', { name: 'Unblock' }).click();
  await expect(page.getByText(`User @${person.username} was unblocked.`)).toBeVisible();

  // Edit: name, projects limit and a new password (which the user then signs in with).
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Edit user: ${person.name}` })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Renamed ${person.username}`);
  await page.getByRole('textbox', { name: 'Projects limit' }).fill('7');
  await page.getByLabel(/^New password/).fill('second-password-2');
  await page.getByLabel('Password confirmation').fill('second-password-2');
  await shot(page, testInfo, 'admin-user-edit');
  await expectAxeClean(page);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Renamed ${person.username}` })).toBeVisible();
  await expect(page.getByText(/Their new password is set/)).toBeVisible();
  await visitor.goto('/users/sign_in');
  await signInViaForm(visitor, person.username, 'second-password-2');
  await expect(visitor).not.toHaveURL(/\/users\/sign_in/);

  // Delete: contributions stay with the Ghost User.
  await page.getByRole('button', { name: 'Delete user' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete user?' });
  await expect(confirm.getByText(/Ghost User/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete user' }).click();
  await expect(page.getByText(`User @${person.username} was deleted.`, { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\?tab=users$/);
  await visitorContext.close();
});

test("'Forgot your password?' says the administrator resets it; a bad reset link says so @narrow", async ({
  page,
}, testInfo) => {
  await page.goto('/users/sign_in');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await expect(page.getByText(/This server cannot send email/)).toBeVisible();
  await expect(page.getByText(/Admin area › Users › Edit/)).toBeVisible();
  await shot(page, testInfo, 'forgot-password');
  await expectAxeClean(page);
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

  await page.goto('/users/password/edit?reset_password_token=not-a-real-token');
  await page.getByLabel(/^New password/).fill('third-password-3');
  await page.getByLabel('Confirm new password').fill('third-password-3');
  await page.getByRole('button', { name: 'Change your password' }).click();
  await expect(page.getByText('Reset password token is invalid')).toBeVisible();
  await shot(page, testInfo, 'reset-password');
  await expectAxeClean(page);
});

test('an administrator opens an abuse report, reads the comment, blocks the user and closes it @narrow', async ({
  page,
}, testInfo) => {
  test.slow();
  const spammer = await newUser(page, testInfo, 'spammy');
  const stamp = `${Date.now().toString(36)}-${testInfo.project.name}`;
  const group = await restPost<{ id: number; full_path: string }>(page, '/groups', {
    name: `Abuse ${stamp}`,
    path: `abuse-${stamp}`,
  });
  const project = await restPost<{ id: number; path_with_namespace: string }>(page, '/projects', {
    name: 'Inbox',
    namespace_id: group.id,
  });
  const issue = await restPost<{ iid: number }>(page, `/projects/${project.id}/issues`, { title: 'Free stuff' });
  const note = await restPost<{ id: number }>(page, `/projects/${project.id}/issues/${issue.iid}/notes`, {
    body: 'Cheap **watches** at spam.example',
  });
  const from = `${testInfo.project.use.baseURL}/${project.path_with_namespace}/-/issues/${issue.iid}#note_${note.id}`;
  const filed = await page.request.post('/-/abuse_reports', {
    headers: await csrfHeaders(page),
    data: {
      user_id: spammer.id,
      abuse_report: { category: 'spam', reported_from_url: from, message: `Spam comment ${stamp}` },
    },
  });
  expect(filed.status()).toBe(201);

  await page.goto('/admin?tab=abuse_reports');
  const row = page.getByRole('list', { name: 'Abuse reports' }).getByRole('listitem').filter({ hasText: stamp });
  await row.getByRole('link', { name: `Open report on @${spammer.username}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Abuse report #\d+$/ })).toBeVisible();
  const content = page.getByRole('region', { name: 'Reported content' });
  await expect(content.getByRole('link', { name: 'Free stuff' })).toBeVisible();
  await expect(content.locator('strong', { hasText: 'watches' })).toBeVisible();
  await shot(page, testInfo, 'abuse-report');
  await expectAxeClean(page);

  const reported = page.getByRole('region', { name: 'Reported user' });
  await reported.getByRole('button', { name: 'Block' }).click();
  await page.getByRole('alertdialog', { name: 'Block user?' }).getByRole('button', { name: 'Block' }).click();
  await expect(page.getByText(`User @${spammer.username} was blocked.`)).toBeVisible();
  await expect(reported.getByText('Blocked', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Close report' }).click();
  await expect(page.getByText('Report closed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reopen report' })).toBeVisible();
  await shot(page, testInfo, 'abuse-report-closed');
});

test('changing the date format and time zone changes every date; the dark theme applies @narrow', async ({
  page,
}, testInfo) => {
  test.slow();
  const person = await newUser(page, testInfo, 'dates');
  await page.context().clearCookies();
  await signInViaApi(page, person.username, person.password);
  const today = new Date().toISOString().slice(0, 10);

  await page.goto('/-/profile/active_sessions');
  const sessions = page.getByRole('list', { name: 'Active sessions' });
  await expect(sessions).toContainText(/Signed in on [A-Z][a-z]{2} \d{1,2}, \d{4}/);

  await page.goto('/-/profile/preferences');
  await page.getByRole('radio', { name: /^Dark/ }).check({ force: true });
  await page.getByRole('button', { name: /Date format/ }).click();
  await page.getByRole('option', { name: '2025-11-22' }).click();
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await zone.fill('UTC');
  // A click event (as assistive technology sends): on the narrow layout the option list scrolls under the finger.
  await page.getByRole('option', { name: 'UTC', exact: true }).dispatchEvent('click');
  await expect(zone).toHaveValue('UTC');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Preferences saved.')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await shot(page, testInfo, 'preferences-dark');
  await expectAxeClean(page);

  await page.goto('/-/profile/active_sessions');
  await expect(sessions).toContainText(`Signed in on ${today}`);
  await shot(page, testInfo, 'sessions-iso-dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(sessions).toContainText(`Signed in on ${today}`);
});

test('an administrator turns sign-up on; a visitor registers; the settings page is axe clean @narrow', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  await signInViaApi(page, 'root', ROOT_PASSWORD);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'General settings' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Sub-epics' })).toBeChecked();
  await expect(page.getByText(/from MILEPOST_MAX_LOGIN_ATTEMPTS/)).toBeVisible();
  await shot(page, testInfo, 'admin-settings');
  await expectAxeClean(page);
  // Settings are global: only one layout changes them, so parallel journeys never meet a change.
  if (testInfo.project.name !== 'desktop') return;

  const signup = page.getByRole('checkbox', { name: 'Sign-up enabled' });
  await signup.check({ force: true });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Application settings saved successfully.')).toBeVisible();
  try {
    const visitorContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const visitor = await visitorContext.newPage();
    const username = `newbie-${Date.now().toString(36)}`;
    await visitor.goto('/users/sign_in');
    await visitor.getByRole('link', { name: 'Register now' }).click();
    await visitor.getByRole('textbox', { name: 'Full name' }).fill('Newbie Person');
    await visitor.getByRole('textbox', { name: 'Username' }).fill(username);
    await visitor.getByRole('textbox', { name: 'Email' }).fill(`${username}@example.com`);
    await visitor.getByLabel(/^Password/).fill('newbie-password-1');
    await shot(visitor, testInfo, 'sign-up');
    await visitor.getByRole('button', { name: 'Register' }).click();
    await expect(visitor).toHaveURL(/\/dashboard\/groups/);
    await visitorContext.close();
  } finally {
    await page.reload();
    await page.getByRole('checkbox', { name: 'Sign-up enabled' }).uncheck({ force: true });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Application settings saved successfully.')).toBeVisible();
  }
});
