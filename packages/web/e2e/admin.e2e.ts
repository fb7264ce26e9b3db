import { expect, type Page, test } from '@playwright/test';
import { ROOT_PASSWORD, restPost, signInViaApi, signInViaForm } from './fixtures.ts';

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

test('ten wrong passwords lock an account until an administrator unlocks it', async ({ page, browser }) => {
  const violations: string[] = [];
  const watch = (p: Page) =>
    p.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
  watch(page);
  await signInViaApi(page, 'root', ROOT_PASSWORD);
  const password = 'locky-password-123';
  await restPost(page, '/users', { username: 'locky', name: 'Lou Locky', email: 'locky@example.com', password });

  // Someone guesses ten times; the eleventh try, with the right password, is refused.
  const visitor = await browser.newPage();
  watch(visitor);
  await visitor.request.get('/-/health');
  const csrf = (await visitor.context().cookies()).find((c) => c.name === '_milepost_csrf')?.value ?? '';
  for (let i = 0; i < 10; i++) {
    const guess = await visitor.request.post('/users/sign_in', {
      data: { login: 'locky', password: `guess-${i}` },
      headers: { 'X-CSRF-Token': csrf, Accept: 'application/json' },
    });
    expect(guess.status()).toBe(401);
  }
  await visitor.goto('/users/sign_in');
  await signInViaForm(visitor, 'locky', password);
  await expect(visitor.getByText('Your account is locked.')).toBeVisible();

  await page.goto('/admin');
  const users = page.getByRole('list', { name: 'Users' });
  await expect(users.getByText('@root', { exact: true })).toBeVisible(); // the first user, before the search
  await page.getByRole('searchbox', { name: 'Search users' }).fill('locky');
  // The search has applied (it waits for typing to pause): root is filtered out.
  await expect(users.getByText('@root', { exact: true })).toHaveCount(0);
  await expect(users.getByText('Locked', { exact: true })).toBeVisible();
  await users.getByRole('button', { name: 'Unlock @locky' }).click();
  await expect(page.getByText('User @locky was unlocked.')).toBeVisible();
  await expect(users.getByText('Locked', { exact: true })).toHaveCount(0);

  await signInViaForm(visitor, 'locky', password);
  await expect(visitor).not.toHaveURL(/\/users\/sign_in/);
  await visitor.close();
  expect(violations).toEqual([]);
});
