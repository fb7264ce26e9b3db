import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './demo-today.ts';
import { KEEP_SCREENSHOTS, restPost, signInViaApi } from './fixtures.ts';

const SHOTS = '/tmp/shots/labels-milestones';

// Each journey walks a whole life (a dozen saves and reloads): more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });
const PROJECT = 'acme/platform/api';

async function expectNoSeriousAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a label’s life: create (colour checked), prioritize, subscribe, edit, promote, delete @narrow', async ({
  page,
}, testInfo) => {
  const name = testInfo.project.name;
  const title = `e2e-label-${name}-${Date.now()}`;
  await signInViaApi(page, 'alice');
  await page.goto(`/${PROJECT}/-/labels`);
  await expect(page.getByRole('heading', { level: 1, name: 'Labels' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Prioritized labels' })).toBeVisible();

  await page.getByRole('button', { name: 'New label' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New label' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Color value' }).fill('blue-ish');
  await expect(dialog.getByText('Enter a color that starts with #, rgb or rgba, such as #FF0000.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create label' })).toBeDisabled();
  if (KEEP_SCREENSHOTS) await page.screenshot({ path: `${SHOTS}/label-form-invalid-${name}.png` });
  await dialog.getByRole('textbox', { name: 'Color value' }).fill('rgb(300, 0, 0)');
  await dialog.getByRole('button', { name: 'Create label' }).click();
  await expect(dialog.getByText('Color must be a valid color code')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
  await dialog.getByRole('textbox', { name: 'Color value' }).fill('rgba(0, 128, 0, 1)');
  await dialog.getByRole('button', { name: 'Create label' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Filter labels' }).fill(title);
  await expect(page).toHaveURL(/search=/);
  await expect(page.getByRole('heading', { level: 2, name: 'Other labels' })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Group label' })).toHaveCount(0);
  await row.getByRole('button', { name: 'Subscribe' }).click();
  await expect(row.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
  await row.getByRole('button', { name: 'Prioritize' }).click();
  const ranked = page.getByRole('grid', { name: 'Prioritized labels' });
  await expect(ranked.getByRole('row').filter({ hasText: title })).toBeVisible();
  if (KEEP_SCREENSHOTS) await page.screenshot({ path: `${SHOTS}/labels-${name}.png`, fullPage: true });
  await expectNoSeriousAxeViolations(page);

  const rankedRow = ranked.getByRole('row').filter({ hasText: title });
  await rankedRow.getByRole('button', { name: `Actions for label ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit label' });
  await edit.getByRole('textbox', { name: 'Description' }).fill('Made by the label journey');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(rankedRow.getByText('Made by the label journey')).toBeVisible();

  await rankedRow.getByRole('button', { name: `Actions for label ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Promote to group label' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Promote to group label' }).click();
  await expect(rankedRow.getByText('Group label')).toBeVisible();

  // The promoted label lives in the group now: delete it there.
  await page.goto(`/groups/acme/platform/-/labels?search=${encodeURIComponent(title)}`);
  const groupRow = page.getByRole('listitem').filter({ hasText: title });
  await groupRow.getByRole('button', { name: `Actions for label ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete label' }).click();
  await expect(page.getByText('No labels with such name or description')).toBeVisible();
});

test('a milestone’s life: create, detail with burndown, close, reopen, promote, delete @narrow', async ({
  page,
}, testInfo) => {
  const name = testInfo.project.name;
  const title = `E2E milestone ${name} ${Date.now()}`;
  await signInViaApi(page, 'alice');
  await page.goto(`/${PROJECT}/-/milestones`);
  await expect(page.getByRole('heading', { level: 1, name: 'Milestones' })).toBeVisible();
  if (KEEP_SCREENSHOTS) await page.screenshot({ path: `${SHOTS}/milestones-${name}.png`, fullPage: true });
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('button', { name: 'New milestone' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New milestone' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('button', { name: 'Create milestone' }).click();
  await expect(dialog).toBeHidden();

  // The click waits for the search's answer, as a reader waits for the list to change (a click
  // while the answer was on its way once did not navigate; not seen since).
  const searched = page.waitForResponse(
    (response) => /\/milestones\?/.test(response.url()) && response.url().includes('search='),
  );
  await page.getByRole('searchbox', { name: 'Search by title or description' }).fill(title);
  await expect(page).toHaveURL(/search=/);
  await searched;
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const id = Number(page.url().match(/milestones\/(\d+)$/)?.[1]);
  expect(id).toBeGreaterThan(0);

  // Two issues in it, one closed: the progress and the chart follow.
  const project = encodeURIComponent(PROJECT);
  const milestones = await page.request.get(`/api/v4/projects/${project}/milestones?iids[]=${id}`);
  const milestoneId = ((await milestones.json()) as { id: number }[])[0]?.id;
  await restPost(page, `/projects/${project}/issues`, { title: `${title} open`, milestone_id: milestoneId, weight: 3 });
  const closed = await restPost<{ iid: number }>(page, `/projects/${project}/issues`, {
    title: `${title} done`,
    milestone_id: milestoneId,
    weight: 1,
  });
  const cookies = await page.context().cookies();
  const csrf = cookies.find((c) => c.name === '_milepost_csrf')?.value ?? '';
  await page.request.put(`/api/v4/projects/${project}/issues/${closed.iid}`, {
    data: { state_event: 'close' },
    headers: { 'X-CSRF-Token': csrf },
  });
  await page.reload();
  await expect(page.getByText('50% complete')).toBeVisible();
  await expect(page.getByText('1 of 4 closed')).toBeVisible();
  await expect(page.getByRole('img', { name: /Burndown chart/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Completed Issues \(closed\)/ })).toBeVisible();
  await page.getByRole('button', { name: 'Issue weight' }).click();
  await expect(page.getByRole('img', { name: 'Burndown chart: open issue weight per day' })).toBeVisible();
  if (KEEP_SCREENSHOTS) await page.screenshot({ path: `${SHOTS}/milestone-${name}.png`, fullPage: true });
  await expectNoSeriousAxeViolations(page);

  // The actions menu, opened again if a re-render closed it before the item was chosen.
  const choose = async (item: string) =>
    await expect(async () => {
      await page.getByRole('button', { name: `Actions for milestone ${title}` }).click();
      await page.getByRole('menuitem', { name: item }).click({ timeout: 2000 });
    }).toPass();
  await choose('Close');
  await expect(page.getByText('Closed', { exact: true })).toBeVisible();
  await choose('Reopen');
  await expect(page.getByText('Closed', { exact: true })).toBeHidden();

  await choose('Promote to group milestone');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Promote milestone' }).click();
  await expect(page).toHaveURL(/\/groups\/acme\/platform\/-\/milestones\/\d+$/);
  await expect(page.getByText('50% complete')).toBeVisible();

  await expect(page.getByRole('alertdialog')).toBeHidden();
  await choose('Delete');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete milestone' }).click();
  await expect(page).toHaveURL(/\/groups\/acme\/platform\/-\/milestones$/);
});

test('a missing milestone is the not-found page, and a Guest sees no write actions', async ({ page }) => {
  await signInViaApi(page, 'erin');
  await page.goto(`/${PROJECT}/-/milestones/999999`);
  await expect(page.getByRole('heading', { level: 1, name: /not found/i })).toBeVisible();
  await page.goto(`/${PROJECT}/-/labels`);
  await expect(page.getByRole('heading', { level: 1, name: 'Labels' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New label' })).toHaveCount(0);
});
