import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, TestInfo } from '@playwright/test';
import {
  addDays,
  DEMO_TODAY,
  expect,
  monthAndDay,
  pinClock,
  quarterTitle,
  test,
  timeframeInWords,
  weekStart,
  yearOf,
} from './demo-today.ts';
import { addFilterToken, graphql, KEEP_SCREENSHOTS, restPost, signInViaApi } from './fixtures.ts';

/**
 * The group roadmap as a new user takes it, on the demo data (dates relative to today): the
 * timeline's ranges and layouts, milestones, progress and labels, filters and sort, expanding a
 * parent, loading more, shared links, the empty states, a signed-out visitor and one epic's roadmap.
 * The browser's today is the demo's (DEMO_TODAY); every date expected below is derived from it.
 */

const ROADMAP = '/groups/acme/-/roadmap';
const SHOTS = '/tmp/shots/roadmap';

async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (!KEEP_SCREENSHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-${testInfo.project.name}.png` });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const epicsList = (page: Page) => page.getByRole('list', { name: 'Epics' });
const epicRow = (page: Page, title: string) =>
  epicsList(page).getByRole('listitem', { name: new RegExp(`^${escapeRegExp(title)},`) });
const shell = (page: Page) => page.getByTestId('roadmap-shell');
/** The timeline header's column titles. */
const header = (page: Page) => shell(page).locator('[data-period-start]');
/** The title of today's week column ('Nov 22'; with the year on the first column or January's first week). */
const todaysWeekTitle = (page: Page) => {
  const start = weekStart(DEMO_TODAY);
  return shell(page)
    .locator(`[data-period-start="${start}"]`)
    .getByText(new RegExp(`^${monthAndDay(start)}(, ${yearOf(start)})?$`));
};
const thisYear = yearOf(DEMO_TODAY);

/** 'Platform modernization, Jun 1, 2025 – Oct 31, 2027': the demo's epic 1 with its dates from the API. */
async function platformModernizationLabel(page: Page): Promise<string> {
  const data = await graphql<{ group: { epic: { title: string; startDate: string; dueDate: string } } }>(
    page,
    '{ group(fullPath: "acme") { epic(iid: "1") { title startDate dueDate } } }',
  );
  const { title, startDate, dueDate } = data.group.epic;
  return `${title}, ${timeframeInWords(startDate.slice(0, 10), dueDate.slice(0, 10))}`;
}

/** A new private group of the signed-in user, for journeys that need data of their own. */
async function createGroup(page: Page, path: string): Promise<{ id: string; fullPath: string }> {
  const data = await graphql<{ groupCreate: { group: { id: string; fullPath: string } } }>(
    page,
    `mutation($input: GroupCreateInput!) { groupCreate(input: $input) { group { id fullPath } errors } }`,
    { input: { name: `Group ${path}`, path, visibility: 'private' } },
  );
  return data.groupCreate.group;
}

/** An epic with fixed start and due dates. */
async function createDatedEpic(
  page: Page,
  groupPath: string,
  title: string,
  start: string,
  due: string,
): Promise<{ id: string; iid: string }> {
  const data = await graphql<{ createEpic: { epic: { id: string; iid: string } } }>(
    page,
    `mutation($input: CreateEpicInput!) { createEpic(input: $input) { epic { id iid } errors } }`,
    {
      input: {
        groupPath,
        title,
        startDateFixed: start,
        startDateIsFixed: true,
        dueDateFixed: due,
        dueDateIsFixed: true,
      },
    },
  );
  return data.createEpic.epic;
}

async function openSettings(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const drawer = page.getByRole('dialog', { name: 'Roadmap settings' });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function chooseRange(drawer: Locator, page: Page, current: string, next: string) {
  await drawer.getByRole('button', { name: new RegExp(current) }).click();
  await page.getByRole('option', { name: next }).click();
}

/** Picks a radio option by its label (React Aria keeps the input itself visually hidden). */
async function checkRadio(drawer: Locator, name: string) {
  await drawer.getByText(name, { exact: true }).click();
  await expect(drawer.getByRole('radio', { name })).toBeChecked();
}

/** The top-level rows' titles, in order (the rows' names start with the title). */
async function rowTitles(page: Page): Promise<string[]> {
  const names = await epicsList(page)
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
  return names.filter(Boolean).map((name) => name.split(',')[0] ?? '');
}

/** The roadmap's empty state (the page header has a 'New epic' button of its own). */
const emptyState = (page: Page) =>
  page.locator('section').filter({
    has: page.getByRole('heading', { name: /Sorry, no epics matched|The roadmap shows the progress/ }),
  });

test.describe('group roadmap', () => {
  test('@narrow a member sees this quarter week by week, with milestones, progress and today', async ({
    page,
  }, testInfo) => {
    await signInViaApi(page, 'alice');
    await page.goto(ROADMAP);
    await expect(page.getByRole('heading', { name: 'Roadmap', level: 1 })).toBeVisible();
    const row = epicRow(page, 'Platform modernization');
    await expect(row).toBeVisible();
    const label = await platformModernizationLabel(page);
    await expect(row).toHaveAttribute('aria-label', new RegExp(`^${escapeRegExp(label)}, \\d+% weight completed$`));
    await expect(row.getByRole('link', { name: 'Platform modernization', exact: true })).toHaveAttribute(
      'href',
      '/groups/acme/-/epics/1',
    );
    // Weekly columns: the week of today carries its month and day.
    await expect(todaysWeekTitle(page)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Milestones' })).toBeVisible();
    await expect(
      page.getByRole('link', { name: new RegExp(`^${quarterTitle(DEMO_TODAY)}, Group milestone`) }),
    ).toBeVisible();
    await shot(page, testInfo, '01-this-quarter');

    // Keyboard: the bar's popover shows the progress.
    await row.getByRole('link', { name: /weight completed/ }).focus();
    await expect(page.getByRole('tooltip')).toContainText('weight completed');
    await shot(page, testInfo, '02-progress-popover');

    const axe = await new AxeBuilder({ page }).include('main').analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  });

  test('@narrow each date range and layout from the settings drawer', async ({ page }, testInfo) => {
    await signInViaApi(page, 'alice');
    await page.goto(ROADMAP);
    await expect(epicRow(page, 'Platform modernization')).toBeVisible();

    let drawer = await openSettings(page);
    // This quarter has weekly columns only: no layout choice.
    await expect(drawer.getByRole('radiogroup', { name: 'Layout' })).toHaveCount(0);
    await shot(page, testInfo, '03-settings-drawer');
    await chooseRange(drawer, page, 'This quarter', 'This year');
    await expect(page).toHaveURL(/timeframe_range_type=CURRENT_YEAR/);
    await expect(drawer.getByRole('radio', { name: 'Months' })).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(header(page).getByText(`Jan ${thisYear}`, { exact: true })).toBeAttached();
    await shot(page, testInfo, '04-this-year-months');

    drawer = await openSettings(page);
    await checkRadio(drawer, 'Weeks');
    await expect(page).toHaveURL(/timeframe_range_type=CURRENT_YEAR&layout=WEEKS/);
    await page.keyboard.press('Escape');
    await expect(todaysWeekTitle(page)).toBeVisible();
    await shot(page, testInfo, '05-this-year-weeks');

    drawer = await openSettings(page);
    await chooseRange(drawer, page, 'This year', 'Within 3 years');
    // A new range resets the layout to its default: quarters.
    await expect(page).toHaveURL(/timeframe_range_type=THREE_YEARS$/);
    await expect(drawer.getByRole('radio', { name: 'Quarters' })).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(header(page).getByText(`${thisYear + 1} Q1`, { exact: true })).toBeVisible();
    await shot(page, testInfo, '06-three-years-quarters');

    for (const [layout, title] of [
      ['Months', header(page).getByText(`Jan ${thisYear + 1}`, { exact: true })],
      ['Weeks', todaysWeekTitle(page)],
    ] as const) {
      drawer = await openSettings(page);
      await checkRadio(drawer, layout);
      await expect(page).toHaveURL(new RegExp(`layout=${layout.toUpperCase()}`));
      await page.keyboard.press('Escape');
      await expect(title).toBeAttached();
      await shot(page, testInfo, `07-three-years-${layout.toLowerCase()}`);
    }
  });

  test('milestones, progress and labels toggles', async ({ page }, testInfo) => {
    await signInViaApi(page, 'alice');
    await page.goto(`${ROADMAP}?timeframe_range_type=THREE_YEARS`);
    const milestones = page.getByRole('region', { name: 'Milestones' });
    await expect(milestones).toBeVisible();
    const allCount = Number(await milestones.getByRole('button').locator('span').last().textContent());

    // The row collapses and expands.
    await milestones.getByRole('button', { name: /Milestones/ }).click();
    await expect(milestones.getByRole('button', { name: /Milestones/ })).toHaveAttribute('aria-expanded', 'false');
    await milestones.getByRole('button', { name: /Milestones/ }).click();

    let drawer = await openSettings(page);
    await checkRadio(drawer, 'Show project milestones');
    await expect(page).toHaveURL(/milestones_type=PROJECT/);
    await expect(milestones.getByRole('link', { name: /Group milestone/ })).toHaveCount(0);
    await expect(milestones.getByRole('link', { name: /Project milestone/ }).first()).toBeAttached();
    const projectCount = Number(await milestones.getByRole('button').locator('span').last().textContent());
    expect(projectCount).toBeLessThan(allCount);

    await drawer.getByText('Display milestones', { exact: true }).click();
    await expect(page).toHaveURL(/show_milestones=false/);
    await expect(milestones).toHaveCount(0);

    await checkRadio(drawer, 'Use issue count');
    await expect(page).toHaveURL(/progress=COUNT/);
    await expect(epicRow(page, 'Platform modernization')).toHaveAttribute('aria-label', /% issues closed$/);
    await drawer.getByText('Display progress of child issues', { exact: true }).click();
    await expect(page).toHaveURL(/show_progress=false/);
    await expect(epicRow(page, 'Platform modernization')).toHaveAttribute(
      'aria-label',
      await platformModernizationLabel(page),
    );

    await drawer.getByText('Display labels', { exact: true }).click();
    await expect(page).toHaveURL(/show_labels=true/);
    await page.keyboard.press('Escape');
    await expect(
      epicRow(page, 'Platform modernization').getByRole('button', { name: 'Filter by label priority::high' }),
    ).toBeVisible();
    await shot(page, testInfo, '08-labels-no-milestones-no-progress');

    // Clicking a label filters by it.
    await epicRow(page, 'Platform modernization')
      .getByRole('button', { name: 'Filter by label priority::high' })
      .click();
    await expect(page).toHaveURL(/label_name%5B%5D=priority%3A%3Ahigh|label_name\[\]=priority::high/);
    await expect(epicRow(page, 'Security and compliance')).toHaveCount(0);
    await expect(epicRow(page, 'Platform modernization')).toBeVisible();

    // The epics state.
    drawer = await openSettings(page);
    await checkRadio(drawer, 'Show closed epics');
    await expect(page).toHaveURL(/state=closed/);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { name: 'Sorry, no epics matched your search' })).toBeVisible();
  });

  test('filters by label and author, with is and is not', async ({ page }, testInfo) => {
    await signInViaApi(page, 'alice');
    await page.goto(ROADMAP);
    await expect(epicRow(page, 'Security and compliance')).toBeVisible();

    await addFilterToken(page, 'Label', 'is', 'security');
    await expect(page).toHaveURL(/label_name%5B%5D=security/);
    await expect(epicRow(page, 'Security and compliance')).toBeVisible();
    await expect(epicRow(page, 'Platform modernization')).toHaveCount(0);
    await shot(page, testInfo, '09-filter-label-is');

    await page.goto(ROADMAP);
    await addFilterToken(page, 'Label', 'is not', 'security');
    await expect(page).toHaveURL(/not%5Blabel_name%5D%5B%5D=security/);
    await expect(epicRow(page, 'Platform modernization')).toBeVisible();
    await expect(epicRow(page, 'Security and compliance')).toHaveCount(0);

    await page.goto(ROADMAP);
    await addFilterToken(page, 'Author', 'is', 'grace');
    await expect(page).toHaveURL(/author_username=grace/);
    await expect(epicRow(page, 'Security and compliance')).toBeVisible();
    await expect(epicRow(page, 'Platform modernization')).toHaveCount(0);

    await page.goto(ROADMAP);
    await addFilterToken(page, 'Author', 'is not', 'grace');
    await expect(page).toHaveURL(/not%5Bauthor_username%5D=grace/);
    await expect(epicRow(page, 'Platform modernization')).toBeVisible();
    await expect(epicRow(page, 'Security and compliance')).toHaveCount(0);
    await shot(page, testInfo, '10-filter-author-is-not');
  });

  test('filters by milestone (is only: the epics API cannot negate a milestone)', async ({ page }, testInfo) => {
    await signInViaApi(page, 'alice');
    const world = await createGroup(page, `ms-${testInfo.project.name}-${Date.now()}`);
    const project = await graphql<{ projectCreate: { project: { fullPath: string } } }>(
      page,
      `mutation($input: ProjectCreateInput!) { projectCreate(input: $input) { project { fullPath } errors } }`,
      { input: { groupId: world.id, name: 'App', path: 'app' } },
    );
    const milestone = await restPost<{ id: number }>(page, `/groups/${encodeURIComponent(world.fullPath)}/milestones`, {
      title: 'Beta launch',
      start_date: addDays(DEMO_TODAY, -7),
      due_date: addDays(DEMO_TODAY, 7),
    });
    const launch = await createDatedEpic(
      page,
      world.fullPath,
      'Launch',
      addDays(DEMO_TODAY, -3),
      addDays(DEMO_TODAY, 3),
    );
    await createDatedEpic(page, world.fullPath, 'Polish', addDays(DEMO_TODAY, -3), addDays(DEMO_TODAY, 3));
    await graphql(page, `mutation($input: CreateIssueInput!) { createIssue(input: $input) { errors } }`, {
      input: {
        projectPath: project.projectCreate.project.fullPath,
        title: 'Ship the beta',
        milestoneId: `gid://gitlab/Milestone/${milestone.id}`,
        epicId: launch.id,
      },
    });

    const roadmap = `/groups/${world.fullPath}/-/roadmap`;
    await page.goto(roadmap);
    await expect(epicRow(page, 'Polish')).toBeVisible();
    await expect(epicRow(page, 'Launch')).toBeVisible();

    const input = page.getByRole('combobox', { name: /Search or filter/ });
    await input.click();
    const listbox = page.getByRole('listbox');
    await listbox.getByRole('option', { name: 'Milestone', exact: true }).click();
    // Only 'is' (GitLab's epic filters have no negated or unioned milestone): no operator step,
    // the milestones come straight away.
    await expect(listbox.getByRole('option')).toHaveText(['Beta launch']);
    await expect(listbox.getByRole('option', { name: 'is not' })).toHaveCount(0);
    await page.keyboard.type('Beta');
    await listbox.getByRole('option', { name: /Beta launch/ }).click();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/milestone_title=Beta(\+|%20)launch/);
    await expect(epicRow(page, 'Launch')).toBeVisible();
    await expect(epicRow(page, 'Polish')).toHaveCount(0);
    await shot(page, testInfo, '11-filter-milestone-is');
  });

  test('sorts by title in both directions', async ({ page }) => {
    await signInViaApi(page, 'alice');
    await page.goto(ROADMAP);
    await expect(epicRow(page, 'Platform modernization')).toBeVisible();
    await page.getByRole('button', { name: /Start date/ }).click();
    await page.getByRole('option', { name: 'Title' }).click();
    await expect(page).toHaveURL(/sort=TITLE_ASC/);
    await expect.poll(async () => (await rowTitles(page))[0]).toBe('Customer experience 2.0');
    const ascending = await rowTitles(page);
    await page.getByRole('button', { name: 'Sort direction: ascending' }).click();
    await expect(page).toHaveURL(/sort=TITLE_DESC/);
    await expect.poll(() => rowTitles(page)).toEqual([...ascending].reverse());
  });

  test('@narrow expanding a parent shows its child epics', async ({ page }, testInfo) => {
    await signInViaApi(page, 'alice');
    await page.goto(`${ROADMAP}?timeframe_range_type=THREE_YEARS&layout=MONTHS`);
    const parent = epicRow(page, 'Platform modernization');
    await parent.getByRole('button', { name: 'Expand' }).click();
    await expect(epicRow(page, 'Service mesh rollout')).toBeVisible();
    await expect(epicRow(page, 'Database upgrade')).toBeVisible();
    await expect(parent.getByRole('button', { name: 'Collapse' })).toHaveAttribute('aria-expanded', 'true');
    await shot(page, testInfo, '11-expanded');
    await parent.getByRole('button', { name: 'Collapse' }).click();
    await expect(epicRow(page, 'Service mesh rollout')).toHaveCount(0);
  });

  test('scrolling to the end paints the last epics (every row is there up front)', async ({ page }, testInfo) => {
    await signInViaApi(page, 'alice');
    const firstWindow = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/graphql') &&
        (response.request().postData() ?? '').includes('RoadmapGroupEpicsQuery'),
    );
    await page.goto(`${ROADMAP}?timeframe_range_type=THREE_YEARS&layout=MONTHS`);
    const body = (await (await firstWindow).json()) as { data: { group: { epics: { count: number } } } };
    await expect(epicRow(page, 'Platform modernization')).toBeVisible();
    // The list knows its total from the first window: a row for each top-level epic.
    await expect(epicRow(page, 'Platform modernization')).toHaveAttribute(
      'aria-setsize',
      String(body.data.group.epics.count),
    );
    await shell(page).evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    // 'API v5 design' starts last: the last row.
    await expect(epicRow(page, 'API v5 design')).toBeInViewport();
    await shot(page, testInfo, '12-second-page');

    // A link to an epic (the epic page's 'View on roadmap', `show_epic`) opens the roadmap at its row,
    // highlighted; a nested epic's parents are expanded down to it.
    const iidOf = async (title: string) =>
      (
        await graphql<{ group: { epics: { nodes: { iid: string; group: { fullPath: string } }[] } } }>(
          page,
          'query($title: String) { group(fullPath: "acme") { epics(search: $title, in: [TITLE], first: 1) { nodes { iid group { fullPath } } } } }',
          { title },
        )
      ).group.epics.nodes[0];
    const last = await iidOf('API v5 design');
    await page.goto(`/groups/${last?.group.fullPath}/-/epics/${last?.iid}`);
    await page.getByRole('button', { name: 'Epic actions' }).click();
    await page.getByRole('menuitem', { name: 'View on roadmap' }).click();
    await expect(page).toHaveURL(/show_epic=/);
    await expect(epicRow(page, 'API v5 design')).toBeInViewport();
    await expect(epicRow(page, 'API v5 design')).toHaveAttribute('data-highlighted', '');
    await shot(page, testInfo, '12-deep-link');
    const nested = await iidOf('Service mesh rollout');
    // A subgroup's epic on the top group's roadmap: GitLab's reference, `acme/platform&<iid>`.
    const reference = encodeURIComponent(`${nested?.group.fullPath}&${nested?.iid}`);
    await page.goto(`${ROADMAP}?timeframe_range_type=THREE_YEARS&show_epic=${reference}`);
    await expect(epicRow(page, 'Service mesh rollout')).toBeInViewport();
    await expect(epicRow(page, 'Service mesh rollout')).toHaveAttribute('data-highlighted', '');
    await shot(page, testInfo, '12-deep-link-nested');
  });

  test('a shared link reproduces the view', async ({ browser }, testInfo) => {
    const url =
      `${ROADMAP}?timeframe_range_type=THREE_YEARS&layout=MONTHS&show_labels=true&show_milestones=false` +
      '&progress=COUNT&sort=TITLE_DESC&label_name[]=frontend';
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await pinClock(context);
    const page = await context.newPage();
    await signInViaApi(page, 'alice');
    await page.goto(url);
    await expect(page.getByRole('row', { name: /frontend/ }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Milestones' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Title/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sort direction: descending' })).toBeVisible();
    await expect(epicsList(page).getByRole('button', { name: 'Filter by label frontend' }).first()).toBeVisible();
    await expect(epicsList(page).getByRole('listitem').first()).toHaveAttribute('aria-label', /issues closed$/);
    const drawer = await openSettings(page);
    await expect(drawer.getByRole('button', { name: /Within 3 years/ })).toBeVisible();
    await expect(drawer.getByRole('radio', { name: 'Months' })).toBeChecked();
    await expect(drawer.getByRole('switch', { name: 'Display milestones' })).not.toBeChecked();
    await page.keyboard.press('Escape');
    await shot(page, testInfo, '13-shared-link');
    // Back and forward replay the view changes.
    await page.getByRole('button', { name: 'Sort direction: descending' }).click();
    await expect(page).toHaveURL(/sort=TITLE_ASC/);
    await page.goBack();
    await expect(page).toHaveURL(/sort=TITLE_DESC/);
    await expect(page.getByRole('button', { name: 'Sort direction: descending' })).toBeVisible();
    await context.close();
  });

  test('@narrow empty states: a search matching nothing, and a group without dated epics', async ({
    page,
  }, testInfo) => {
    await signInViaApi(page, 'alice');
    await page.goto(`${ROADMAP}?label_name[]=no-such-label`);
    await expect(page.getByRole('heading', { name: 'Sorry, no epics matched your search' })).toBeVisible();
    await expect(page.getByText(/^To widen your search, change or remove filters; from .+ to .+\.$/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'View epics list' })).toBeVisible();
    await expect(emptyState(page).getByRole('link', { name: 'New epic' })).toHaveCount(0);
    await shot(page, testInfo, '14-empty-filtered');

    const path = `empty-${testInfo.project.name}-${Date.now()}`;
    await graphql(page, `mutation($input: GroupCreateInput!) { groupCreate(input: $input) { errors } }`, {
      input: { name: `Empty ${path}`, path, visibility: 'private' },
    });
    await graphql(page, `mutation($input: CreateEpicInput!) { createEpic(input: $input) { errors } }`, {
      input: { groupPath: path, title: 'Undated idea' },
    });
    await page.goto(`/groups/${path}/-/roadmap`);
    await expect(
      page.getByRole('heading', { name: 'The roadmap shows the progress of your epics along a timeline' }),
    ).toBeVisible();
    await expect(
      page.getByText('To make your epics appear in the roadmap, add start or due dates to them.'),
    ).toBeVisible();
    await expect(emptyState(page).getByRole('link', { name: 'New epic' })).toBeVisible();
    // The list with the roadmap's view: all states, its sort.
    await expect(page.getByRole('link', { name: 'View epics list' })).toHaveAttribute(
      'href',
      `/groups/${path}/-/epics?scope=all&state=all&sort=start_date_asc`,
    );
    await shot(page, testInfo, '15-empty-no-dated-epics');
  });

  test('@narrow empty states: epics outside the range, an epic filter, and an epic without dated children', async ({
    page,
  }, testInfo) => {
    await signInViaApi(page, 'alice');
    const world = await createGroup(page, `old-${testInfo.project.name}-${Date.now()}`);
    // Dated five years back: outside every range the roadmap offers.
    const archive = await createDatedEpic(
      page,
      world.fullPath,
      'Archive',
      addDays(DEMO_TODAY, -5 * 365),
      addDays(DEMO_TODAY, -5 * 365 + 30),
    );
    await graphql(page, `mutation($input: CreateEpicInput!) { createEpic(input: $input) { errors } }`, {
      input: { groupPath: world.fullPath, title: 'Undated child', parentId: archive.id },
    });

    await page.goto(`/groups/${world.fullPath}/-/roadmap`);
    await expect(
      page.getByRole('heading', { name: 'The roadmap shows the progress of your epics along a timeline' }),
    ).toBeVisible();
    await expect(
      page.getByText(
        /^To view the roadmap, add a start or due date to one of your epics in this group or its subgroups; from .+ to .+\.$/,
      ),
    ).toBeVisible();
    await expect(emptyState(page).getByRole('link', { name: 'New epic' })).toBeVisible();
    await shot(page, testInfo, '15b-empty-outside-range');

    await page.goto(`/groups/${world.fullPath}/-/roadmap?epic_iid=${archive.iid}`);
    await expect(page.getByRole('heading', { name: 'Sorry, no epics matched your search' })).toBeVisible();
    await expect(
      page.getByText('To make your epics appear in the roadmap, add start or due dates to them.'),
    ).toBeVisible();
    await expect(emptyState(page).getByRole('link', { name: 'New epic' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'View epics list' })).toBeVisible();
    await shot(page, testInfo, '15c-empty-filtered-by-epic');

    await page.goto(`/groups/${world.fullPath}/-/epics/${archive.iid}`);
    await expect(page.getByRole('heading', { name: 'Archive', level: 1 })).toBeVisible();
    await page.getByRole('tab', { name: 'Roadmap view' }).click();
    await expect(
      page.getByText('To view the roadmap, add a start or due date to one of the child epics.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'child epics' })).toHaveAttribute(
      'href',
      `/groups/${world.fullPath}/-/epics/${archive.iid}`,
    );
    await shot(page, testInfo, '15d-empty-child-epics');
  });

  test('@narrow a signed-out visitor sees the public epics only', async ({ page }, testInfo) => {
    await page.goto(`${ROADMAP}?timeframe_range_type=THREE_YEARS`);
    await expect(epicRow(page, 'Platform modernization')).toBeVisible();
    await expect(epicRow(page, 'Project Nova')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Milestones' })).toBeVisible();
    await shot(page, testInfo, '16-signed-out');
    const axe = await new AxeBuilder({ page }).include('main').analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => v.id)).toEqual([]);
  });

  test('@narrow the epic page shows its child epics on a roadmap (its Roadmap view tab)', async ({
    page,
  }, testInfo) => {
    await signInViaApi(page, 'alice');
    await page.goto('/groups/acme/-/epics/1?timeframe_range_type=THREE_YEARS');
    await expect(page.getByRole('heading', { name: 'Platform modernization', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Child issues and epics', level: 2 })).toBeVisible();
    await page.getByRole('tab', { name: 'Roadmap view' }).click();
    const children = page.getByRole('list', { name: 'Child epics' });
    await expect(children.getByRole('listitem', { name: /^Service mesh rollout,/ })).toBeVisible();
    await expect(children.getByRole('listitem', { name: /^Observability,/ })).toBeVisible();
    // The range control (issue 15: the tab has it), no filter bar.
    await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: /Search or filter/ })).toHaveCount(0);
    await shot(page, testInfo, '17-epic-page');
  });
});
