import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { addDays, DEMO_TODAY, expect, test } from './demo-today.ts';
import { graphql, KEEP_SCREENSHOTS, restPost, signInViaApi } from './fixtures.ts';

/**
 * What a new user tripped over on the roadmap and the epic page (issue 15), each on its own data:
 * the milestones row (one tab stop, arrow keys, titles beside the bars, sticky, collapsed for the
 * session, capped when tall), the filter bar (the first suggestion highlighted and taken by Enter,
 * 'not found'), the counts ('N outside this timeframe', the epic's Roadmap tab), the tree's drops
 * (refused with the reason, by keyboard into another epic) and the milestone page (its epics,
 * markdown, tab counts).
 */

const SHOTS = '/tmp/shots/roadmap-fixes';

async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (!KEEP_SCREENSHOTS) return;
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
  return (await createGroupWithId(page, path)).fullPath;
}

async function createGroupWithId(page: Page, path: string): Promise<{ id: string; fullPath: string }> {
  const data = await graphql<{ groupCreate: { group: { id: string; fullPath: string } } }>(
    page,
    'mutation($input: GroupCreateInput!) { groupCreate(input: $input) { group { id fullPath } errors } }',
    { input: { name: `Group ${path}`, path, visibility: 'private' } },
  );
  return data.groupCreate.group;
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
    // A short window on the desktop: the capped row leaves room for the epics, which scroll under it.
    if (testInfo.project.name === 'desktop') await page.setViewportSize({ width: 1440, height: 600 });
    await page.goto('/groups/acme/-/roadmap?timeframe_range_type=THREE_YEARS&layout=QUARTERS');
    const row = page.getByRole('region', { name: 'Milestones' });
    await expect(row).toBeVisible();
    const toggle = row.getByRole('button', { name: /Milestones/ });
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    const links = row.getByRole('toolbar', { name: 'Milestones in the timeline' }).getByRole('link');
    expect(await links.count()).toBeGreaterThan(1);

    // One tab stop: Tab from the toggle (and the row's 'Show all': the demo's milestones are capped)
    // enters at the first milestone, the arrows move, Tab leaves.
    await toggle.focus();
    await page.keyboard.press('Tab');
    await expect(row.getByRole('button', { name: /^Show all/ })).toBeFocused();
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
    await expect.poll(() => shell.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    const after = await row.boundingBox();
    expect(after?.y).toBeCloseTo(before?.y ?? 0, 0);
    await shot(page, testInfo, '02-milestones-sticky');

    // Tall (the demo's milestones over three years take many lines), the lanes are capped to a
    // quarter of the shell and scroll inside the row; 'Show all' draws every lane, 'Show fewer' caps again.
    const lanes = row.getByRole('toolbar', { name: 'Milestones in the timeline' }).locator('..');
    const lanesHeight = async () => (await lanes.boundingBox())?.height ?? 0;
    const quarter = ((await shell.boundingBox())?.height ?? 0) / 4;
    expect(await lanesHeight()).toBeLessThanOrEqual(quarter);
    await row.getByRole('button', { name: /^Show all \d+ milestone lines$/ }).click();
    await expect.poll(lanesHeight).toBeGreaterThan(quarter);
    await row.getByRole('button', { name: 'Show fewer milestone lines' }).click();
    await expect.poll(lanesHeight).toBeLessThanOrEqual(quarter);

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

  test('the tree: a refused drop says why; a keyboard drag moves an item into another epic', async ({
    page,
  }, testInfo) => {
    await signInViaApi(page, 'alice');
    const group = await createGroup(page, `tree-${unique()}`);
    const parent = await createEpic(page, group, { title: 'Drag parent' });
    await createEpic(page, group, { title: 'Secret child', parentId: parent.id, confidential: true });
    await createEpic(page, group, { title: 'Open child', parentId: parent.id });
    await createEpic(page, group, { title: 'Public child', parentId: parent.id });
    await page.goto(`/groups/${group}/-/epics/${parent.iid}`);
    const tree = page.getByRole('treegrid', { name: 'Child issues and epics' });
    const treeRow = (title: string) =>
      tree.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
    await expect(treeRow('Public child')).toBeVisible();
    // The linked items above the tree can answer after it, and their section can change height when
    // they do (a CI run measured the handle before that and pressed on the heading below the tree):
    // measure once they are in.
    await expect(
      page.getByText("Link epics together to show that they're related, or that one blocks another."),
    ).toBeVisible();

    // A public epic dragged onto a confidential one: refused, with the reason beside the row.
    const handle = await treeRow('Public child').getByRole('button', { name: 'Drag Public child' }).boundingBox();
    const target = await treeRow('Secret child').getByRole('link', { name: 'Secret child' }).boundingBox();
    if (!handle || !target) throw new Error('rows not laid out');
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 10 });
    await page.mouse.move(target.x + target.width / 2 + 2, target.y + target.height / 2, { steps: 2 });
    await expect(page.getByText(/Cannot move here: A non-confidential epic cannot be assigned/)).toBeVisible();
    await shot(page, testInfo, '07-drop-refused');
    await page.mouse.up();
    await expect(treeRow('Public child')).toHaveAttribute('aria-level', '1');

    // By keyboard: Right from the row to its handle, Enter picks it up, the arrows walk the allowed
    // targets (never 'Secret child'), Enter drops it into 'Open child'.
    await treeRow('Public child').focus();
    await page.keyboard.press('ArrowRight');
    await expect(treeRow('Public child').getByRole('button', { name: 'Drag Public child' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(treeRow('Public child')).toHaveAttribute('data-dragging', 'true');
    for (let step = 0; step < 16; step++) {
      if ((await treeRow('Open child').getAttribute('data-drop-target')) !== null) break;
      await expect(treeRow('Secret child')).not.toHaveAttribute('data-drop-target');
      await page.keyboard.press('ArrowUp');
    }
    await expect(treeRow('Open child')).toHaveAttribute('data-drop-target', 'true');
    await shot(page, testInfo, '08-keyboard-drop-target');
    await page.keyboard.press('Enter');
    await expect(treeRow('Public child')).toHaveCount(0);
    await treeRow('Open child')
      .getByRole('button', { name: /^Expand/ })
      .click();
    await expect(treeRow('Public child')).toHaveAttribute('aria-level', '2');
  });

  test('the milestone page: the epics in it, its description as markdown, the tab counts', async ({
    page,
  }, testInfo) => {
    await signInViaApi(page, 'alice');
    const created = await createGroupWithId(page, `ms-${unique()}`);
    const group = created.fullPath;
    const project = await graphql<{ projectCreate: { project: { fullPath: string } } }>(
      page,
      'mutation($input: ProjectCreateInput!) { projectCreate(input: $input) { project { fullPath } errors } }',
      { input: { name: 'App', path: 'app', groupId: created.id } },
    );
    const milestone = await restPost<{ id: number; web_url: string }>(
      page,
      `/groups/${encodeURIComponent(group)}/milestones`,
      { title: 'Launch', description: 'Ship **the launch** with [notes](/-/help).' },
    );
    await restPost(page, `/groups/${encodeURIComponent(group)}/milestones`, { title: 'Later' });
    const epic = await createEpic(page, group, { title: 'Epic in the launch' });
    await graphql(page, 'mutation($input: CreateIssueInput!) { createIssue(input: $input) { issue { id } errors } }', {
      input: {
        projectPath: project.projectCreate.project.fullPath,
        title: 'Launch issue',
        milestoneId: `gid://gitlab/Milestone/${milestone.id}`,
        epicId: epic.id,
      },
    });
    await page.goto(new URL(milestone.web_url).pathname);
    await expect(page.getByRole('heading', { name: 'Launch', level: 1 })).toBeVisible();
    await expect(page.locator('strong', { hasText: 'the launch' })).toBeVisible();
    const epics = page.getByRole('region', { name: /^Epics/ });
    await expect(epics.getByRole('link', { name: 'Epic in the launch' })).toBeVisible();
    await shot(page, testInfo, '09-milestone-page');
    await expectAxeClean(page);

    await page.goto(`/groups/${group}/-/milestones`);
    const tabs = page.getByRole('navigation', { name: 'Milestone state' });
    await expect(tabs.getByRole('link', { name: /^Open/ })).toContainText('2');
    await expect(tabs.getByRole('link', { name: /^Closed/ })).toContainText('0');
    await expect(tabs.getByRole('link', { name: /^All/ })).toContainText('2');
  });
});
