import type { Page } from '@playwright/test';
import { expect, test } from './demo-today.ts';
import { graphql, KEEP_SCREENSHOTS, nextSave, signInViaApi } from './fixtures.ts';

const SHOTS = '/tmp/shots/epic-tree';
const EPIC_URL = '/groups/acme/-/epics/1';

/** Screenshots of the current state at 1440 × 900 and 390 × 844 (then back to the test's own size). */
async function shots(page: Page, name: string) {
  if (!KEEP_SCREENSHOTS) return;
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

const tree = (page: Page) => page.getByRole('treegrid', { name: 'Child issues and epics' });
const row = (page: Page, title: string) =>
  tree(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) });

/** A fresh issue in one of acme's projects, made through the API, to add by reference. */
async function createLooseIssue(page: Page, title: string): Promise<string> {
  const data = await graphql<{ group: { projects: { nodes: { fullPath: string }[] } } }>(
    page,
    'query { group(fullPath: "acme") { projects(includeSubgroups: false, first: 1) { nodes { fullPath } } } }',
  );
  const projectPath = data.group.projects.nodes[0]?.fullPath ?? '';
  const created = await graphql<{ createIssue: { issue: { reference: string }; errors: string[] } }>(
    page,
    'mutation($input: CreateIssueInput!) { createIssue(input: $input) { issue { reference(full: true) } errors } }',
    { input: { projectPath, title } },
  );
  return created.createIssue.issue.reference;
}

test.describe('the epic tree', () => {
  test('shows, expands, labels, and switches to the roadmap', async ({ page }) => {
    await signInViaApi(page, 'alice');
    await page.goto(EPIC_URL);
    await expect(page.getByRole('heading', { name: 'Child issues and epics', level: 2 })).toBeVisible();
    await expect(row(page, 'Service mesh rollout')).toBeVisible();
    await expect(row(page, 'Database upgrade')).toBeVisible();
    // Epics come first.
    const firstRowLink = tree(page).getByRole('row').first().getByRole('link').first();
    await expect(firstRowLink).toHaveAttribute('href', /\/-\/epics\//);
    await shots(page, '01-tree');

    // Expand with the mouse, then the keyboard: arrow keys move between rows, Right expands.
    const mesh = row(page, 'Service mesh rollout');
    await mesh.getByRole('button', { name: /^Expand/ }).click();
    await expect(row(page, 'Traffic shadowing')).toBeVisible();
    await expect(mesh).toHaveAttribute('aria-expanded', 'true');
    await shots(page, '02-expanded');
    await mesh.getByRole('button', { name: /^Collapse/ }).click();
    await expect(row(page, 'Traffic shadowing')).toHaveCount(0);
    await mesh.focus();
    await page.keyboard.press('ArrowRight');
    await expect(row(page, 'Traffic shadowing')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(row(page, 'Traffic shadowing')).toHaveCount(0);
    await page.keyboard.press('ArrowDown');
    await expect(row(page, 'Database upgrade')).toBeFocused();

    // Labels, remembered across visits.
    await expect(mesh.getByRole('list', { name: 'Labels' })).toHaveCount(0);
    await page.getByText('Show labels', { exact: true }).click();
    await expect(page.getByRole('switch', { name: 'Show labels' })).toBeChecked();
    await expect(mesh.getByRole('list', { name: 'Labels' }).getByText('backend')).toBeVisible();
    await shots(page, '03-labels');
    await page.reload();
    await expect(row(page, 'Service mesh rollout').getByRole('list', { name: 'Labels' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('gl-show-board-labels'))).toBe('true');

    // The roadmap of the child epics, on its own tab (three years: the demo's epics span them).
    await page.goto(`${EPIC_URL}?timeframe_range_type=THREE_YEARS`);
    await page.getByRole('tab', { name: 'Roadmap view' }).click();
    const children = page.getByRole('list', { name: 'Child epics' });
    await expect(children.getByRole('listitem', { name: /^Service mesh rollout,/ })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Show labels' })).toHaveCount(0);
    await shots(page, '04-roadmap-tab');
  });

  test('adds, creates, reorders and removes child items', async ({ page }) => {
    await signInViaApi(page, 'alice');
    const reference = await createLooseIssue(page, 'E2E loose issue');
    await page.goto(EPIC_URL);
    await expect(row(page, 'Service mesh rollout')).toBeVisible();
    const addMenu = page.getByRole('button', { name: 'Add', exact: true }).first();

    // The Add menu.
    await addMenu.click();
    await expect(page.getByRole('menuitem')).toHaveText([
      'Add a new issue',
      'Add an existing issue',
      'Add an existing epic',
      'Add a new epic',
    ]);
    await shots(page, '05-add-menu');

    // Add an existing issue by reference; a reference that does not exist first.
    await page.getByRole('menuitem', { name: 'Add an existing issue' }).click();
    const addForm = page.getByRole('form', { name: 'Add existing issue' });
    const submit = addForm.getByRole('button', { name: 'Add', exact: true });
    await expect(submit).toBeDisabled();
    await addForm.getByRole('textbox').fill('acme/nothing-here#999');
    await submit.click();
    await expect(
      addForm.getByText('No matching issue found. Make sure that you are adding a valid issue URL.'),
    ).toBeVisible();
    await shots(page, '06-add-existing-error');
    await addForm.getByRole('button', { name: 'Remove acme/nothing-here#999' }).click();
    await addForm.getByRole('textbox').fill(`${reference} `);
    await expect(addForm.getByRole('list', { name: 'Pending issue references' })).toContainText(reference);
    await shots(page, '07-add-existing-pending');
    await submit.click();
    await expect(addForm).toHaveCount(0);
    await expect(row(page, 'E2E loose issue')).toBeVisible();

    // Create a child epic.
    await addMenu.click();
    await page.getByRole('menuitem', { name: 'Add a new epic' }).click();
    const epicForm = page.getByRole('form', { name: 'Create new epic' });
    await expect(epicForm.getByPlaceholder('Search a group')).toBeVisible();
    await expect(epicForm.getByRole('button', { name: 'Create epic' })).toBeDisabled();
    await epicForm.getByRole('textbox', { name: 'Title' }).fill('  E2E child epic  ');
    await shots(page, '08-create-epic');
    await epicForm.getByRole('button', { name: 'Create epic' }).click();
    await expect(epicForm).toHaveCount(0);
    await expect(row(page, 'E2E child epic')).toBeVisible();

    // Create an issue in a chosen project.
    await addMenu.click();
    await page.getByRole('menuitem', { name: 'Add a new issue' }).click();
    const issueForm = page.getByRole('form', { name: 'Create new issue' });
    const create = issueForm.getByRole('button', { name: 'Create issue' });
    await issueForm.getByRole('textbox', { name: 'Title' }).fill('E2E created issue');
    const picker = issueForm.getByPlaceholder('Select a project');
    await picker.fill('');
    await picker.click();
    await page.getByRole('option').first().click();
    await expect(create).toBeEnabled();
    await shots(page, '09-create-issue');
    await create.click();
    await expect(issueForm).toHaveCount(0);
    await expect(row(page, 'E2E created issue')).toBeVisible();

    // Reorder with the keyboard-reachable move buttons: the new issue moves one place (it sticks).
    const issueTitles = () =>
      tree(page)
        .locator('[role="row"]:has([data-kind="issue"])')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label')));
    const position = async () => (await issueTitles()).indexOf('E2E created issue');
    const index = await position();
    expect(index).toBeGreaterThanOrEqual(0);
    const direction = index === 0 ? 'down' : 'up';
    const expected = direction === 'down' ? index + 1 : index - 1;
    // Keyboard only: focus the row, Right arrow into its controls until the move button, Enter.
    const created = row(page, 'E2E created issue');
    const moveButton = created.getByRole('button', { name: `Move E2E created issue ${direction}` });
    await created.focus();
    for (let i = 0; i < 12; i += 1) {
      if (await moveButton.evaluate((el) => el === document.activeElement)) break;
      await page.keyboard.press('ArrowRight');
    }
    await expect(moveButton).toBeFocused();
    // The move is shown at once and saved after: the reload waits for the save's answer.
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/graphql') &&
        (response.request().postData() ?? '').includes('EpicTreeReorderMutation'),
    );
    await page.keyboard.press('Enter');
    await expect.poll(position).toBe(expected);
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await expect(row(page, 'E2E created issue')).toBeVisible();
    await expect.poll(position).toBe(expected);

    // Drag and drop: the created issue onto the new child epic moves it there. The linked items above
    // the tree answer after it and can change its place then: measure once they are in.
    await expect(page.getByRole('region', { name: 'Linked items' }).getByRole('status')).toHaveCount(0);
    const handle = await row(page, 'E2E created issue')
      .getByRole('button', { name: 'Drag E2E created issue' })
      .boundingBox();
    const target = await row(page, 'E2E child epic').getByRole('link', { name: 'E2E child epic' }).boundingBox();
    if (!handle || !target) throw new Error('rows not laid out');
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 10 });
    await page.mouse.move(target.x + target.width / 2 + 2, target.y + target.height / 2, { steps: 2 });
    // The row leaves at once and the move is saved after: the child epic's children, read from the
    // server when it expands, have the issue only once the save has answered.
    const dropped = nextSave(page, 'EpicTreeReorderMutation');
    await page.mouse.up();
    await expect(row(page, 'E2E created issue')).toHaveCount(0);
    expect((await dropped).ok()).toBe(true);
    const childEpic = row(page, 'E2E child epic');
    await childEpic.getByRole('button', { name: /^Expand/ }).click();
    await expect(row(page, 'E2E created issue')).toHaveAttribute('aria-level', '2');
    await shots(page, '10-moved-by-drag');

    // Remove the issue added by reference.
    await row(page, 'E2E loose issue').getByRole('button', { name: 'Remove E2E loose issue' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove issue' });
    await expect(dialog).toContainText('Are you sure you want to remove E2E loose issue');
    await shots(page, '11-remove-modal');
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(row(page, 'E2E loose issue')).toHaveCount(0);

    // An epic with children gets the stronger warning.
    await row(page, 'Service mesh rollout').getByRole('button', { name: 'Remove Service mesh rollout' }).click();
    const epicDialog = page.getByRole('alertdialog', { name: 'Remove epic' });
    await expect(epicDialog).toContainText('has child items of its own');
    await shots(page, '12-remove-epic-with-children');
    await epicDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(row(page, 'Service mesh rollout')).toBeVisible();
  });

  test('an epic without children shows the empty state', async ({ page }) => {
    await signInViaApi(page, 'alice');
    const created = await graphql<{ createEpic: { epic: { iid: string } } }>(
      page,
      'mutation { createEpic(input: { groupPath: "acme", title: "E2E empty epic" }) { epic { iid } errors } }',
    );
    await page.goto(`/groups/acme/-/epics/${created.createEpic.epic.iid}`);
    await expect(
      page.getByText("Link child issues and epics together to show that they're related, or that one blocks another."),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /^Learn more/ })).toBeVisible();
    await shots(page, '13-empty');
  });
});
