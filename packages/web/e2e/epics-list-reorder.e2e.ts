import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { graphql, KEEP_SCREENSHOTS, nextSave, signInViaApi } from './fixtures.ts';

/**
 * The epics list's manual order on a group of the journey's own: drag an epic onto another's place
 * (the mouse on the desktop, a finger on the grip on the narrow touch screen), move with the
 * keyboard's Alt+arrows, the order kept after a reload, the grip shown only in manual order, axe clean.
 */

const SHOTS = '/tmp/shots/epics-list';

async function createGroupWithEpics(page: Page, name: string): Promise<string> {
  const path = `elr-${name}-${Date.now()}`;
  await graphql(page, 'mutation($input: GroupCreateInput!) { groupCreate(input: $input) { group { id } errors } }', {
    input: { name: `Epics order ${name}`, path, visibility: 'private' },
  });
  for (const title of ['First', 'Second', 'Third', 'Fourth']) {
    await graphql(page, 'mutation($input: CreateEpicInput!) { createEpic(input: $input) { errors } }', {
      input: { groupPath: path, title },
    });
  }
  return path;
}

/** A finger (Chromium's touch input) pressing `grip`, moving in steps onto `target`'s upper half, lifting. */
async function touchDrag(page: Page, grip: Locator, target: Locator) {
  const from = await grip.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('grip or target not laid out');
  const cdp = await page.context().newCDPSession(page);
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  const end = { x: to.x + to.width / 2, y: to.y + to.height / 4 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [start] });
  for (let step = 1; step <= 5; step++) {
    const point = { x: start.x + ((end.x - start.x) * step) / 5, y: start.y + ((end.y - start.y) * step) / 5 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

const rows = (page: Page) => page.getByRole('list', { name: 'Epics' }).getByTestId('epics-list-row');
const titles = (page: Page) => rows(page).locator('[data-row-focus]').allTextContents();

test.describe('epics list manual order', () => {
  test('@narrow drag (or Alt+arrows) reorders epics and the order stays', async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await signInViaApi(page, 'alice');
    const path = await createGroupWithEpics(page, testInfo.project.name);

    // Other sorts offer no dragging.
    await page.goto(`/groups/${path}/-/epics?sort=title_asc`);
    await expect(rows(page)).toHaveCount(4);
    await expect(rows(page).first()).toHaveAttribute('draggable', 'false');

    await page.goto(`/groups/${path}/-/epics?sort=relative_position`);
    await expect.poll(() => titles(page)).toEqual(['First', 'Second', 'Third', 'Fourth']);
    await expect(rows(page).first()).toHaveAttribute('draggable', 'true');
    await expect(rows(page).first().getByTitle('Drag to reorder')).toBeVisible();

    if (testInfo.project.name === 'desktop') {
      await rows(page).nth(2).dragTo(rows(page).nth(0));
    } else {
      await touchDrag(page, rows(page).nth(2).getByTitle('Drag to reorder'), rows(page).nth(0));
    }
    await expect.poll(() => titles(page)).toEqual(['Third', 'First', 'Second', 'Fourth']);
    await expect(page.getByRole('link', { name: 'Third' })).toBeVisible();

    // The keyboard moves the focused epic down, and focus follows it.
    await page.getByRole('link', { name: 'First' }).focus();
    const moved = nextSave(page, '/reorder');
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => titles(page)).toEqual(['Third', 'Second', 'First', 'Fourth']);
    await expect(page.getByRole('link', { name: 'First' })).toBeFocused();

    expect((await moved).ok()).toBe(true);
    await page.reload();
    await expect.poll(() => titles(page)).toEqual(['Third', 'Second', 'First', 'Fourth']);
    await expect(page.locator('[data-entering]')).toHaveCount(0);
    if (KEEP_SCREENSHOTS) await page.screenshot({ path: `${SHOTS}/manual-order-${testInfo.project.name}.png` });

    const result = await new AxeBuilder({ page }).analyze();
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => v.id)).toEqual([]);
  });
});
