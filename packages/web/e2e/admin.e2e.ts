import { expect, test } from '@playwright/test';
import { ROOT_PASSWORD, signInViaApi } from './fixtures.ts';

test('an administrator creates a user and sees them in the list', async ({ page }) => {
  await signInViaApi(page, 'root', ROOT_PASSWORD);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin area' })).toBeVisible();

  await page.getByRole('button', { name: 'New user' }).click();
  const dialog = page.getByRole('dialog', { name: 'New user' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Zoe Zimmer');
  await dialog.getByRole('textbox', { name: 'Username', exact: true }).fill('zoe');
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('zoe@example.com');
  await dialog.getByLabel('Password', { exact: true }).fill('zoe-password-123');
  await dialog.getByRole('button', { name: 'Create user' }).click();

  await expect(page.getByText('User @zoe was created.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Users' }).getByText('@zoe')).toBeVisible();
});

test('an administrator creates a group under acme', async ({ page }) => {
  await signInViaApi(page, 'root', ROOT_PASSWORD);
  await page.goto('/admin?tab=groups');
  await page.getByRole('button', { name: 'New group' }).click();
  const dialog = page.getByRole('dialog', { name: 'New group' });
  await dialog.getByRole('textbox', { name: 'Group name' }).fill('Design Team');
  await expect(dialog.getByRole('textbox', { name: 'Group URL' })).toHaveValue('design-team');
  await dialog.getByRole('combobox', { name: 'Parent group (optional)' }).fill('Acme');
  await page.getByRole('option', { name: /^Acme Corp\s*acme$/ }).click();
  await dialog
    .locator('label')
    .filter({ hasText: /^Public/ })
    .click();
  await expect(dialog.getByRole('radio', { name: /Public/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Create group' }).click();

  await expect(page.getByText('Group acme/design-team was created.')).toBeVisible();
  await page.goto('/acme/design-team');
  await expect(page.getByRole('heading', { level: 1, name: 'Design Team' })).toBeVisible();
});

test('a non-administrator gets Page Not Found at /admin', async ({ page }) => {
  await signInViaApi(page, 'alice');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});
