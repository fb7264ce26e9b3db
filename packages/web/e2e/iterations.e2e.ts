import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO_TODAY, expect, test } from './demo-today.ts';
import { KEEP_SCREENSHOTS, signInViaApi } from './fixtures.ts';

const SHOTS = '/tmp/shots/iterations';

async function expectNoSeriousAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a Reporter+ creates an automatic cadence, sees its iterations and opens a report @narrow', async ({
  page,
}, testInfo) => {
  const name = testInfo.project.name;
  const title = `E2E cadence ${name} ${Date.now()}`;
  await signInViaApi(page, 'alice');
  await page.goto('/groups/acme/-/cadences');
  await expect(page.getByRole('heading', { level: 1, name: 'Iteration cadences' })).toBeVisible();
  await page.getByRole('link', { name: 'New iteration cadence' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'New iteration cadence' })).toBeVisible();

  // The server answers a missing duration and upcoming count with GitLab's messages, losing nothing.
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Start date' }).fill(DEMO_TODAY);
  await page.getByRole('textbox', { name: 'Start date' }).press('Tab');
  await page.getByRole('button', { name: 'Create cadence' }).click();
  await expect(page.getByText("Duration in weeks can't be blank")).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
  if (KEEP_SCREENSHOTS) await page.screenshot({ path: `${SHOTS}/form-errors-${name}.png`, fullPage: true });

  await page.getByRole('button', { name: /Duration$/ }).click();
  await page.getByRole('option', { name: '2 weeks' }).click();
  await page.getByRole('button', { name: /Upcoming iterations$/ }).click();
  await page.getByRole('option', { name: '3', exact: true }).click();
  await page.getByRole('button', { name: 'Create cadence' }).click();

  await expect(page).toHaveURL(/\/groups\/acme\/-\/cadences$/);
  const cadence = page.getByRole('region', { name: title });
  await expect(cadence).toBeVisible();
  await expect(cadence.getByText('Every 2 weeks, automatic scheduling')).toBeVisible();
  const disclosure = cadence.getByRole('button', { name: title, exact: true });
  if ((await disclosure.getAttribute('aria-expanded')) !== 'true') await disclosure.click();
  const iterations = cadence.getByRole('list', { name: 'Iterations' }).getByRole('listitem');
  await expect(iterations).toHaveCount(4);
  if (KEEP_SCREENSHOTS) await page.screenshot({ path: `${SHOTS}/cadences-${name}.png`, fullPage: true });
  await expectNoSeriousAxeViolations(page);

  await iterations.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/groups\/acme\/-\/iterations\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Burnup chart' })).toBeVisible();
  await expect(page.getByRole('region', { name: /Open issues/ }).getByText('No open issues.')).toBeVisible();
  if (KEEP_SCREENSHOTS) await page.screenshot({ path: `${SHOTS}/report-empty-${name}.png`, fullPage: true });

  // Delete it again (the demo's data stays as it was for the other journeys).
  await page.goto('/groups/acme/-/cadences');
  await page
    .getByRole('region', { name: title })
    .getByRole('button', { name: `Delete ${title}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete cadence' }).click();
  await expect(page.getByRole('region', { name: title })).toHaveCount(0);
});

test('the demo sprint’s report shows its issues by state and the burnup by count and weight @narrow', async ({
  page,
}, testInfo) => {
  const name = testInfo.project.name;
  await signInViaApi(page, 'dave');
  await page.goto('/groups/acme/platform/-/cadences');
  const cadence = page.getByRole('region', { name: 'Platform sprints' });
  await expect(cadence.getByText('Manual scheduling')).toBeVisible();
  // A Reporter may manage cadences, as on GitLab.
  await expect(cadence.getByRole('button', { name: 'Add iteration' })).toBeVisible();
  await page.getByRole('link', { name: 'All' }).click();
  await expect(cadence.getByRole('list', { name: 'Iterations' }).getByRole('listitem')).toHaveCount(4);
  await cadence.getByRole('list', { name: 'Iterations' }).getByRole('listitem').nth(1).getByRole('link').click();

  const open = page.getByRole('region', { name: /Open issues/ });
  const closed = page.getByRole('region', { name: /Closed issues/ });
  await expect(open.getByRole('listitem').or(closed.getByRole('listitem')).first()).toBeVisible();
  const total = (await open.getByRole('listitem').count()) + (await closed.getByRole('listitem').count());
  expect(total).toBeGreaterThan(0);
  await expect(page.getByRole('img', { name: 'Burnup chart by issue count' })).toBeVisible();
  await page.getByRole('button', { name: 'Issue weight' }).click();
  await expect(page.getByRole('img', { name: 'Burnup chart by issue weight' })).toBeVisible();
  if (KEEP_SCREENSHOTS) await page.screenshot({ path: `${SHOTS}/report-${name}.png`, fullPage: true });
  await expectNoSeriousAxeViolations(page);
});

test('a guest sees the cadences but cannot manage them; a hidden group’s iteration is not found', async ({ page }) => {
  await signInViaApi(page, 'erin');
  await page.goto('/groups/acme/platform/-/cadences');
  await expect(page.getByRole('region', { name: 'Platform sprints' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New iteration cadence' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await page.goto('/groups/acme/-/iterations/999999');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});
