import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ROOT_PASSWORD, restPost, signInViaApi } from './fixtures.ts';

test('a user changes their password; their other session is signed out @narrow', async ({ page, browser }) => {
  const username = `pw-${Date.now()}-${test.info().project.name}`;
  await signInViaApi(page, 'root', ROOT_PASSWORD);
  await restPost(page, '/users', {
    username,
    name: 'Pat Word',
    email: `${username}@example.com`,
    password: 'first-password-1',
  });
  await page.context().clearCookies();
  await signInViaApi(page, username, 'first-password-1');
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
