import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { addDays, DEMO_TODAY, expect, test } from './demo-today.ts';
import { graphql, KEEP_SCREENSHOTS, signInViaApi } from './fixtures.ts';

const SHOTS = '/tmp/shots/issue-sidebar';
const PROJECT = 'acme/platform/web';

type CreatedIssue = { createIssue: { issue: { iid: string; reference: string }; errors: string[] } };

/** An issue of acme/platform/web made by alice for this journey. */
async function createIssue(page: Page, title: string) {
  const data = await graphql<CreatedIssue>(
    page,
    'mutation($input: CreateIssueInput!) { createIssue(input: $input) { issue { iid reference } errors } }',
    { input: { projectPath: PROJECT, title } },
  );
  expect(data.createIssue.errors).toEqual([]);
  return data.createIssue.issue;
}

async function createEpic(page: Page, title: string) {
  const data = await graphql<{ createEpic: { errors: string[] } }>(
    page,
    'mutation($input: CreateEpicInput!) { createEpic(input: $input) { epic { iid } errors } }',
    { input: { groupPath: 'acme', title } },
  );
  expect(data.createEpic.errors).toEqual([]);
}

/** A screenshot of the whole page (the viewport grows to the page's height; see epic-sidebar.e2e.ts). */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (!KEEP_SCREENSHOTS) return;
  const viewport = page.viewportSize() ?? { width: 1440, height: 900 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const grow = testInfo.project.name === 'desktop' && height > viewport.height;
  if (grow) await page.setViewportSize({ width: viewport.width, height });
  await page.screenshot({ path: `${SHOTS}/${name}-${testInfo.project.name}.png` });
  if (grow) await page.setViewportSize(viewport);
}

async function expectNoSeriousAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const section = (scope: Locator, name: string) => scope.getByRole('region', { name, exact: true });

/** Picks the first suggestion for `text` in a sidebar picker (keyboard only). */
async function pick(scope: Locator, label: string, text: string, option: string | RegExp) {
  const box = scope.getByRole('combobox', { name: label });
  await box.fill(text);
  const first = scope.page().getByRole('listbox').getByRole('option', { name: option }).first();
  // The suggestions open as you type; ArrowDown opens them too and moves to the first one.
  await expect(async () => {
    if (!(await first.isVisible())) await box.press('ArrowDown');
    await expect(first).toBeVisible({ timeout: 1000 });
  }).toPass();
  if (!(await box.getAttribute('aria-activedescendant'))) await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
  await box.press('Enter');
}

test('@narrow alice edits an issue sidebar and links a blocking issue', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signInViaApi(page, 'alice');
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const issue = await createIssue(page, `Sidebar journey ${stamp}`);
  const blocker = await createIssue(page, `Blocker ${stamp} ${'with a very long title '.repeat(4)}`);
  const epicTitle = `Sidebar epic ${stamp}`;
  await createEpic(page, epicTitle);
  await page.goto(`/${PROJECT}/-/issues/${issue.iid}`);
  await expect(page.getByRole('heading', { level: 1, name: `Sidebar journey ${stamp}` })).toBeVisible();

  const narrow = testInfo.project.name === 'narrow';
  if (narrow) await page.getByRole('button', { name: 'Expand sidebar' }).first().click();
  const sidebar = narrow
    ? page.getByRole('dialog', { name: 'Issue details' })
    : page.getByRole('complementary', { name: 'Issue details' });
  await expect(section(sidebar, 'Time tracking')).toContainText('No estimate or time spent');
  await shot(page, testInfo, '01-empty');

  // Assignee: alice assigns herself, then adds bob with the picker.
  const assignees = section(sidebar, 'Assignees');
  await assignees.getByRole('button', { name: 'assign yourself' }).click();
  await expect(assignees).toContainText('Alice Anderson');
  await assignees.getByRole('button', { name: 'Edit assignees' }).click();
  await pick(assignees, 'Assign a user', 'bob', /Bob Brown/);
  await expect(assignees.getByRole('heading', { name: '2 Assignees' })).toBeVisible();
  await expect(assignees.getByRole('button', { name: 'Edit assignees' })).toBeFocused();

  // Labels.
  await section(sidebar, 'Labels').getByRole('button', { name: 'Edit labels' }).click();
  const labelPicker = page.getByRole('dialog', { name: 'Assign labels' });
  await labelPicker
    .getByRole('listbox', { name: 'Labels' })
    .getByRole('option', { name: 'security', exact: true })
    .click();
  await page.keyboard.press('Escape');
  await expect(section(sidebar, 'Labels').getByText('security', { exact: true })).toBeVisible();

  // Milestone.
  const milestone = section(sidebar, 'Milestone');
  await milestone.getByRole('button', { name: 'Edit milestone' }).click();
  await pick(milestone, 'Assign milestone', 'Acme backlog', 'Acme backlog');
  await expect(milestone.getByRole('link', { name: 'Acme backlog' })).toBeVisible();

  // Weight: over the sidebar's maximum is refused with a message, then 3 is saved.
  const weight = section(sidebar, 'Weight');
  await weight.getByRole('button', { name: 'Edit weight' }).click();
  await weight.getByRole('textbox', { name: 'Weight' }).fill('100000');
  await weight.getByRole('textbox', { name: 'Weight' }).press('Enter');
  await expect(weight).toContainText('Weight must be 99999 or less.');
  await weight.getByRole('textbox', { name: 'Weight' }).fill('3');
  await weight.getByRole('textbox', { name: 'Weight' }).press('Enter');
  await expect(weight).toContainText('3');
  await expect(weight.getByRole('button', { name: 'Edit weight' })).toBeFocused();

  // Due date: tomorrow reads 'Tomorrow'.
  const due = section(sidebar, 'Due date');
  await due.getByRole('button', { name: 'Edit due date' }).click();
  await due.getByRole('textbox', { name: 'Due date' }).fill(addDays(DEMO_TODAY, 1));
  await due.getByRole('textbox', { name: 'Due date' }).press('Enter');
  await due.getByRole('button', { name: 'Save' }).click();
  await expect(due).toContainText('Tomorrow');

  // Health status.
  const health = section(sidebar, 'Health status');
  await health.getByRole('button', { name: 'Edit health status' }).click();
  await health.getByRole('button', { name: /Health status/ }).click();
  await page.getByRole('option', { name: 'At risk' }).click();
  // The chosen option shows in the select at once; the save is done when Edit is back (its form
  // closing moves the sections below up, so a click on Epic before then can miss; a CI run did).
  await expect(health.getByRole('button', { name: 'Edit health status' })).toBeFocused();
  await expect(health).toContainText('At risk');

  // Epic.
  const epic = section(sidebar, 'Epic');
  await epic.getByRole('button', { name: 'Edit epic' }).click();
  await pick(epic, 'Assign epic', epicTitle, epicTitle);
  await expect(epic.getByRole('link', { name: epicTitle })).toBeVisible();

  // Time tracking: estimate 1w 2d, then 3h spent.
  const time = section(sidebar, 'Time tracking');
  await time.getByRole('button', { name: 'Set estimate' }).click();
  await time.getByRole('textbox', { name: 'Estimate' }).fill('1w 2d');
  await time.getByRole('textbox', { name: 'Estimate' }).press('Enter');
  await expect(time.getByRole('definition')).toHaveText(['0h', '1w 2d']);
  await time.getByRole('button', { name: 'Add time spent' }).click();
  await time.getByRole('textbox', { name: 'Time spent' }).fill('3h');
  await time.getByRole('textbox', { name: 'Summary (optional)' }).fill('Pairing');
  await time.getByRole('button', { name: 'Save' }).click();
  await expect(time.getByRole('definition')).toHaveText(['3h', '1w 2d']);
  await expect(time.getByRole('progressbar', { name: 'Time spent of the estimate' })).toBeVisible();

  // Confidentiality, after a confirmation.
  const confidentiality = section(sidebar, 'Confidentiality');
  await confidentiality.getByRole('button', { name: 'Edit confidentiality' }).click();
  await confidentiality.getByRole('button', { name: 'Turn on' }).click();
  await expect(confidentiality).toContainText('Only project members with at least the Reporter role');
  await shot(page, testInfo, '02-filled');
  await expectNoSeriousAxeViolations(page);

  if (narrow) await page.getByRole('button', { name: 'Collapse sidebar' }).click();

  // Related issues: the blocker is added as 'is blocked by'; the popover lists it.
  const related = page.locator('#related-issues');
  await related.getByRole('button', { name: 'Add linked issue' }).click();
  await related.getByText('is blocked by', { exact: true }).click();
  await expect(related.getByRole('radio', { name: 'is blocked by' })).toBeChecked();
  const refs = related.getByRole('textbox', { name: 'the following issues' });
  await refs.fill(`#${blocker.iid}`);
  await related.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(related.getByRole('region', { name: 'Is blocked by' })).toContainText(`#${blocker.iid}`);
  const blocked = related.getByRole('button', { name: 'Blocked by 1 issue' });
  await blocked.focus();
  await page.keyboard.press('Enter');
  const popover = page.getByRole('dialog', { name: 'Blocked by 1 issue' });
  await expect(popover.getByRole('link', { name: /^Blocker / })).toHaveText(/…$/);
  await shot(page, testInfo, '03-blocking-popover');
  await expectNoSeriousAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(popover).toHaveCount(0);
});
