import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { graphql, signInViaApi } from './fixtures.ts';

const SHOTS = '/tmp/shots/issue-page';
const PROJECT = 'acme/platform/web';

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-${testInfo.project.name}.png`, fullPage: true });
}

/** Creates an issue in acme/platform/web as the signed-in user; returns its iid. */
async function createIssue(page: Page, input: Record<string, unknown>): Promise<string> {
  const data = await graphql<{ createIssue: { issue: { iid: string }; errors: string[] } }>(
    page,
    'mutation($input: CreateIssueInput!) { createIssue(input: $input) { issue { iid } errors } }',
    { input: { projectPath: PROJECT, ...input } },
  );
  expect(data.createIssue.errors).toEqual([]);
  return data.createIssue.issue.iid;
}

async function expectNoSeriousAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const isNarrow = (testInfo: TestInfo) => testInfo.project.name === 'narrow';

test.describe('issue page', () => {
  test('@narrow alice opens an issue: header, badges, description and the sidebar', async ({ page }, testInfo) => {
    await signInViaApi(page, 'alice');
    const title = `Issue page journey ${testInfo.project.name}`;
    const iid = await createIssue(page, {
      title,
      description: 'Steps:\n\n- [x] open *checkout*\n- [ ] pay',
      confidential: true,
    });
    await page.goto(`/${PROJECT}/-/issues/${iid}`);

    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Open', { exact: true })).toBeVisible();
    await expect(page.getByText('Confidential', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Created (just now|\d+ (second|minute)s? ago) by/)).toBeVisible();
    await expect(page.getByText('1 of 2 checklist items completed')).toBeVisible();
    await expect(page.locator('em', { hasText: 'checkout' })).toBeVisible();
    await expect(page.getByText(/coming soon/)).toHaveCount(0);

    if (isNarrow(testInfo)) {
      await expect(page.getByRole('complementary', { name: 'Issue details' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Expand sidebar' }).click();
      await expect(page.getByRole('dialog', { name: 'Issue details' })).toBeVisible();
      await shot(page, testInfo, '02-sidebar-drawer');
      await page.getByRole('button', { name: 'Collapse sidebar' }).click();
      await expect(page.getByRole('dialog', { name: 'Issue details' })).toHaveCount(0);
    } else {
      await expect(page.getByRole('complementary', { name: 'Issue details' })).toBeVisible();
    }
    await shot(page, testInfo, '01-default');
    await expectNoSeriousAxeViolations(page);
  });

  test('@narrow a missing issue says Page Not Found', async ({ page }) => {
    await signInViaApi(page, 'alice');
    await page.goto(`/${PROJECT}/-/issues/99999`);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  });
});
