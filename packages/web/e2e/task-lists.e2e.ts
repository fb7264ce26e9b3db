import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { graphql, KEEP_SCREENSHOTS, signInViaApi } from './fixtures.ts';

const SHOTS = '/tmp/shots/task-lists';
const PROJECT = 'acme/platform/web';

async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (!KEEP_SCREENSHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-${testInfo.project.name}.png`, fullPage: true });
}

/** Axe on the page, or on one part of it (`include`: a selector). */
async function expectNoSeriousAxeViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).exclude('[role="log"][aria-live]');
  const result = await (include ? builder.include(include) : builder).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`)).toEqual([]);
}

/** Creates an issue in acme/platform/web as the signed-in user; returns its iid. */
async function createIssue(page: Page, title: string, description: string): Promise<string> {
  const data = await graphql<{ createIssue: { issue: { iid: string }; errors: string[] } }>(
    page,
    'mutation($input: CreateIssueInput!) { createIssue(input: $input) { issue { iid } errors } }',
    { input: { projectPath: PROJECT, title, description } },
  );
  expect(data.createIssue.errors).toEqual([]);
  return data.createIssue.issue.iid;
}

async function descriptionOf(page: Page, iid: string): Promise<string> {
  const data = await graphql<{ project: { issue: { description: string } } }>(
    page,
    'query($p: ID!, $iid: String!) { project(fullPath: $p) { issue(iid: $iid) { description } } }',
    { p: PROJECT, iid },
  );
  return data.project.issue.description;
}

test.describe('task lists and work items', () => {
  // Each journey saves several times and re-reads the page: two workers on two busy cores.
  test.slow();

  test('@narrow alice ticks a checklist item; a concurrent edit answers a conflict', async ({ page }, testInfo) => {
    await signInViaApi(page, 'alice');
    const iid = await createIssue(
      page,
      `Checklist ${testInfo.project.name}`,
      'Release steps:\n\n- [ ] Write notes\n- [x] Tag build\n- [ ] Announce',
    );
    await page.goto(`/${PROJECT}/-/issues/${iid}`);
    await expect(page.getByText('1 of 3 checklist items completed')).toBeVisible();

    const notes = page.getByRole('checkbox', { name: 'Write notes' });
    await expect(notes).toBeEnabled();
    await notes.check();
    await expect(page.getByText('2 of 3 checklist items completed')).toBeVisible();
    await expect(notes).toBeChecked();
    expect(await descriptionOf(page, iid)).toBe('Release steps:\n\n- [x] Write notes\n- [x] Tag build\n- [ ] Announce');
    await shot(page, testInfo, '01-checked');
    await expectNoSeriousAxeViolations(page);

    // Someone else inserts a line above before the page hears of it (its polling held back): the
    // page's line numbers are stale, and nothing is overwritten.
    await page.route('**/realtime_changes', (route) => route.abort());
    await graphql(page, 'mutation($input: UpdateIssueInput!) { updateIssue(input: $input) { errors } }', {
      input: {
        projectPath: PROJECT,
        iid,
        description: 'Release steps:\n\n- [ ] Check CI\n- [x] Write notes\n- [x] Tag build\n- [ ] Announce',
      },
    });
    await page.getByRole('checkbox', { name: 'Announce' }).check();
    await expect(
      page.getByText(
        'Someone edited this issue at the same time you did. The description has been updated and you will need to make your changes again.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Check CI' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Announce' })).not.toBeChecked();
    expect(await descriptionOf(page, iid)).toContain('- [ ] Check CI');
    await shot(page, testInfo, '02-conflict');
  });

  test('@narrow alice converts a task into a child item, opens it, and undoes another', async ({ page }, testInfo) => {
    await signInViaApi(page, 'alice');
    const iid = await createIssue(
      page,
      `Convert ${testInfo.project.name}`,
      '- [ ] Draft the migration\n- [ ] Review the plan\n- [ ] Keep me',
    );
    await page.goto(`/${PROJECT}/-/issues/${iid}`);
    const item = page.locator('li.task-list-item', { hasText: 'Draft the migration' });
    await item.hover();
    await item.getByRole('button', { name: 'Task actions' }).click();
    await page.getByRole('menuitem', { name: 'Convert to child item' }).click();
    await expect(page.getByText('Converted to task')).toBeVisible();

    const children = page.getByRole('region', { name: 'Child items' });
    const child = children.getByRole('link', { name: 'Draft the migration' });
    await expect(child).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Draft the migration' })).toHaveCount(0);
    expect(await descriptionOf(page, iid)).toBe('- [ ] Review the plan\n- [ ] Keep me');
    await shot(page, testInfo, '03-converted');

    // Undo the next one: the line comes back and the task goes.
    const review = page.locator('li.task-list-item', { hasText: 'Review the plan' });
    await review.hover();
    await review.getByRole('button', { name: 'Task actions' }).click();
    await page.getByRole('menuitem', { name: 'Convert to child item' }).click();
    await expect(children.getByRole('link', { name: 'Review the plan' })).toBeVisible();
    // The first conversion's toast may still be up: this one is the last.
    await page.getByRole('button', { name: 'Undo' }).last().click();
    await expect(page.getByText('Task reverted')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Review the plan' })).toBeVisible();
    await expect(children.getByRole('link', { name: 'Review the plan' })).toHaveCount(0);
    expect(await descriptionOf(page, iid)).toBe('- [ ] Review the plan\n- [ ] Keep me');

    // The child's own page: the work item page, with its parent.
    await child.click();
    await expect(page).toHaveURL(new RegExp(`/${PROJECT}/-/work_items/\\d+$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Draft the migration' })).toBeVisible();
    await expect(page.getByText('Parent:')).toBeVisible();
    await expect(page.getByRole('link', { name: `Convert ${testInfo.project.name}` })).toBeVisible();
    await shot(page, testInfo, '04-work-item-page');
    await expectNoSeriousAxeViolations(page);
  });

  test('alice drags a list item to a new place', async ({ page }, testInfo) => {
    await signInViaApi(page, 'alice');
    const iid = await createIssue(page, `Reorder ${testInfo.project.name}`, '- [ ] First\n- [ ] Second\n- [ ] Third');
    await page.goto(`/${PROJECT}/-/issues/${iid}`);
    const third = page.locator('li.task-list-item', { hasText: 'Third' });
    await third.hover();
    await third.locator('[draggable="true"]').dragTo(page.locator('li.task-list-item', { hasText: 'First' }));
    await expect.poll(() => descriptionOf(page, iid)).toBe('- [ ] Third\n- [ ] First\n- [ ] Second');
    await expect(page.locator('li.task-list-item').first()).toContainText('Third');
    await shot(page, testInfo, '05-reordered');
  });

  test('@narrow alice ticks a checklist item of an epic', async ({ page }, testInfo) => {
    await signInViaApi(page, 'alice');
    const data = await graphql<{ createEpic: { epic: { iid: string }; errors: string[] } }>(
      page,
      'mutation($input: CreateEpicInput!) { createEpic(input: $input) { epic { iid } errors } }',
      {
        input: {
          groupPath: 'acme',
          title: `Epic checklist ${testInfo.project.name}`,
          description: '- [ ] Scope\n- [ ] Staff',
        },
      },
    );
    expect(data.createEpic.errors).toEqual([]);
    await page.goto(`/groups/acme/-/epics/${data.createEpic.epic.iid}`);
    await page.getByRole('checkbox', { name: 'Staff' }).check();
    await expect(page.getByRole('checkbox', { name: 'Staff' })).toBeChecked();
    await expect
      .poll(async () => {
        const read = await graphql<{ group: { epic: { description: string } } }>(
          page,
          'query($iid: ID!) { group(fullPath: "acme") { epic(iid: $iid) { description } } }',
          { iid: data.createEpic.epic.iid },
        );
        return read.group.epic.description;
      })
      .toBe('- [ ] Scope\n- [x] Staff');
    await shot(page, testInfo, '06-epic');
    // The description only: the epic page's other parts are checked by their own journeys.
    await expectNoSeriousAxeViolations(page, '[data-task-list]');
  });

  test('a signed-out visitor reads checklists without controls', async ({ page }) => {
    await signInViaApi(page, 'alice');
    const iid = await createIssue(page, 'Read-only checklist', '- [ ] Look only');
    await page.context().clearCookies();
    await page.goto(`/${PROJECT}/-/issues/${iid}`);
    await expect(page.getByRole('checkbox', { name: 'Look only' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Task actions' })).toHaveCount(0);
  });
});
