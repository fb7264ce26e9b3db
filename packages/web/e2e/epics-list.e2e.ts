import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { graphql, KEEP_SCREENSHOTS, signInViaApi } from './fixtures.ts';

/**
 * The group epics list on a group of the journey's own (23 epics: 22 open, one closed, one
 * confidential, four labelled 'backend'): the roadmap's 'View epics list' lands on the same view,
 * tabs with counts, filters with is / is not, sort, paging, an empty state, the keyboard, axe.
 */

const SHOTS = '/tmp/shots/epics-list';

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await expect(page.locator('[data-entering]')).toHaveCount(0);
  // The journey goes on from the settled page whether or not the screenshot is kept.
  if (!KEEP_SCREENSHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-${testInfo.project.name}.png`, fullPage: false });
}

async function expectNoSeriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`)).toEqual([]);
}

/** A private group of alice's with 23 undated epics; returns its path. */
async function createGroupWithEpics(page: Page, name: string): Promise<string> {
  const path = `el-${name}-${Date.now()}`;
  await graphql(page, 'mutation($input: GroupCreateInput!) { groupCreate(input: $input) { group { id } errors } }', {
    input: { name: `Epics list ${name}`, path, visibility: 'private' },
  });
  await graphql(page, 'mutation($input: LabelCreateInput!) { labelCreate(input: $input) { errors } }', {
    input: { groupPath: path, title: 'backend', color: '#1f75cb' },
  });
  for (let n = 1; n <= 23; n += 1) {
    const title = `Journey epic ${String(n).padStart(2, '0')}`;
    await graphql(page, 'mutation($input: CreateEpicInput!) { createEpic(input: $input) { errors } }', {
      input: { groupPath: path, title, confidential: n === 5, addLabels: n % 6 === 0 ? ['backend'] : [] },
    });
  }
  await graphql(page, 'mutation($input: UpdateEpicInput!) { updateEpic(input: $input) { errors } }', {
    input: { groupPath: path, iid: '23', stateEvent: 'CLOSE' },
  });
  return path;
}

const rows = (page: Page) => page.getByRole('list', { name: 'Epics' }).getByTestId('epics-list-row');
const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Filter by state' }).getByRole('link', { name: new RegExp(`^${name}`) });

/**
 * Adds a token with the keyboard alone: the type by its name (ArrowDown, Enter), the operator
 * (Enter takes the highlighted first one), the value from the suggestions, then Enter submits.
 */
async function addTokenWithKeys(page: Page, type: string, operator: 'is' | 'is not', value: string) {
  const input = page.getByRole('combobox', { name: /Search or filter/ });
  await input.focus();
  await page.keyboard.type(type);
  await expect(page.getByRole('listbox', { name: 'Filters' }).getByRole('option').first()).toHaveText(type);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox', { name: 'Operators' })).toBeVisible();
  if (operator === 'is not') await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.type(value);
  await expect(
    page
      .getByRole('listbox', { name: 'Suggestions' })
      .getByRole('option', { name: new RegExp(value) })
      .first(),
  ).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
}

test.describe('group epics list', () => {
  test('@narrow from the roadmap to the list: tabs, filters, sort, paging, empty state, keyboard', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await signInViaApi(page, 'alice');
    const path = await createGroupWithEpics(page, testInfo.project.name);

    // The roadmap has no dated epics: its 'View epics list' opens the list with the roadmap's view (all states).
    await page.goto(`/groups/${path}/-/roadmap`);
    await page.getByRole('link', { name: 'View epics list' }).click();
    await expect(page).toHaveURL(new RegExp(`/groups/${path}/-/epics\\?scope=all&state=all&sort=start_date_asc$`));
    await expect(tab(page, 'All')).toHaveAttribute('aria-current', 'page');
    await expect(tab(page, 'Open')).toHaveAccessibleName('Open 22');
    await expect(tab(page, 'Closed')).toHaveAccessibleName('Closed 1');
    await expect(tab(page, 'All')).toHaveAccessibleName('All 23');
    await expect(rows(page)).toHaveCount(20);
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await shot(page, testInfo, '01-all');
    await expectNoSeriousViolations(page);

    // The confidential epic carries its icon.
    const confidential = rows(page).filter({ hasText: 'Journey epic 05' });
    await expect(confidential.getByRole('img', { name: 'Confidential' })).toBeVisible();

    // Tabs.
    await tab(page, 'Closed').click();
    await expect(page).toHaveURL(/\?scope=all&state=closed&sort=start_date_asc$/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Journey epic 23');
    await expect(rows(page).first()).toContainText('Closed');
    await tab(page, 'Open').click();
    await expect(page).toHaveURL(/state=opened/);

    // Sort by title, descending then ascending.
    await page.getByRole('button', { name: /Start date/ }).click();
    await page.getByRole('option', { name: 'Title' }).click();
    await expect(page).toHaveURL(/sort=title_asc/);
    await expect(rows(page).first()).toContainText('Journey epic 01');
    await page.getByRole('button', { name: 'Sort direction: ascending' }).click();
    await expect(page).toHaveURL(/sort=title_desc/);
    await expect(rows(page).first()).toContainText('Journey epic 22');

    // Label is / is not.
    await addTokenWithKeys(page, 'Label', 'is', 'backend');
    await expect(page).toHaveURL(/\?scope=all&state=opened&label_name%5B%5D=backend&sort=title_desc/);
    await expect(rows(page)).toHaveCount(3);
    await expect(tab(page, 'Open')).toHaveAccessibleName('Open 3');
    await shot(page, testInfo, '03-label-is');
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(rows(page)).toHaveCount(20);
    await addTokenWithKeys(page, 'Label', 'is not', 'backend');
    await expect(page).toHaveURL(/not%5Blabel_name%5D%5B%5D=backend/);
    await expect(tab(page, 'Open')).toHaveAccessibleName('Open 19');

    // Keyboard: the arrows move between the rows' title links.
    const firstLink = rows(page).first().getByRole('link').first();
    await firstLink.focus();
    await page.keyboard.press('ArrowDown');
    await expect(rows(page).nth(1).getByRole('link').first()).toBeFocused();
    await page.keyboard.press('End');
    await expect(rows(page).last().getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Home');
    await expect(firstLink).toBeFocused();

    // Nothing matches: the filtered empty state.
    await page.getByRole('button', { name: 'Clear' }).click();
    await addTokenWithKeys(page, 'Author', 'is not', 'alice');
    await expect(page).toHaveURL(/not%5Bauthor_username%5D=alice/);
    await expect(page.getByRole('heading', { name: 'Sorry, your filter produced no results' })).toBeVisible();
    await shot(page, testInfo, '04-no-results');
    await expectNoSeriousViolations(page);

    // Paging: 22 open epics are two pages.
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(rows(page)).toHaveCount(20);
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2&next=/);
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).first()).toContainText('Journey epic 02');
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    await shot(page, testInfo, '02-page-2');
    await page.getByRole('link', { name: 'Previous' }).click();
    await expect(page).not.toHaveURL(/page=/);
    await expect(rows(page)).toHaveCount(20);

    // A deep link reproduces the view.
    await page.goto(`/groups/${path}/-/epics?state=all&label_name[]=backend&sort=title_asc`);
    await expect(rows(page)).toHaveCount(3);
    await expect(rows(page).first()).toContainText('Journey epic 06');
    await expect(tab(page, 'All')).toHaveAttribute('aria-current', 'page');
  });

  test('@narrow an empty group offers New epic', async ({ page }, testInfo) => {
    await signInViaApi(page, 'alice');
    const path = `el-empty-${testInfo.project.name}-${Date.now()}`;
    await graphql(page, 'mutation($input: GroupCreateInput!) { groupCreate(input: $input) { group { id } errors } }', {
      input: { name: `Empty ${testInfo.project.name}`, path, visibility: 'private' },
    });
    await page.goto(`/groups/${path}/-/epics`);
    await expect(
      page.getByRole('heading', {
        name: 'Epics let you manage your portfolio of projects more efficiently and with less effort',
      }),
    ).toBeVisible();
    await shot(page, testInfo, '05-empty');
    await expectNoSeriousViolations(page);
    await page.getByRole('main').getByRole('link', { name: 'New epic' }).last().click();
    await expect(page).toHaveURL(new RegExp(`/groups/${path}/-/epics/new$`));
  });
});
