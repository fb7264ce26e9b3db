import { expect, test } from '@playwright/test';
import { signInViaApi } from './fixtures.ts';

test('an Owner adds a member, changes their role and removes them', async ({ page }) => {
  await signInViaApi(page, 'alice');
  await page.goto('/groups/acme/platform/-/group_members');
  await expect(page.getByRole('heading', { level: 1, name: 'Group members' })).toBeVisible();

  // Members of acme are inherited here: shown with their source, not editable on this page.
  const aliceRow = page.getByRole('row').filter({ hasText: '@alice' });
  await expect(aliceRow.getByText('Inherited from')).toBeVisible();
  await expect(aliceRow.getByRole('button', { name: /Remove/ })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Username, name or email' }).fill('judy');
  await page.getByRole('option', { name: /judy/i }).click();
  await page.getByRole('button', { name: 'Select a role' }).click();
  await page.getByRole('option', { name: 'Reporter' }).click();
  await page.getByRole('button', { name: 'Add to group' }).click();

  const judyRow = page.getByRole('row').filter({ hasText: '@judy' });
  await expect(judyRow.getByText('Direct member')).toBeVisible();
  const roleButton = judyRow.getByRole('button', { name: /Role of/ });
  await expect(roleButton).toContainText('Reporter');

  await roleButton.click();
  await page.getByRole('option', { name: 'Developer' }).click();
  await expect(page.getByText(/Role of .* updated\./)).toBeVisible();
  await expect(roleButton).toContainText('Developer');

  await judyRow.getByRole('button', { name: /Remove/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove member' }).click();
  await expect(page.getByRole('row').filter({ hasText: '@judy' })).toHaveCount(0);
});

test('a Reporter sees the members but cannot manage them', async ({ page }) => {
  await signInViaApi(page, 'dave');
  await page.goto('/groups/acme/-/group_members');
  await expect(page.getByRole('row').filter({ hasText: '@alice' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to group' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Remove/ })).toHaveCount(0);
});

test('project members list shows members inherited from the groups above', async ({ page }) => {
  await signInViaApi(page, 'alice');
  await page.goto('/acme/platform/api/-/project_members');
  await expect(page.getByRole('heading', { level: 1, name: 'Project members' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '@alice' }).getByText('Inherited from')).toBeVisible();
});
