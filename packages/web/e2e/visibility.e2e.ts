import { expect, test } from '@playwright/test';

test.describe('a signed-out visitor', () => {
  test('sees the public group and its public subgroup, but not the private subgroup', async ({ page }) => {
    await page.goto('/acme');
    await expect(page.getByRole('heading', { level: 1, name: 'Acme Corp' })).toBeVisible();
    const subgroups = page.getByRole('list', { name: 'Subgroups' });
    await expect(subgroups.getByRole('link', { name: 'Platform' })).toBeVisible();
    await expect(subgroups.getByRole('link', { name: 'Secret Lab' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New subgroup' })).toHaveCount(0);
  });

  test('is sent to sign in at the private subgroup (hidden and missing look the same)', async ({ page }) => {
    await page.goto('/acme/secret-lab');
    await expect(page).toHaveURL(/\/users\/sign_in\?redirect=%2Facme%2Fsecret-lab$/);
    await expect(page.getByText('You need to sign in or sign up before continuing.')).toBeVisible();
  });

  test('explores public groups on the dashboard', async ({ page }) => {
    await page.goto('/dashboard/groups');
    await expect(page.getByRole('heading', { level: 1, name: 'Explore groups' })).toBeVisible();
    const groups = page.getByRole('list', { name: 'Groups' });
    await expect(groups.getByRole('link', { name: 'Acme Corp', exact: true })).toBeVisible();
    await expect(groups.getByText('Secret Lab')).toHaveCount(0);
  });
});
