import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './demo-today.ts';
import { KEEP_SCREENSHOTS, signInViaApi } from './fixtures.ts';

/**
 * The group roadmap for people who use a keyboard or a screen reader: axe finds no serious or
 * critical violation in any state (default, drawer, suggestion lists, recent searches, sort, an
 * expanded parent, popovers, empty state, the epics-limit warning, narrow screens), and one
 * journey reaches and operates every control with the keyboard alone.
 */

const ROADMAP = '/groups/acme/-/roadmap';
const THREE_YEARS = `${ROADMAP}?timeframe_range_type=THREE_YEARS&layout=MONTHS`;
const SHOTS = '/tmp/shots/a11y';

/** Waits until open popovers, menus and dialogs have finished appearing (positioned, fully opaque). */
async function settle(page: Page) {
  await expect(page.locator('[data-entering]')).toHaveCount(0);
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('[role=listbox], [role=menu], [role=tooltip], [role=dialog]')).every(
      (layer) => {
        for (let element: Element | null = layer; element; element = element.parentElement) {
          if (getComputedStyle(element).opacity === '0') return false;
        }
        return true;
      },
    ),
  );
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await settle(page);
  // The journey goes on from the settled page whether or not the screenshot is kept.
  if (!KEEP_SCREENSHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-${testInfo.project.name}.png` });
}

/** Axe on the whole page (popovers and the drawer live outside <main>): no serious or critical violation. */
async function expectNoSeriousViolations(page: Page) {
  // Let opening animations finish, so colours are read at full opacity.
  await settle(page);
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary}`).join('; ')}`,
    ),
  ).toEqual([]);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const epicsList = (page: Page) => page.getByRole('list', { name: 'Epics' });
const epicRow = (page: Page, title: string) =>
  epicsList(page).getByRole('listitem', { name: new RegExp(`^${escapeRegExp(title)},`) });
/** The filtered search's input, named by its stage ('Search or filter results', 'Label is: type or choose a value'). */
const searchInput = (page: Page) => page.getByRole('combobox', { name: /Search or filter|choose/ });

async function openRoadmap(page: Page, url = ROADMAP) {
  await signInViaApi(page, 'alice');
  await page.goto(url);
  await expect(epicRow(page, 'Platform modernization')).toBeVisible();
}

/** Opens the value suggestions of a token type with the 'is' operator, by mouse. */
async function openValueSuggestions(page: Page, type: string) {
  await searchInput(page).click();
  const listbox = page.getByRole('listbox');
  await listbox.getByRole('option', { name: type, exact: true }).click();
  await listbox.getByRole('option', { name: 'is', exact: true }).click();
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(suggestions.getByRole('option').first()).toBeVisible();
  return suggestions;
}

/** Presses Tab until `target` has focus (at most `limit` times): it is reachable by keyboard. */
async function tabTo(page: Page, target: Locator, { limit = 120, backwards = false } = {}) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

test.describe('roadmap accessibility', () => {
  test('@narrow axe: the default view', async ({ page }, testInfo) => {
    await openRoadmap(page);
    await expect(page.getByRole('region', { name: 'Milestones' })).toBeVisible();
    await shot(page, testInfo, '01-default');
    await expectNoSeriousViolations(page);
  });

  test('@narrow axe: the settings drawer', async ({ page }, testInfo) => {
    await openRoadmap(page);
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('dialog', { name: 'Roadmap settings' })).toBeVisible();
    await shot(page, testInfo, '02-settings-drawer');
    await expectNoSeriousViolations(page);
  });

  test('@narrow axe: the token-type suggestions', async ({ page }, testInfo) => {
    await openRoadmap(page);
    await searchInput(page).focus();
    await expect(page.getByRole('listbox', { name: 'Filters' }).getByRole('option', { name: 'Label' })).toBeVisible();
    await shot(page, testInfo, '03-token-types');
    await expectNoSeriousViolations(page);
  });

  test('@narrow axe: label and author value suggestions', async ({ page }, testInfo) => {
    await openRoadmap(page);
    const labels = await openValueSuggestions(page, 'Label');
    await expect(labels.getByRole('option', { name: /security/ }).first()).toBeVisible();
    await shot(page, testInfo, '04-label-values');
    await expectNoSeriousViolations(page);

    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    const authors = await openValueSuggestions(page, 'Author');
    await expect(authors.getByRole('option', { name: /grace/ }).first()).toBeVisible();
    await shot(page, testInfo, '05-author-values');
    await expectNoSeriousViolations(page);
  });

  test('@narrow axe: recent searches, none and one', async ({ page }, testInfo) => {
    await openRoadmap(page);
    const history = page.getByRole('button', { name: 'Recent searches' });
    await history.click();
    await expect(page.getByText("You don't have any recent searches")).toBeVisible();
    await shot(page, testInfo, '06-recent-searches-empty');
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');

    await searchInput(page).fill('platform');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/search=platform/);
    await history.click();
    await expect(page.getByRole('menuitem', { name: /platform/ })).toBeVisible();
    await shot(page, testInfo, '07-recent-searches-one');
    await expectNoSeriousViolations(page);
  });

  test('@narrow axe: the sort dropdown', async ({ page }, testInfo) => {
    await openRoadmap(page);
    await page.getByRole('button', { name: /Start date/ }).click();
    await expect(page.getByRole('option', { name: 'Title' })).toBeVisible();
    await shot(page, testInfo, '08-sort');
    await expectNoSeriousViolations(page);
  });

  test('@narrow axe: a parent expanded to show its child epics', async ({ page }, testInfo) => {
    await openRoadmap(page, THREE_YEARS);
    await epicRow(page, 'Platform modernization').getByRole('button', { name: 'Expand' }).click();
    await expect(epicRow(page, 'Service mesh rollout')).toBeVisible();
    await shot(page, testInfo, '09-expanded');
    await expectNoSeriousViolations(page);
  });

  test('@narrow axe: a milestone popover and a progress popover', async ({ page }, testInfo) => {
    await openRoadmap(page);
    await page.getByRole('region', { name: 'Milestones' }).getByRole('link').first().focus();
    await expect(page.getByRole('tooltip')).toContainText(/milestone/i);
    await shot(page, testInfo, '10-milestone-popover');
    await expectNoSeriousViolations(page);

    await epicRow(page, 'Platform modernization')
      .getByRole('link', { name: /weight completed/ })
      .focus();
    await expect(page.getByRole('tooltip')).toContainText('weight completed');
    await shot(page, testInfo, '11-progress-popover');
    await expectNoSeriousViolations(page);
  });

  test('@narrow axe: the empty state of a search matching nothing', async ({ page }, testInfo) => {
    await signInViaApi(page, 'alice');
    await page.goto(`${ROADMAP}?label_name[]=no-such-label`);
    await expect(page.getByRole('heading', { name: 'Sorry, no epics matched your search' })).toBeVisible();
    await shot(page, testInfo, '12-empty');
    await expectNoSeriousViolations(page);
  });

  test('axe: the epics-limit warning', async ({ page }, testInfo) => {
    // The limit is a server setting: the test lowers it in the responses instead.
    await page.route('**/api/graphql', async (route) => {
      if (!(route.request().postData() ?? '').includes('RoadmapGroupEpicsQuery')) return route.fallback();
      const response = await route.fetch();
      const body = await response.json();
      if (body.data?.group) body.data.group.roadmapEpicsLimit = 3;
      await route.fulfill({ response, json: body });
    });
    await openRoadmap(page);
    await expect(page.getByText('Some of your epics might not be visible')).toBeVisible();
    await shot(page, testInfo, '13-epics-limit');
    await expectNoSeriousViolations(page);
  });

  test('keyboard: every control is reached with Tab and operated with keys alone', async ({ page }, testInfo) => {
    // A long walk through every control: 30 s is too short with two workers sharing two cores.
    test.slow();
    await openRoadmap(page, THREE_YEARS);
    const focused = page.locator(':focus');

    // Recent searches: Enter opens the menu, Escape closes it and focus returns to the button.
    const history = page.getByRole('button', { name: 'Recent searches' });
    await tabTo(page, history);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu', { name: 'Recent searches' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu', { name: 'Recent searches' })).toHaveCount(0);
    await expect(history).toBeFocused();

    // The filtered search: type, operator and value from the lists, Enter submits.
    await page.keyboard.press('Tab');
    await expect(searchInput(page)).toBeFocused();
    await expect(searchInput(page)).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter'); // Label
    await expect(page.getByRole('listbox', { name: 'Operators' })).toBeVisible();
    await page.keyboard.press('Enter'); // is (highlighted first)
    await page.keyboard.type('security');
    await expect(
      page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: 'security', exact: true }),
    ).toBeVisible();
    await page.keyboard.press('Enter'); // the first suggestion
    await page.keyboard.press('Enter'); // submit
    await expect(page).toHaveURL(/label_name%5B%5D=security/);
    await expect(epicRow(page, 'Platform modernization')).toHaveCount(0);
    await shot(page, testInfo, '14-keyboard-filtered');
    // The chip: Shift+Tab reaches its remove button, Enter removes it (and submits).
    await page.keyboard.press('Escape');
    await page.keyboard.press('Shift+Tab');
    await expect(focused).toHaveAttribute('slot', 'remove');
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/label_name/);
    await expect(epicRow(page, 'Platform modernization')).toBeVisible();
    await expect(searchInput(page)).toBeFocused();
    await page.keyboard.press('Escape');

    // Sort: the field from its dropdown, then the direction, and back.
    const sortField = page.getByRole('button', { name: /Start date/ });
    await tabTo(page, sortField);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('option', { name: 'Start date' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/sort=TITLE_ASC/);
    await expect(page.getByRole('button', { name: /Title/ })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(focused).toHaveAccessibleName('Sort direction: ascending');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/sort=TITLE_DESC/);
    // The button shows the new direction (the page has drawn the new sort) before it is pressed again.
    await expect(focused).toHaveAccessibleName('Sort direction: descending');
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/sort=TITLE_ASC/);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('option', { name: 'Title' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/sort=TITLE/);
    await expect(sortField).toBeFocused();

    // The settings drawer: Enter opens it, a switch toggles with Space, Escape closes it and focus
    // returns to the Settings button.
    const settings = page.getByRole('button', { name: 'Settings' });
    await tabTo(page, settings);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Roadmap settings' });
    await expect(drawer).toBeVisible();
    await tabTo(page, drawer.getByRole('switch', { name: 'Display labels' }), { limit: 30 });
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/show_labels=true/);
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(settings).toBeFocused();

    // The milestones row: its toggle, then a milestone with its popover.
    const milestones = page.getByRole('region', { name: 'Milestones' });
    const toggle = milestones.getByRole('button', { name: /Milestones/ });
    await tabTo(page, toggle, { limit: 5 });
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // The three years' milestones are capped: 'Show all' comes next, and Enter works it both ways.
    await page.keyboard.press('Tab');
    await expect(milestones.getByRole('button', { name: /^Show all \d+ milestone lines$/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(milestones.getByRole('button', { name: 'Show fewer milestone lines' })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(milestones.getByRole('link').first()).toBeFocused();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tooltip')).toHaveCount(0);

    // A row: expand, the title link, the labels, the bar with its popover.
    const parent = epicRow(page, 'Platform modernization');
    await tabTo(page, parent.getByRole('button', { name: 'Expand' }));
    await page.keyboard.press('Enter');
    await expect(epicRow(page, 'Service mesh rollout')).toBeVisible();
    await expect(parent.getByRole('button', { name: 'Collapse' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(parent.getByRole('link', { name: 'Platform modernization', exact: true })).toBeFocused();
    await tabTo(page, parent.getByRole('button', { name: /^Filter by label/ }).first(), { limit: 3 });
    const bar = parent.getByRole('link', { name: /weight completed/ });
    await tabTo(page, bar, { limit: 10 });
    await expect(page.getByRole('tooltip')).toContainText('weight completed');
    await shot(page, testInfo, '15-keyboard-bar-popover');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await tabTo(page, parent.getByRole('button', { name: 'Collapse' }), { limit: 10, backwards: true });
    await page.keyboard.press('Enter');
    await expect(epicRow(page, 'Service mesh rollout')).toHaveCount(0);

    // A label filters by it; a title link opens the epic (after the Home key: the first epic).
    await page.keyboard.press('Home');
    await expect(focused).toHaveAttribute('href', /\/epics\/\d+$/);
    const labelButton = epicsList(page)
      .getByRole('button', { name: /^Filter by label/ })
      .first();
    await tabTo(page, labelButton, { limit: 10 });
    const label = ((await labelButton.getAttribute('aria-label')) ?? '').replace('Filter by label ', '');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.getAll('label_name[]')).toEqual([label]);
    // The filtered rows are in (every row has the label) before a row is focused: a row of the list
    // before them would be replaced, and the focus with it.
    const rows = epicsList(page).getByRole('listitem');
    await expect(rows.first()).toBeVisible();
    await expect(rows.filter({ hasNot: page.getByRole('button', { name: `Filter by label ${label}` }) })).toHaveCount(
      0,
    );
    const titleLink = rows.first().getByRole('link').first();
    await titleLink.focus();
    await expect(titleLink).toBeFocused();
    const href = await titleLink.getAttribute('href');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(href ?? '');
  });

  test('keyboard: Home and End in the long, virtualised list of epics', async ({ page }, testInfo) => {
    // A short window and every parent expanded: many more rows than are drawn.
    await page.setViewportSize({ width: 1440, height: 600 });
    await openRoadmap(page, `${THREE_YEARS}&show_labels=true`);
    const rowCount = () => epicsList(page).getByRole('listitem').first().getAttribute('aria-setsize');
    for (let i = 0; i < 40 && Number(await rowCount()) < 30; i++) {
      const before = await rowCount();
      await epicsList(page).getByRole('button', { name: 'Expand' }).first().click();
      await expect.poll(rowCount).not.toBe(before);
      await expect(page.getByText('Loading child epics')).toHaveCount(0);
    }
    expect(Number(await rowCount())).toBeGreaterThanOrEqual(30);
    const focused = page.locator(':focus');
    await epicsList(page).getByRole('link').first().focus();
    await expect(epicsList(page).locator(`li[aria-posinset="${await rowCount()}"]`)).toHaveCount(0);

    // Home and End: the first and last loaded epics, scrolled to and focused.
    const shell = page.getByTestId('roadmap-shell');
    const focusedRow = () =>
      page.evaluate(() => {
        const item = document.activeElement?.closest('li');
        return {
          position: Number(item?.getAttribute('aria-posinset')),
          size: Number(item?.getAttribute('aria-setsize')),
        };
      });
    await page.keyboard.press('End');
    await expect(focused).toHaveJSProperty('tagName', 'A');
    await expect(focused).toBeInViewport();
    const end = await focusedRow();
    expect(end.position).toBeGreaterThanOrEqual(end.size - 1);
    // The last page arrives once the end is in view; End again reaches its last epic.
    await expect(epicRow(page, 'API v5 design')).toBeAttached();
    await page.keyboard.press('End');
    await expect(focused).toHaveAccessibleName('API v5 design');
    await expect(focused).toBeInViewport();
    await shot(page, testInfo, '16-keyboard-end');
    await page.keyboard.press('Home');
    await expect.poll(async () => (await focusedRow()).position).toBe(1);
    await expect(focused).toBeInViewport();
    await expect(shell).toHaveJSProperty('scrollTop', 0);

    // Scrolling with the keys keeps the focused row (it is not unmounted out from under focus).
    const firstTitle = await focused.textContent();
    // PageDown scrolls by the rows' visible height (less the sticky header and milestones rows).
    const scrollTop = () => shell.evaluate((element) => element.scrollTop);
    for (let i = 0; i < 40 && (await scrollTop()) <= 1000; i++) await page.keyboard.press('PageDown');
    await expect.poll(scrollTop).toBeGreaterThan(1000);
    // Chromium animates key scrolling: a Tab pressed while that animation runs races it (its focus
    // scroll can be overtaken). The user's next key comes once the list has come to rest.
    const settled = () =>
      shell.evaluate(
        (element) =>
          new Promise<boolean>((resolve) => {
            const before = element.scrollTop;
            setTimeout(() => resolve(element.scrollTop === before), 150);
          }),
      );
    await expect.poll(settled).toBe(true);
    await expect(focused).toHaveText(firstTitle ?? '');
    // Tab from there brings the row's bar back into view, clear of the sticky header and details column.
    const firstRow = epicsList(page).locator('li[aria-posinset="1"]');
    await tabTo(page, firstRow.locator('[data-tooltip="epic-bar"]'), { limit: 5 });
    // The scroll that brings the focused bar into view may end a frame after the focus moved: wait for it.
    // Both boxes read at the same moment: the page itself may scroll too.
    const header = shell.getByText('Epics', { exact: true });
    const belowHeader = async () => {
      const [bar, head] = await Promise.all([focused.boundingBox(), header.boundingBox()]);
      return bar && head ? bar.y - (head.y + head.height) : Number.NaN;
    };
    await expect.poll(belowHeader).toBeGreaterThanOrEqual(0);
    const [barBox, headerBox] = await Promise.all([focused.boundingBox(), header.boundingBox()]);
    expect(barBox?.x).toBeGreaterThanOrEqual((headerBox?.x ?? 0) + (headerBox?.width ?? 0) - 1);
    // The details column is sticky: Shift+Tab back along it leaves the timeline where it is.
    const scrollLeft = await shell.evaluate((element) => element.scrollLeft);
    await tabTo(page, firstRow.getByRole('link').first(), { limit: 5, backwards: true });
    await expect(focused).toBeInViewport();
    await expect(shell).toHaveJSProperty('scrollLeft', scrollLeft);
  });
});
