import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { addDays, DEMO_TODAY, expect, test } from './demo-today.ts';
import { graphql, signInViaApi } from './fixtures.ts';

/**
 * What a new user tripped over on the roadmap and the epic page (issue 15), each on its own data:
 * the milestones row (one tab stop, arrow keys, titles beside the bars, sticky, collapsed for the
 * session), the filter bar (the first suggestion highlighted and taken by Enter, 'not found'),
 * and the counts ('N outside this timeframe', the epic's Roadmap tab).
 */

const SHOTS = '/tmp/shots/roadmap-fixes';

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-${testInfo.project.name}.png` });
}

async function expectAxeClean(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`)).toEqual([]);
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A new private group of alice's, for journeys that need data of their own. */
async function createGroup(page: Page, path: string): Promise<string> {
  const data = await graphql<{ groupCreate: { group: { fullPath: string } } }>(
    page,
    'mutation($input: GroupCreateInput!) { groupCreate(input: $input) { group { fullPath } errors } }',
    { input: { name: `Group ${path}`, path, visibility: 'private' } },
  );
  return data.groupCreate.group.fullPath;
}

type EpicInput = { title: string; parentId?: string; confidential?: boolean; start?: string; due?: string };

async function createEpic(page: Page, groupPath: string, input: EpicInput): Promise<{ id: string; iid: string }> {
  const dates =
    input.start && input.due
      ? { startDateFixed: input.start, startDateIsFixed: true, dueDateFixed: input.due, dueDateIsFixed: true }
      : {};
  const data = await graphql<{ createEpic: { epic: { id: string; iid: string }; errors: string[] } }>(
    page,
    'mutation($input: CreateEpicInput!) { createEpic(input: $input) { epic { id iid } errors } }',
    {
      input: {
        groupPath,
        title: input.title,
        parentId: input.parentId,
        confidential: input.confidential ?? false,
        ...dates,
      },
    },
  );
  expect(data.createEpic.errors).toEqual([]);
  return data.createEpic.epic;
}

const epicsList = (page: Page, name = 'Epics') => page.getByRole('list', { name });
const epicRow = (page: Page, title: string, list = 'Epics') =>
  epicsList(page, list).getByRole('listitem', { name: new RegExp(`^${title},`) });

test.describe('roadmap and epic page fixes', () => {
  test('@narrow the milestones row: one tab stop, arrow keys, titles beside bars, sticky, collapsed for the session', async ({
    page,
  }, testInfo) => {
    await signInViaApi(page, 'alice');
    await page.goto('/groups/acme/-/roadmap?timeframe_range_type=THREE_YEARS&layout=QUARTERS');
    const row = page.getByRole('region', { name: 'Milestones' });
    await expect(row).toBeVisible();
    const toggle = row.getByRole('button', { name: /Milestones/ });
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    const links = row.getByRole('toolbar', { name: 'Milestones in the timeline' }).getByRole('link');
    expect(await links.count()).toBeGreaterThan(1);

    // One tab stop: Tab from the toggle enters at the first milestone, the arrows move, Tab leaves.
    await toggle.focus();
    await page.keyboard.press('Tab');
    await expect(links.first()).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(links.nth(1)).toBeFocused();
    await expect(links.nth(1)).toHaveAttribute('tabindex', '0');
    await expect(links.first()).toHaveAttribute('tabindex', '-1');
    await page.keyboard.press('End');
    await expect(links.last()).toBeFocused();
    await page.keyboard.press('Home');
    await expect(links.first()).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(row.getByRole('link').filter({ has: page.locator(':focus') })).toHaveCount(0);
    expect(await links.evaluateAll((all) => all.filter((a) => a.getAttribute('tabindex') === '0').length)).toBe(1);

    // Each title sits beside its bar, never under it.
    const first = links.first();
    const bar = await first.locator('span').first().boundingBox();
    const title = await first.locator('span').nth(1).boundingBox();
    if (!bar || !title) throw new Error('milestone not laid out');
    expect(title.x).toBeGreaterThanOrEqual(bar.x + bar.width - 1);
    expect(Math.abs(title.y + title.height / 2 - (bar.y + bar.height / 2))).toBeLessThan(6);
    await shot(page, testInfo, '01-milestones-row');

    // Sticky: scrolling the epics keeps the row under the header.
    const shell = page.getByTestId('roadmap-shell');
    const before = await row.boundingBox();
    await shell.evaluate((element) => element.scrollTo({ top: 400 }));
    await page.waitForTimeout(200);
    const after = await row.boundingBox();
    expect(after?.y).toBeCloseTo(before?.y ?? 0, 0);
    await shot(page, testInfo, '02-milestones-sticky');

    // Collapsed, it stays collapsed for the rest of the session (a reload).
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Milestones' }).getByRole('button', { name: /Milestones/ }),
    ).toHaveAttribute('aria-expanded', 'false');
    await expectAxeClean(page);
  });

  test('@narrow the filter bar highlights the first suggestion, Enter takes it; a value nothing matches is not found', async ({
    page,
  }, testInfo) => {
    await signInViaApi(page, 'alice');
    await page.goto('/groups/acme/-/roadmap');
    const input = page.getByRole('combobox', { name: /Search or filter/ });
    await input.click();
    const listbox = page.getByRole('listbox');
    await listbox.getByRole('option', { name: 'Label', exact: true }).click();
    await listbox.getByRole('option', { name: 'is', exact: true }).click();
    await page.keyboard.type('back');
    // The first suggestion is highlighted as you type (the input points at it) …
    const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(suggestions.getByRole('option').first()).toHaveAttribute('data-focused', 'true');
    const firstName = (await suggestions.getByRole('option').first().textContent()) ?? '';
    await shot(page, testInfo, '03-filter-first-highlighted');
    // … and Enter takes it.
    await page.keyboard.press('Enter');
    const chips = page.getByRole('grid', { name: 'Applied filters' });
    await expect(chips.getByRole('row')).toHaveCount(1);
    await expect(chips).toContainText(firstName.trim().slice(0, 4));

    // A label nobody has, typed in full: kept, and marked 'not found'.
    await listbox.getByRole('option', { name: 'Label', exact: true }).click();
    await listbox.getByRole('option', { name: 'is', exact: true }).click();
    await page.keyboard.type('no-such-label-xyz');
    await expect(suggestions.getByText('No suggestions found')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(chips.getByRole('row')).toHaveCount(2);
    await expect(chips.getByRole('row').last()).toContainText('no-such-label-xyz');
    await expect(chips.getByRole('row').last()).toContainText('not found');
    await shot(page, testInfo, '04-filter-not-found');
  });

  test('@narrow counts say what they count: direct child epics, N outside this timeframe, the epic Roadmap tab', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await signInViaApi(page, 'alice');
    const group = await createGroup(page, `counts-${unique()}`);
    const parent = await createEpic(page, group, {
      title: 'Counted parent',
      start: addDays(DEMO_TODAY, -20),
      due: addDays(DEMO_TODAY, 40),
    });
    const inside = await createEpic(page, group, {
      title: 'Child inside',
      parentId: parent.id,
      start: addDays(DEMO_TODAY, -5),
      due: addDays(DEMO_TODAY, 10),
    });
    await createEpic(page, group, {
      title: 'Child far away',
      parentId: parent.id,
      start: addDays(DEMO_TODAY, 700),
      due: addDays(DEMO_TODAY, 760),
    });
    await createEpic(page, group, { title: 'Grandchild', parentId: inside.id });

    await page.goto(`/groups/${group}/-/roadmap?timeframe_range_type=CURRENT_QUARTER&layout=WEEKS`);
    const row = epicRow(page, 'Counted parent');
    // Two direct children (the grandchild is not one of them), one outside the quarter.
    await expect(row).toContainText('2 child epics');
    await expect(row).toContainText('1 outside this timeframe');
    await row.getByRole('button', { name: 'Expand' }).click();
    await expect(epicRow(page, 'Child inside')).toBeVisible();
    await expect(epicRow(page, 'Child far away')).toHaveCount(0);
    await shot(page, testInfo, '05-counts');

    // The epic's Roadmap tab says children are hidden by the range, and offers the range.
    await page.goto(`/groups/${group}/-/epics/${parent.iid}?timeframe_range_type=CURRENT_QUARTER&layout=WEEKS`);
    await page.getByRole('tab', { name: 'Roadmap view' }).click();
    await expect(epicRow(page, 'Child inside', 'Child epics')).toBeVisible();
    await expect(page.getByText('1 of 2 child epics are outside this timeframe.')).toBeVisible();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('dialog', { name: 'Roadmap settings' })).toBeVisible();
    await shot(page, testInfo, '06-epic-roadmap-tab');
    await page.keyboard.press('Escape');
    await expectAxeClean(page);
  });
});
