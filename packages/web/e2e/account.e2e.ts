import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { createOwnProject, ROOT_PASSWORD, restPost, signInViaApi } from './fixtures.ts';

/** A new user (the administrator makes them), signed in on `page`; answers the username. */
async function signInAsNewUser(page: Page, prefix: string, name: string, password: string): Promise<string> {
  const username = `${prefix}-${Date.now()}-${test.info().project.name}`;
  await signInViaApi(page, 'root', ROOT_PASSWORD);
  await restPost(page, '/users', { username, name, email: `${username}@example.com`, password });
  await page.context().clearCookies();
  await signInViaApi(page, username, password);
  return username;
}

test('a user changes their password; their other session is signed out @narrow', async ({ page, browser }) => {
  const username = await signInAsNewUser(page, 'pw', 'Pat Word', 'first-password-1');
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const otherPage = await other.newPage();
  await signInViaApi(otherPage, username, 'first-password-1');

  await page.goto('/-/profile/active_sessions');
  await expect(page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem')).toHaveCount(2);
  await page.getByRole('link', { name: 'Password' }).click();
  await page.getByLabel('Current password').fill('first-password-1');
  await page.getByLabel(/^New password/).fill('second-password-2');
  await page.getByLabel('Password confirmation').fill('second-password-2');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText(/Password was successfully updated/)).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  const dir = process.env.MILEPOST_E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/password-${test.info().project.name}.png`, fullPage: true });

  await otherPage.goto('/-/profile');
  await expect(otherPage).toHaveURL(/\/users\/sign_in/);
  await page.goto('/-/profile/active_sessions');
  await expect(page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('This is your current session')).toBeVisible();
  if (dir) await page.screenshot({ path: `${dir}/sessions-${test.info().project.name}.png`, fullPage: true });
  await other.close();
});

/** A 1×1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2e6b7d40000000049454e44ae426082',
  'hex',
);

test('a user sets an avatar by cropping a picture; it shows in the top bar; then removes it', async ({ page }) => {
  // Three uploads, three accessibility scans and a new group and project: 12–21 s on a quiet machine,
  // over a minute at load 13; the hang guard is three times the usual one.
  test.slow();
  await signInAsNewUser(page, 'av', 'Ava Tar', 'avatar-password-1');

  await page.goto('/-/profile');
  await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  const cropper = page.getByRole('group', { name: 'Position and size your new avatar' });
  await expect(cropper).toBeVisible();
  await page.getByRole('slider', { name: 'Zoom' }).press('ArrowRight');
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  const dir = process.env.MILEPOST_E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/avatar-crop-${test.info().project.name}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Set new profile picture' }).click();
  await expect(page.getByText('Avatar was successfully updated.')).toBeVisible();
  const topBarAvatar = page.getByRole('banner').locator('img[src*="/uploads/-/system/user/avatar/"]');
  await expect(topBarAvatar).toBeVisible();
  // The element shows at its set size before the picture has loaded (naturalWidth 0 until then).
  await expect.poll(() => topBarAvatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);

  await page.getByRole('button', { name: 'Remove avatar' }).click();
  await expect(page.getByText('Avatar was successfully removed.')).toBeVisible();
  await expect(topBarAvatar).toHaveCount(0);
  // The same upload on the settings of the user's own group and project (decision 0055).
  const own = await createOwnProject(page, test.info(), 'avatars');
  for (const [settings, overview, kind] of [
    [`/groups/${own.group}/-/edit`, `/${own.group}`, 'group'],
    [`/${own.path}/edit`, `/${own.path}`, 'project'],
  ] as const) {
    await page.goto(overview);
    await page.getByRole('main').getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(settings);
    await page.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('group', { name: 'Position and size your new avatar' })).toBeVisible();
    const settingsAxe = await new AxeBuilder({ page }).analyze();
    expect(
      settingsAxe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);
    if (dir) await page.screenshot({ path: `${dir}/${kind}-settings-${test.info().project.name}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Set new avatar' }).click();
    await expect(page.getByText('Avatar was successfully updated.')).toBeVisible();
    // The sidebar's header, the breadcrumbs and the overview show it at once.
    const picture = `img[src*="/uploads/-/system/${kind}/avatar/"]`;
    const sidebar = page.getByRole('navigation', {
      name: kind === 'group' ? 'Group navigation' : 'Project navigation',
    });
    await expect(sidebar.locator(picture)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).locator(picture)).toBeVisible();
    await page.goto(overview);
    await expect(page.locator(`main img[src*="/uploads/-/system/${kind}/avatar/"]`).first()).toBeVisible();
  }
  // Lists of groups and projects show them too.
  await page.goto(`/explore/groups?search=${encodeURIComponent(own.group.slice('avatars-'.length))}`);
  await expect(page.locator('img[src*="/uploads/-/system/group/avatar/"]').first()).toBeVisible();
  await page.goto(`/${own.group}`);
  const projectRow = page.getByRole('list', { name: 'Projects' }).getByRole('listitem').first();
  await expect(projectRow.locator('img[src*="/uploads/-/system/project/avatar/"]')).toBeVisible();
});
