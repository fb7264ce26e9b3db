import { expect, test } from '@playwright/test';
import { signInViaApi } from './fixtures.ts';

test('a user creates a token, sees it once, and revokes it', async ({ page }) => {
  await signInViaApi(page, 'carol');
  await page.goto('/-/user_settings/personal_access_tokens');
  await expect(page.getByRole('heading', { level: 1, name: 'Personal access tokens' })).toBeVisible();

  await page.getByLabel('Token name').fill('e2e token');
  // The box is drawn next to the label; a person clicks the label.
  await page
    .locator('label')
    .filter({ hasText: /^read_api$/ })
    .click();
  await expect(page.getByRole('checkbox', { name: 'read_api' })).toBeChecked();
  await page.getByRole('button', { name: 'Create personal access token' }).click();

  await expect(page.getByText("Make sure you save it - you won't be able to access it again.")).toBeVisible();
  const value = await page.getByLabel('Your new personal access token', { exact: true }).inputValue();
  expect(value.length).toBeGreaterThan(10);

  // The token works against the API.
  const response = await page.request.post('/api/graphql', {
    data: { query: '{ currentUser { username } }' },
    headers: { Authorization: `Bearer ${value}` },
  });
  expect((await response.json()).data.currentUser.username).toBe('carol');

  const row = page
    .getByRole('table', { name: 'Active personal access tokens' })
    .getByRole('row', { name: /e2e token/ });
  await expect(row.getByText('read_api')).toBeVisible();

  await page.reload();
  await expect(page.getByText("Make sure you save it - you won't be able to access it again.")).toHaveCount(0);

  await page.getByRole('button', { name: 'Revoke e2e token' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Revoked personal access token e2e token.')).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Inactive personal access tokens' }).getByText('e2e token'),
  ).toBeVisible();
});

test('a signed-out visitor is sent to sign in', async ({ page }) => {
  await page.goto('/-/user_settings/personal_access_tokens');
  await expect(page).toHaveURL(/\/users\/sign_in\?redirect=/);
});
