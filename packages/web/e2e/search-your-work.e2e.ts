import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, type TestInfo, test } from '@playwright/test';
import { graphql, KEEP_SCREENSHOTS, signInViaApi } from './fixtures.ts';

/**
 * Global search (top bar and /search, scopes, access), 'Your work' (/dashboard/issues and
 * /dashboard/epics), /explore, /groups/new, /-/help, the new issue form and the 'New epic'
 * buttons — each on objects the journey makes itself, desktop and narrow, with axe.
 */

const SHOTS = '/tmp/shots/search-your-work';

async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (!KEEP_SCREENSHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-${testInfo.project.name}.png`, fullPage: true });
}

async function expectNoSeriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`)).toEqual([]);
}

/** A unique word for this run and project, so searches find only what this journey made. */
const wordFor = (testInfo: TestInfo, stem: string) =>
  `${stem}${testInfo.project.name}${Date.now().toString(36)}`.toLowerCase();

/** A private group of alice's with one project; returns their paths and the group's id. */
async function privateProject(page: Page, word: string) {
  const group = await graphql<{ groupCreate: { group: { id: string; fullPath: string }; errors: string[] } }>(
    page,
    'mutation($input: GroupCreateInput!) { groupCreate(input: $input) { group { id fullPath } errors } }',
    { input: { name: `Search ${word}`, path: `search-${word}`, visibility: 'private' } },
  );
  expect(group.groupCreate.errors).toEqual([]);
  const project = await graphql<{ projectCreate: { project: { fullPath: string }; errors: string[] } }>(
    page,
    'mutation($input: ProjectCreateInput!) { projectCreate(input: $input) { project { fullPath } errors } }',
    { input: { name: 'Tracker', path: 'tracker', groupId: group.groupCreate.group.id, visibility: 'private' } },
  );
  expect(project.projectCreate.errors).toEqual([]);
  return { groupPath: group.groupCreate.group.fullPath, projectPath: project.projectCreate.project.fullPath };
}

async function createIssue(page: Page, input: Record<string, unknown>) {
  const data = await graphql<{ createIssue: { issue: { iid: string }; errors: string[] } }>(
    page,
    'mutation($input: CreateIssueInput!) { createIssue(input: $input) { issue { iid } errors } }',
    { input },
  );
  expect(data.createIssue.errors).toEqual([]);
  return data.createIssue.issue.iid;
}

const tab = (page: Page, name: RegExp) =>
  page.getByRole('navigation', { name: 'Search scopes' }).getByRole('link', { name });

/** Opens the narrow layout's navigation when it is collapsed. */
async function navigation(page: Page): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  if (!(await nav.isVisible())) await page.getByRole('button', { name: 'Show navigation' }).click();
  return nav;
}

test.describe('global search', () => {
  test('@narrow alice finds her private issues from the top bar; others find nothing', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    await signInViaApi(page, 'alice');
    const word = wordFor(testInfo, 'zebracorn');
    const { projectPath } = await privateProject(page, word);
    await createIssue(page, { projectPath, title: `The ${word} roadmap is slow`, description: 'Bars redraw.' });
    await createIssue(page, { projectPath, title: 'Login page', description: `Mentions ${word} once.` });
    await createIssue(page, { projectPath, title: `Secret ${word} plans`, confidential: true });

    await page.goto('/dashboard/groups');
    const box = page.getByRole('searchbox', { name: 'Search Milepost' });
    await box.fill(word);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search\\?search=${word}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Search results for “${word}”` })).toBeVisible();
    // The first scope with matches opens (the project: its path holds the group's), each tab counted.
    await expect(tab(page, /Projects\s*1/)).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('list', { name: 'Projects found' }).getByRole('link')).toHaveText(/Tracker/);
    await tab(page, /Issues\s*3/).click();
    await expect(page).toHaveURL(/scope=issues/);
    // Title matches first.
    const found = page.getByRole('list', { name: 'Issues found' });
    await expect(found.getByRole('link')).toHaveCount(3);
    await expect(found.getByRole('link').last()).toHaveText('Login page');
    await expect(found.getByRole('img', { name: 'Confidential' })).toHaveCount(1);
    await expectNoSeriousViolations(page);
    await shot(page, testInfo, 'issues');

    // Half a word finds it too, and the group is found by its name.
    await page.goto(`/search?search=${word.slice(0, -3)}&scope=groups`);
    await expect(
      page.getByRole('list', { name: 'Groups found' }).getByRole('link', { name: `Search ${word}` }),
    ).toBeVisible();
    await page
      .getByRole('list', { name: 'Groups found' })
      .getByRole('link', { name: `Search ${word}` })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: `Search ${word}` })).toBeVisible();

    // Within the project: the top bar searches there, and offers to search everywhere.
    await page.goto(`/${projectPath}/-/issues`);
    const inProject = page.getByRole('searchbox', { name: 'Search in Tracker' });
    await inProject.fill('login');
    await inProject.press('Enter');
    await expect(page).toHaveURL(/\/search\?search=login&project_id=\d+$/);
    await expect(page.getByText('Searching within')).toContainText('Tracker');
    await expect(
      page.getByRole('list', { name: 'Issues found' }).getByRole('link', { name: 'Login page' }),
    ).toBeVisible();
    await shot(page, testInfo, 'within-project');

    // erin (not a member) and a visitor find nothing at all: no results, no counts.
    for (const who of ['erin', null]) {
      const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
      const other = await context.newPage();
      if (who) await signInViaApi(other, who);
      await other.goto(`/search?search=${word}&scope=issues`);
      await expect(other.getByRole('heading', { name: 'No results found' })).toBeVisible();
      await expect(tab(other, /Issues\s*0/)).toBeVisible();
      if (!who) await shot(other, testInfo, 'visitor-nothing');
      await context.close();
    }
  });
});

test.describe('your work', () => {
  test('@narrow alice sees the issues assigned to her and those she created', async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await signInViaApi(page, 'alice');
    const word = wordFor(testInfo, 'dash');
    const { projectPath } = await privateProject(page, word);
    const me = await graphql<{ currentUser: { id: string } }>(page, '{ currentUser { id } }');
    await createIssue(page, { projectPath, title: `Assigned ${word}`, assigneeIds: [me.currentUser.id] });
    await createIssue(page, { projectPath, title: `Unassigned ${word}` });

    await page.goto('/dashboard/issues');
    await expect(page).toHaveURL(/assignee_username(%5B%5D)?=alice/);
    await expect(page.getByRole('heading', { level: 1, name: 'Issues' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Whose issues' }).getByRole('link', { name: 'Assigned to me' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: `Assigned ${word}` })).toBeVisible();
    await expect(page.getByRole('link', { name: `Unassigned ${word}` })).toHaveCount(0);
    await expectNoSeriousViolations(page);
    await shot(page, testInfo, 'dashboard-issues');

    await page.getByRole('navigation', { name: 'Whose issues' }).getByRole('link', { name: 'Created by me' }).click();
    await expect(page).toHaveURL(/author_username(%5B%5D)?=alice/);
    await expect(page.getByRole('link', { name: `Unassigned ${word}` })).toBeVisible();

    await page.goto('/dashboard/epics');
    await expect(page).toHaveURL(/author_username(%5B%5D)?=alice/);
    await expect(page.getByRole('heading', { level: 1, name: 'Epics' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Epics' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await shot(page, testInfo, 'dashboard-epics');

    const nav = await navigation(page);
    await expect(nav.getByRole('link', { name: 'Issues' })).toHaveAttribute('href', '/dashboard/issues');
  });

  test('@narrow a visitor explores public projects and groups; alice creates a group', async ({ page }, testInfo) => {
    await page.goto('/explore');
    await expect(page).toHaveURL(/\/explore\/projects$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Explore projects' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Projects' }).getByRole('link').first()).toBeVisible();
    await expectNoSeriousViolations(page);
    await shot(page, testInfo, 'explore-projects');
    await page.getByRole('navigation', { name: 'Explore' }).getByRole('link', { name: 'Groups' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Explore groups' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Groups' }).getByRole('link', { name: /Acme/ }).first()).toBeVisible();

    await page.goto('/groups/new');
    await expect(page).toHaveURL(/\/users\/sign_in/);

    await signInViaApi(page, 'alice');
    const word = wordFor(testInfo, 'newgroup');
    await page.goto('/groups/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Create group' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Group name' }).fill(`New ${word}`);
    await expectNoSeriousViolations(page);
    await shot(page, testInfo, 'new-group');
    await page.getByRole('button', { name: 'Create group' }).click();
    await expect(page).toHaveURL(new RegExp(`/new-${word}$`));
    await expect(page.getByRole('heading', { level: 1, name: `New ${word}` })).toBeVisible();
  });

  test('@narrow the help page links only inside Milepost', async ({ page }, testInfo) => {
    await page.goto('/-/help');
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'API' })).toBeVisible();
    // The shortcuts come from the one registry: the new issue form's 'i' is among them.
    await expect(page.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible();
    await expect(page.getByText('Create a new issue')).toBeVisible();
    await page.getByRole('button', { name: 'Change shortcuts' }).click();
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await page.keyboard.press('Escape');
    const hrefs = await page
      .locator('main a[href]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThan(3);
    for (const href of hrefs) expect(href, href).toMatch(/^\//);
    await expectNoSeriousViolations(page);
    await shot(page, testInfo, 'help');
  });
});

test.describe('new issue and new epic', () => {
  test('@narrow alice creates an issue with every field from the project list', async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await signInViaApi(page, 'alice');
    const word = wordFor(testInfo, 'form');
    const { projectPath } = await privateProject(page, word);
    await page.goto(`/${projectPath}/-/issues`);
    await page.getByRole('link', { name: 'New issue' }).click();
    await expect(page).toHaveURL(new RegExp(`/${projectPath}/-/issues/new$`));
    await expect(page.getByRole('heading', { level: 1, name: 'New issue' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await shot(page, testInfo, 'new-issue-empty');

    // Without a title nothing is sent: the form stays.
    await page.getByRole('button', { name: 'Create issue' }).click();
    await expect(page).toHaveURL(new RegExp(`/${projectPath}/-/issues/new$`));

    await page.getByRole('textbox', { name: 'Title' }).fill(`Form ${word}`);
    await page.getByRole('textbox', { name: 'Description' }).fill('Made by the new issue journey.');
    const assign = page.getByRole('combobox', { name: 'Assign a user' });
    await assign.fill('alice');
    // The suggestions re-render as the search answers: pick again if a click met the old list.
    // A pick starts the search box over (empty, focused) for the next one, as GitLab's assignee
    // dropdown stays open.
    await expect(async () => {
      await page.getByRole('listbox').getByRole('option', { name: /Alice/ }).first().click({ timeout: 2000 });
      await expect(assign).toHaveValue('', { timeout: 2000 });
    }).toPass();
    await expect(assign).toBeFocused();
    await assign.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Assignees' })).toContainText('Alice');
    await page.getByRole('textbox', { name: 'Weight' }).fill('x');
    await expect(page.getByText('Weight must be a whole number of 0 or more.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Weight' }).fill('3');
    await page.getByRole('checkbox', { name: /This issue is confidential/ }).check({ force: true });
    await shot(page, testInfo, 'new-issue-filled');
    await page.getByRole('button', { name: 'Create issue' }).click();

    await expect(page).toHaveURL(new RegExp(`/${projectPath}/-/issues/1$`));
    await expect(page.getByRole('heading', { level: 1, name: `Form ${word}` })).toBeVisible();
    const issue = await graphql<{
      project: { issue: { weight: number; confidential: boolean; assignees: { nodes: { username: string }[] } } };
    }>(
      page,
      'query($p: ID!) { project(fullPath: $p) { issue(iid: "1") { weight confidential assignees { nodes { username } } } } }',
      {
        p: projectPath,
      },
    );
    expect(issue.project.issue).toEqual({
      weight: 3,
      confidential: true,
      assignees: { nodes: [{ username: 'alice' }] },
    });
  });

  test('@narrow the roadmap and the group overview offer New epic to those who may create one', async ({ page }) => {
    await signInViaApi(page, 'alice');
    for (const path of ['/groups/acme/-/roadmap', '/acme']) {
      await page.goto(path);
      await expect(page.getByRole('link', { name: 'New epic' }).first()).toHaveAttribute(
        'href',
        '/groups/acme/-/epics/new',
      );
    }
    await signInViaApi(page, 'erin');
    await page.goto('/acme');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New epic' })).toHaveCount(0);
  });
});
