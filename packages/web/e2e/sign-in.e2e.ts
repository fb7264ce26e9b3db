import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signInViaForm } from './fixtures.ts';

test('a wrong password shows the server message and stays on the sign-in page', async ({ page }) => {
  await page.goto('/users/sign_in');
  await signInViaForm(page, 'alice', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Invalid login or password.');
  await expect(page).toHaveURL(/\/users\/sign_in/);
});

test('alice signs in, opens her group, sees its subgroups and projects, and signs out', async ({ page }) => {
  await page.goto('/users/sign_in');
  await signInViaForm(page, 'alice', DEMO_PASSWORD);

  await expect(page).toHaveURL(/\/dashboard\/groups$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your groups' })).toBeVisible();
  await page.getByRole('link', { name: 'Acme Corp', exact: true }).click();

  await expect(page).toHaveURL(/\/acme$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Corp' })).toBeVisible();
  const subgroups = page.getByRole('list', { name: 'Subgroups' });
  await expect(subgroups.getByRole('link', { name: 'Platform' })).toBeVisible();
  await expect(subgroups.getByRole('link', { name: 'Secret Lab' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Projects' }).getByRole('link').first()).toBeVisible();
  // alice is an Owner: the server lets her create subgroups and projects.
  await expect(page.getByRole('button', { name: 'New subgroup' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New project' })).toBeVisible();

  await subgroups.getByRole('link', { name: 'Platform' }).click();
  await expect(page).toHaveURL(/\/acme\/platform$/);
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Acme Corp' }),
  ).toBeVisible();

  await page.getByRole('button', { name: /User menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/users\/sign_in$/);

  await page.goto('/acme');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Subgroups' }).getByRole('link', { name: 'Secret Lab' })).toHaveCount(0);
});

test('signing in returns to the page in ?redirect=', async ({ page }) => {
  await page.goto('/users/sign_in?redirect=%2Facme%2Fplatform');
  await signInViaForm(page, 'bob');
  await expect(page).toHaveURL(/\/acme\/platform$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Platform' })).toBeVisible();
});
