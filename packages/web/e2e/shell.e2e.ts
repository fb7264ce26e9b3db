import { expect, test } from '@playwright/test';
import { signInViaApi } from './fixtures.ts';

test('@narrow-only the navigation opens as a drawer and closes after choosing a page', async ({ page }) => {
  await signInViaApi(page, 'alice');
  await page.goto('/acme');
  const nav = page.getByRole('navigation', { name: 'Group navigation' });
  await expect(nav).toBeHidden();

  await page.getByRole('button', { name: 'Show navigation' }).click();
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'Roadmap' }).click();

  await expect(page).toHaveURL(/\/groups\/acme\/-\/roadmap$/);
  await expect(page.getByRole('heading', { name: 'Roadmap', level: 1 })).toBeVisible();
  await expect(nav).toBeHidden();
});

test('@narrow deep links to nested groups, project pages and unknown paths work', async ({ page }) => {
  await signInViaApi(page, 'alice');
  await page.goto('/acme/website/-/issues/1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);
  await page.goto('/acme/platform/-/epics');
  await expect(page).toHaveURL(/\/groups\/acme\/platform\/-\/epics$/);
  await expect(page.getByRole('heading', { name: 'Epics', level: 1 })).toBeVisible();
  await page.goto('/acme/no-such-thing');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test('the group navigation marks the current page and the search looks within the group', async ({ page }) => {
  await signInViaApi(page, 'alice');
  await page.goto('/groups/acme/-/epics');
  const nav = page.getByRole('navigation', { name: 'Group navigation' });
  await expect(nav.getByRole('link', { name: 'Epics' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('searchbox', { name: 'Search in Acme Corp' }).fill('platform');
  await page.getByRole('searchbox', { name: 'Search in Acme Corp' }).press('Enter');
  await expect(page).toHaveURL(/\/search\?search=platform&group_id=\d+$/);
  await page
    .getByRole('navigation', { name: 'Search scopes' })
    .getByRole('link', { name: /Groups/ })
    .click();
  const groups = page.getByRole('list', { name: 'Groups found' });
  await expect(groups.getByRole('link', { name: /Platform/ })).toBeVisible();
  await expect(groups.getByRole('link', { name: 'Acme Corp', exact: true })).toHaveCount(0);
});
