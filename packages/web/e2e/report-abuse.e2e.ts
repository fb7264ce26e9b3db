import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { graphql, KEEP_SCREENSHOTS, ROOT_PASSWORD, signInViaApi } from './fixtures.ts';

const SHOTS = '/tmp/shots/report-abuse';
const THANKS = 'Thank you for your report. A Milepost administrator will look into it shortly.';

async function shot(page: Page, testInfo: TestInfo, name: string) {
  // Once the drawer has finished sliding in or out.
  await expect(page.locator('[data-entering], [data-exiting]')).toHaveCount(0);
  // The journey goes on from the settled page whether or not the screenshot is kept.
  if (!KEEP_SCREENSHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-${testInfo.project.name}.png` });
}

/** The demo's 'Platform modernization' epic in acme, authored by alice. */
async function aliceEpic(page: Page): Promise<{ webPath: string }> {
  const data = await graphql<{
    group: { epics: { nodes: { webPath: string; title: string; author: { username: string } }[] } };
  }>(
    page,
    'query { group(fullPath: "acme") { epics(authorUsername: "alice", first: 50) { nodes { title webPath author { username } } } } }',
  );
  const epic = data.group.epics.nodes.find((e) => e.title === 'Platform modernization');
  expect(epic?.author.username).toBe('alice');
  return { webPath: epic?.webPath ?? '' };
}

test('a user reports the author of an epic; the administrator sees the report @narrow', async ({ page }, testInfo) => {
  // Each layout reports with its own user: one open report per reporter, user and reason.
  const reporter =
    testInfo.project.name === 'narrow' ? { login: 'carol', name: 'Carol Chen' } : { login: 'bob', name: 'Bob Brown' };
  const message = `${reporter.name} says: the epic's description links to a fake login page.`;
  await signInViaApi(page, reporter.login);
  const { webPath } = await aliceEpic(page);
  await page.goto(webPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Platform modernization' })).toBeVisible();

  await page.getByRole('button', { name: 'Epic actions' }).click();
  await page.getByRole('menu', { name: 'Epic actions' }).getByRole('menuitem', { name: 'Report abuse' }).click();
  const drawer = page.getByRole('dialog', { name: 'Report abuse to administrator' });
  await expect(drawer.getByRole('radiogroup', { name: 'Why are you reporting this user?' })).toBeVisible();
  await expect(drawer.getByRole('radio')).toHaveCount(8);
  await shot(page, testInfo, '1-drawer');

  // The reason is required.
  await drawer.getByRole('button', { name: 'Next' }).click();
  await expect(drawer.getByText('Choose a reason for reporting this user.')).toBeVisible();
  await shot(page, testInfo, '2-validation');

  await drawer.locator('label').filter({ hasText: "They're phishing or impersonating others." }).click();
  await expect(drawer.getByRole('radio', { name: "They're phishing or impersonating others." })).toBeChecked();
  await drawer.getByRole('button', { name: 'Next' }).click();

  // Second step: GitLab's report form, in the drawer.
  await expect(drawer.getByText('Alice Anderson')).toBeVisible();
  await expect(drawer.getByText("They're phishing or impersonating others.")).toBeVisible();
  await drawer.getByRole('textbox', { name: 'Link to spam' }).fill('https://phish.example/login');
  await drawer.getByRole('textbox', { name: 'Message' }).fill(message);
  await shot(page, testInfo, '3-second-step');

  await drawer.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText(THANKS)).toBeVisible();
  await expect(drawer).toHaveCount(0);
  // Back on the reported page.
  expect(new URL(page.url()).pathname).toBe(webPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Platform modernization' })).toBeVisible();
  await shot(page, testInfo, '4-confirmation');

  // The administrator sees it.
  await signInViaApi(page, 'root', ROOT_PASSWORD);
  await page.goto('/admin?tab=abuse_reports');
  await expect(page.getByRole('tab', { name: 'Abuse reports', selected: true })).toBeVisible();
  const list = page.getByRole('list', { name: 'Abuse reports' });
  const row = list.getByRole('listitem').filter({ hasText: message });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Alice Anderson')).toBeVisible();
  await expect(row.getByText("They're phishing or impersonating others.")).toBeVisible();
  await expect(row.getByText(`Reported by ${reporter.name}`)).toBeVisible();
  await expect(row.getByRole('link', { name: 'https://phish.example/login' })).toBeVisible();
  await shot(page, testInfo, '5-admin-list');
});
