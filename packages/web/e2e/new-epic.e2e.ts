import type { Page } from '@playwright/test';
import { addDays, DEMO_TODAY, expect, test } from './demo-today.ts';
import { KEEP_SCREENSHOTS, signInViaApi } from './fixtures.ts';

const SHOTS = '/tmp/shots/new-epic';
/** An epic over the coming months (the browser's today is DEMO_TODAY). */
const START_DATE = addDays(DEMO_TODAY, 9);
const DUE_DATE = addDays(DEMO_TODAY, 85);
const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

async function fillForm(page: Page, title: string) {
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Description' }).fill('Made by the new epic journey.');
  await page.getByRole('textbox', { name: 'Start date' }).fill(START_DATE);
  await page.getByRole('textbox', { name: 'Start date' }).press('Tab');
  await page.getByRole('textbox', { name: 'Due date' }).fill(DUE_DATE);
  await page.getByRole('textbox', { name: 'Due date' }).press('Tab');
}

for (const viewport of VIEWPORTS) {
  test(`alice creates an epic with dates and lands on it (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signInViaApi(page, 'alice');
    await page.goto('/groups/acme/-/epics/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New epic' })).toBeVisible();
    if (KEEP_SCREENSHOTS) await page.screenshot({ path: `${SHOTS}/form-empty-${viewport.name}.png`, fullPage: true });

    await page.getByRole('textbox', { name: 'Title' }).fill('x'.repeat(256));
    await expect(page.getByText('Title is too long (maximum is 255 characters).')).toBeVisible();
    if (KEEP_SCREENSHOTS)
      await page.screenshot({ path: `${SHOTS}/title-too-long-${viewport.name}.png`, fullPage: true });

    const title = `E2E epic ${viewport.name}`;
    await fillForm(page, title);
    await expect(page.getByRole('textbox', { name: 'Start date' })).toHaveValue(START_DATE);
    await expect(page.getByRole('textbox', { name: 'Due date' })).toHaveValue(DUE_DATE);
    if (KEEP_SCREENSHOTS) await page.screenshot({ path: `${SHOTS}/form-filled-${viewport.name}.png`, fullPage: true });

    await page.getByRole('button', { name: 'Create epic' }).click();
    await expect(page).toHaveURL(/\/groups\/acme\/-\/epics\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    if (KEEP_SCREENSHOTS) await page.screenshot({ path: `${SHOTS}/created-${viewport.name}.png`, fullPage: true });
  });
}

test('a guest, who may not create epics, sees Page Not Found', async ({ page }) => {
  await signInViaApi(page, 'erin');
  await page.goto('/groups/acme/-/epics/new');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveCount(0);
  if (KEEP_SCREENSHOTS) await page.screenshot({ path: `${SHOTS}/guest-not-found-desktop.png`, fullPage: true });
});

test('Cancel goes back to where the user came from', async ({ page }) => {
  await signInViaApi(page, 'alice');
  await page.goto('/groups/acme/-/epics');
  await page.goto('/groups/acme/-/epics/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New epic' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/groups\/acme\/-\/epics$/);
});
