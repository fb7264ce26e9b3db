import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { graphql, signInViaApi, signInViaForm } from './fixtures.ts';

/**
 * Routing and people: unknown addresses are real 404s; a signed-out visitor of something private is
 * sent to sign in and back (and still gets Page Not Found if it stays hidden); every author links to
 * a profile page showing what the viewer may see.
 */

const PROJECT = 'acme/platform/web';
const SIGN_IN_REQUIRED = 'You need to sign in or sign up before continuing.';

async function createIssue(page: Page, title: string, confidential = false): Promise<string> {
  const data = await graphql<{ createIssue: { issue: { iid: string }; errors: string[] } }>(
    page,
    'mutation($input: CreateIssueInput!) { createIssue(input: $input) { issue { iid } errors } }',
    { input: { projectPath: PROJECT, title, confidential } },
  );
  expect(data.createIssue.errors).toEqual([]);
  return data.createIssue.issue.iid;
}

async function expectAxeClean(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`)).toEqual([]);
}

/** Screenshots for looking at, when asked (MILEPOST_E2E_SCREENSHOTS=dir). */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const dir = process.env.MILEPOST_E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${testInfo.project.name}.png`, fullPage: true });
}

test('an unknown address answers 404 with the not-found page @narrow', async ({ page }, testInfo) => {
  const response = await page.goto('/acme/platform/-/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  expect((await page.request.get('/dashboard/nothing-here')).status()).toBe(404);
  await signInViaApi(page, 'alice');
  const missing = await page.goto('/acme/no-such-project');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await shoot(page, testInfo, 'not-found');
});

test('a signed-out visitor of a private group signs in and lands back on it @narrow', async ({ page }, testInfo) => {
  await page.goto('/groups/acme/secret-lab/-/epics');
  await expect(page).toHaveURL(/\/users\/sign_in\?redirect=/);
  await expect(page.getByText(SIGN_IN_REQUIRED)).toBeVisible();
  await shoot(page, testInfo, 'sign-in-required');
  await signInViaForm(page, 'judy');
  await expect(page).toHaveURL(/\/groups\/acme\/secret-lab\/-\/epics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Epics' })).toBeVisible();
});

test('a confidential issue stays Page Not Found after signing in as someone who may not see it @narrow', async ({
  page,
  browser,
}) => {
  await signInViaApi(page, 'alice');
  const iid = await createIssue(page, `Hidden plan ${Date.now()}`, true);
  const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const other = await visitor.newPage();
  await other.goto(`/${PROJECT}/-/issues/${iid}`);
  await expect(other.getByText(SIGN_IN_REQUIRED)).toBeVisible();
  await signInViaForm(other, 'judy');
  await expect(other).toHaveURL(new RegExp(`/${PROJECT}/-/issues/${iid}$`));
  await expect(other.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  expect((await other.request.get(`/${PROJECT}/-/issues/${iid}`)).status()).toBe(404);
  await visitor.close();
});

test("an issue author's name leads to their profile, with what the viewer may see @narrow", async ({
  page,
}, testInfo) => {
  await signInViaApi(page, 'carol');
  const title = `Profile trail ${Date.now()}`;
  const iid = await createIssue(page, title);
  await page.context().clearCookies();
  await signInViaApi(page, 'erin');
  await page.goto(`/${PROJECT}/-/issues/${iid}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page
    .getByRole('link', { name: /^(Carol Chen|carol)/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/carol$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Carol Chen' })).toBeVisible();
  await expect(page.getByText('@carol')).toBeVisible();
  const activity = page.getByRole('list', { name: 'Recent activity' });
  await expect(activity.getByRole('listitem').filter({ hasText: title })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Groups' }).getByRole('link', { name: 'Acme Corp' })).toBeVisible();
  await expectAxeClean(page);
  await shoot(page, testInfo, 'user-profile');
  await activity.getByRole('link', { name: `${PROJECT}#${iid}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});
