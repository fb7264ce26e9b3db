import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { createOwnProject, graphql, KEEP_SCREENSHOTS, nextSave, signInViaApi } from './fixtures.ts';

/**
 * The issue lists on a project of our own (desktop and narrow): tabs with counts, filters with each
 * operator, sort, paging and page size, bulk edit, manual reorder from the keyboard, CSV export,
 * the empty states; axe finds no serious or critical violation.
 */

const SHOTS = 'test-results/issue-lists';

async function ownProject(page: Page, testInfo: TestInfo): Promise<string> {
  return (await createOwnProject(page, testInfo, 'lists')).path;
}

async function createIssue(page: Page, projectPath: string, input: Record<string, unknown>): Promise<string> {
  const data = await graphql<{ createIssue: { issue: { iid: string }; errors: string[] } }>(
    page,
    'mutation($input: CreateIssueInput!) { createIssue(input: $input) { issue { iid } errors } }',
    { input: { projectPath, ...input } },
  );
  expect(data.createIssue.errors).toEqual([]);
  return data.createIssue.issue.iid;
}

async function expectNoSeriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`)).toEqual([]);
}

const rows = (page: Page) => page.getByRole('list', { name: 'Issues' }).locator('li[data-issue-id]');
const titles = async (page: Page) =>
  (await rows(page).locator('[data-row-focus]').allTextContents()).map((t) => t.trim());
const tab = (page: Page, name: string | RegExp) =>
  page.getByRole('navigation', { name: 'Issue states' }).getByRole('button', { name });

test.describe('issue lists', () => {
  // Long journeys on a shared machine: each builds its own project and walks many views.
  test.describe.configure({ timeout: 120_000 });

  test('@narrow tabs, filters, sort, paging, page size, empty states', async ({ page }, testInfo) => {
    await signInViaApi(page, 'alice');
    const project = await ownProject(page, testInfo);
    await createIssue(page, project, { title: 'Alpha login crash', labels: ['bug'], weight: 3 });
    await createIssue(page, project, { title: 'Beta search', weight: 1, type: 'INCIDENT' });
    await createIssue(page, project, { title: 'Gamma export', labels: ['docs'] });
    const closed = await createIssue(page, project, { title: 'Delta closed one' });
    await graphql(page, 'mutation($input: UpdateIssueInput!) { updateIssue(input: $input) { errors } }', {
      input: { projectPath: project, iid: closed, stateEvent: 'CLOSE' },
    });

    await page.goto(`/${project}/-/issues`);
    await expect(rows(page)).toHaveCount(3);
    await expect(tab(page, /Open\s*3/)).toHaveAttribute('aria-current', 'page');
    await expect(tab(page, /Closed\s*1/)).toBeVisible();
    await tab(page, /All\s*4/).click();
    await expect(page).toHaveURL(/state=all/);
    await expect(rows(page)).toHaveCount(4);
    if (KEEP_SCREENSHOTS) await page.screenshot({ path: `${SHOTS}/list-${testInfo.project.name}.png` });
    await expectNoSeriousViolations(page);

    // Filters through the URL with GitLab's keys: is, is not, or, wildcards.
    await page.goto(`/${project}/-/issues?label_name[]=bug`);
    await expect.poll(() => titles(page)).toEqual(['Alpha login crash']);
    await page.goto(`/${project}/-/issues?not[label_name][]=bug&sort=title_asc`);
    await expect.poll(() => titles(page)).toEqual(['Beta search', 'Gamma export']);
    await page.goto(`/${project}/-/issues?or[label_name][]=bug&or[label_name][]=docs&sort=title_asc`);
    await expect.poll(() => titles(page)).toEqual(['Alpha login crash', 'Gamma export']);
    await page.goto(`/${project}/-/issues?weight=None`);
    await expect.poll(() => titles(page)).toEqual(['Gamma export']);
    await page.goto(`/${project}/-/issues?type[]=incident`);
    await expect.poll(() => titles(page)).toEqual(['Beta search']);

    // A filter built in the bar: Weight != 3, then the chip and the URL agree.
    await page.goto(`/${project}/-/issues?sort=title_asc`);
    await expect(rows(page)).toHaveCount(3);
    // The page's context is in (the viewer's tokens): the suggestions keep their places under the pointer.
    await expect(page.getByRole('link', { name: 'New issue' })).toBeVisible();
    const input = page.getByRole('combobox', { name: /Search or filter|choose/ });
    await input.click();
    await page.getByRole('option', { name: 'Weight' }).click();
    await page.getByRole('option', { name: /is not/ }).click();
    await input.fill('3');
    await input.press('Enter');
    await input.press('Enter');
    await expect(page).toHaveURL(/not%5Bweight%5D=3|not\[weight\]=3/);
    await expect.poll(() => titles(page)).toEqual(['Beta search', 'Gamma export']);

    // A label on a row filters by it.
    await page.goto(`/${project}/-/issues`);
    await rows(page).getByRole('button', { name: 'Filter by label docs' }).click();
    await expect(page).toHaveURL(/label_name%5B%5D=docs|label_name\[\]=docs/);
    await expect.poll(() => titles(page)).toEqual(['Gamma export']);

    // Sort, page size 5 → paging.
    for (let i = 1; i <= 4; i += 1) await createIssue(page, project, { title: `Extra ${i}` });
    await page.goto(`/${project}/-/issues?sort=title_asc`);
    await expect(rows(page)).toHaveCount(7);
    await page.getByRole('button', { name: /20 items/ }).click();
    await page.getByRole('option', { name: '5 items' }).click();
    await expect(page).toHaveURL(/first_page_size=5/);
    await expect(rows(page)).toHaveCount(5);
    await expect.poll(async () => (await titles(page))[0]).toBe('Alpha login crash');
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page_after=/);
    await expect.poll(() => titles(page)).toEqual(['Extra 4', 'Gamma export']);
    await page.getByRole('link', { name: 'Previous' }).click();
    await expect(page).toHaveURL(/page_before=/);
    await expect(rows(page)).toHaveCount(5);
    // The size is remembered (issuable_list_page_size).
    expect(await page.evaluate(() => localStorage.getItem('issuable_list_page_size'))).toBe('5');

    // Empty states.
    await page.goto(`/${project}/-/issues?search=nothing-matches-this`);
    await expect(page.getByRole('heading', { name: 'Sorry, your filter produced no results' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(rows(page).first()).toBeVisible();
    const empty = await ownProject(page, testInfo);
    await page.goto(`/${empty}/-/issues`);
    await expect(page.getByRole('heading', { name: 'There are no issues to show' })).toBeVisible();
    if (KEEP_SCREENSHOTS) await page.screenshot({ path: `${SHOTS}/empty-${testInfo.project.name}.png` });
  });

  test('@narrow bulk edit, manual reorder and CSV export', async ({ page }, testInfo) => {
    await signInViaApi(page, 'alice');
    const project = await ownProject(page, testInfo);
    for (const title of ['One', 'Two', 'Three']) await createIssue(page, project, { title });

    await page.goto(`/${project}/-/issues?sort=title_asc`);
    await expect(rows(page)).toHaveCount(3);
    await page.getByRole('button', { name: 'Bulk edit' }).click();
    await page.getByRole('checkbox', { name: 'Select One' }).check({ force: true });
    await page.getByRole('checkbox', { name: 'Select Two' }).check({ force: true });
    const panel = page.getByRole('complementary', { name: 'Bulk edit' });
    await panel.getByRole('button', { name: /Weight/ }).click();
    await page.getByRole('option', { name: '8', exact: true }).click();
    await panel.getByRole('button', { name: /Status/ }).click();
    await page.getByRole('option', { name: 'Closed' }).click();
    await panel.getByRole('button', { name: 'Update all' }).click();
    await expect(page.getByText('2 issues updated')).toBeVisible();
    await expect.poll(() => titles(page)).toEqual(['Three']);
    await page.getByRole('button', { name: 'Cancel editing' }).click();
    await tab(page, /Closed\s*2/).click();
    await expect.poll(() => titles(page)).toEqual(['One', 'Two']);
    await expect(rows(page).first().getByTitle('Weight')).toContainText('8');

    // Manual order: Alt+ArrowUp moves the focused issue up.
    await page.goto(`/${project}/-/issues?state=all&sort=relative_position`);
    await expect(rows(page)).toHaveCount(3);
    const before = await titles(page);
    await rows(page).nth(1).locator('[data-row-focus]').focus();
    const moved = nextSave(page, '/reorder');
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => titles(page)).toEqual([before[1], before[0], before[2]]);
    expect((await moved).ok()).toBe(true);
    await page.reload();
    await expect.poll(() => titles(page)).toEqual([before[1], before[0], before[2]]);

    // CSV export of the current filter, as a download.
    await page.goto(`/${project}/-/issues?state=closed`);
    await expect(rows(page)).toHaveCount(2);
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export as CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/_issues_\d{4}-\d\d-\d\d\.csv$/);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const csv = await readFile(path, 'utf8');
    expect(csv.split('\n')[0]).toMatch(/^Title,Description,Issue ID,URL,State,/);
    expect(csv).toContain('One');
    expect(csv).not.toContain('Three');
  });

  test('@narrow a long title is cut with an ellipsis and never widens the page', async ({ page }, testInfo) => {
    await signInViaApi(page, 'alice');
    const project = await ownProject(page, testInfo);
    const title = 'Speed up the notification settings of every project in the whole group hierarchy';
    await createIssue(page, project, { title, labels: ['security'] });
    await page.goto(`/${project}/-/issues`);
    await expect(rows(page).getByRole('link', { name: title })).toBeVisible();
    // No sideways scrolling: the row wraps or cuts inside the column instead of widening it.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      await page.evaluate(() => document.documentElement.clientWidth),
    );
    const box = await rows(page).first().boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  });

  test('@narrow the group list shows subgroups and asks for the project', async ({ page }) => {
    await signInViaApi(page, 'alice');
    await page.goto('/groups/acme/-/issues');
    await expect(rows(page).first()).toBeVisible();
    await expect(rows(page).first()).toContainText(/acme\/[\w/-]+#\d+/);
    await page.getByRole('button', { name: 'Select project to create issue' }).click();
    await expect(page.getByRole('dialog', { name: 'New issue' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
