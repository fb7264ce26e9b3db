import type { Locator, Page } from '@playwright/test';
import { addDays, DEMO_TODAY, dateInWords, expect, test } from './demo-today.ts';
import { graphql, KEEP_SCREENSHOTS, nextSave, signInViaApi } from './fixtures.ts';

const SHOTS = '/tmp/shots/epic-sidebar';
const START = addDays(DEMO_TODAY, 10);
const DUE = addDays(DEMO_TODAY, 70);
const BEFORE_START = addDays(DEMO_TODAY, 3);

const CREATE_EPIC = `mutation($input: CreateEpicInput!) { createEpic(input: $input) { epic { id iid } errors } }`;
const SUBSCRIBED = `query($iid: ID!) { group(fullPath: "acme") { epic(iid: $iid) { subscribed } } }`;

type Created = { createEpic: { epic: { id: string; iid: string } } };

/** A parent epic and its child in acme, made by alice for this journey. */
async function createEpics(page: Page, name: string) {
  const parent = await graphql<Created>(page, CREATE_EPIC, {
    input: { groupPath: 'acme', title: `${name} parent` },
  });
  const child = await graphql<Created>(page, CREATE_EPIC, {
    input: { groupPath: 'acme', title: `${name} child`, parentId: parent.createEpic.epic.id, addLabels: ['feature'] },
  });
  return { parentIid: parent.createEpic.epic.iid, childIid: child.createEpic.epic.iid };
}

const sidebarOf = (page: Page) => page.getByRole('complementary', { name: 'Epic details' });
const section = (scope: Page | Locator, name: string) => scope.getByRole('region', { name, exact: true });

/**
 * A screenshot of the whole page. Not `fullPage`: Chromium then lays the page out at 1 px wide for a
 * moment, and the sidebar collapses as it does on a small screen. The viewport grows to the page's
 * height instead (the width stays), and goes back after.
 */
async function shot(page: Page, name: string) {
  if (!KEEP_SCREENSHOTS) return;
  const viewport = page.viewportSize() ?? { width: 1440, height: 900 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (height > viewport.height) await page.setViewportSize({ width: viewport.width, height });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  if (height > viewport.height) await page.setViewportSize(viewport);
}

test('alice edits the sidebar of an epic: notifications, dates, labels, colour, confidentiality', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInViaApi(page, 'alice');
  const { parentIid, childIid } = await createEpics(page, 'Sidebar journey');
  await page.goto(`/groups/acme/-/epics/${childIid}`);
  const sidebar = sidebarOf(page);
  await expect(section(sidebar, 'Start date')).toContainText('None');
  await expect(section(sidebar, 'Ancestors').getByRole('link', { name: 'Sidebar journey parent' })).toHaveAttribute(
    'href',
    `/groups/acme/-/epics/${parentIid}`,
  );
  await expect(section(sidebar, 'Participants').getByRole('link', { name: 'Alice Anderson' })).toBeVisible();
  await expect(section(sidebar, 'Labels').getByText('feature')).toBeVisible();
  await shot(page, 'default-desktop');

  // Notifications: turn them on, then off again; the server keeps each choice.
  const notifications = section(sidebar, 'Notifications').getByRole('switch', { name: 'Notifications' });
  await expect(notifications).not.toBeChecked();
  await notifications.click({ force: true });
  await expect(notifications).toBeChecked();
  await expect(section(sidebar, 'Notifications')).toContainText('You will be notified of activity on this epic.');
  await expect(notifications).toBeEnabled();
  const on = await graphql<{ group: { epic: { subscribed: boolean } } }>(page, SUBSCRIBED, { iid: childIid });
  expect(on.group.epic.subscribed).toBe(true);
  await shot(page, 'subscribed-desktop');
  await notifications.click({ force: true });
  await expect(notifications).not.toBeChecked();
  await expect(notifications).toBeEnabled();
  const off = await graphql<{ group: { epic: { subscribed: boolean } } }>(page, SUBSCRIBED, { iid: childIid });
  expect(off.group.epic.subscribed).toBe(false);

  // Start date: fixed.
  const start = section(sidebar, 'Start date');
  await start.getByRole('button', { name: 'Edit start date' }).click();
  await start.getByRole('radio', { name: 'Fixed' }).check({ force: true });
  await start.getByRole('textbox', { name: 'Fixed start date' }).fill(START);
  await start.getByRole('textbox', { name: 'Fixed start date' }).press('Enter');
  await shot(page, 'editing-start-date-desktop');
  await start.getByRole('button', { name: 'Save' }).click();
  await expect(start).toContainText(dateInWords(START));
  await expect(start).toContainText('Fixed');

  // Due date: one before the start date is refused with a message, nothing saved.
  const due = section(sidebar, 'Due date');
  await due.getByRole('button', { name: 'Edit due date' }).click();
  await due.getByRole('radio', { name: 'Fixed' }).check({ force: true });
  await due.getByRole('textbox', { name: 'Fixed due date' }).fill(BEFORE_START);
  await due.getByRole('textbox', { name: 'Fixed due date' }).press('Enter');
  await due.getByRole('button', { name: 'Save' }).click();
  await expect(due.getByRole('alert')).toHaveText(
    `The due date must be on or after the start date (${dateInWords(START)}).`,
  );
  await shot(page, 'error-due-before-start-desktop');
  await due.getByRole('textbox', { name: 'Fixed due date' }).fill(DUE);
  await due.getByRole('textbox', { name: 'Fixed due date' }).press('Enter');
  await due.getByRole('button', { name: 'Save' }).click();
  await expect(due).toContainText(dateInWords(DUE));

  // Labels: scoped labels are one per scope; changes are saved when the dropdown closes.
  const labels = section(sidebar, 'Labels');
  await labels.getByRole('button', { name: 'Edit labels' }).click();
  const picker = page.getByRole('dialog', { name: 'Assign labels' });
  const options = picker.getByRole('listbox', { name: 'Labels' });
  await options.getByRole('option', { name: 'priority::high' }).click();
  await expect(options.getByRole('option', { name: 'priority::high' })).toHaveAttribute('aria-selected', 'true');
  await options.getByRole('option', { name: 'priority::low' }).click();
  await expect(options.getByRole('option', { name: 'priority::high' })).toHaveAttribute('aria-selected', 'false');
  await options.getByRole('option', { name: 'feature' }).click();
  await picker.getByRole('searchbox', { name: 'Search labels' }).fill('bug');
  await expect(options.getByRole('option')).toHaveCount(1);
  await options.getByRole('option', { name: 'bug' }).click();
  await shot(page, 'label-picker-open-desktop');

  // 'Create group label': disabled until a name and a colour; a taken name is refused.
  await picker.getByRole('button', { name: 'Create group label' }).click();
  const create = picker.getByRole('button', { name: 'Create', exact: true });
  await expect(create).toBeDisabled();
  await picker.getByRole('textbox', { name: 'Name' }).fill('  bug  ');
  await expect(create).toBeDisabled();
  await picker.getByRole('button', { name: 'Crimson' }).click();
  await expect(create).toBeEnabled();
  await create.click();
  await expect(picker.getByRole('alert')).toContainText('Error creating label.');
  await shot(page, 'error-create-label-desktop');
  const newLabel = `sidebar-${Date.now()}`;
  await picker.getByRole('textbox', { name: 'Name' }).fill(`  ${newLabel} `);
  await expect(picker.getByRole('alert')).toHaveCount(0);
  await shot(page, 'label-picker-create-form-desktop');
  await create.click();
  await expect(picker.getByRole('heading', { name: 'Assign labels' })).toBeVisible();
  await picker.getByRole('searchbox', { name: 'Search labels' }).fill(newLabel);
  await expect(options.getByRole('option', { name: newLabel })).toHaveAttribute('aria-selected', 'true');
  // The chips show the change at once and the picker saves it as it closes: the reload below waits for
  // the save's answer (without it, a quick reload read the labels from before the save).
  const labelsSaved = nextSave(page, 'UpdateEpicSidebarMutation');
  await picker.getByRole('button', { name: 'Close' }).click();
  await expect(picker).toBeHidden();
  const chips = labels.getByRole('list', { name: 'Labels' });
  await expect(chips.getByRole('listitem')).toHaveCount(3);
  await expect(chips).toContainText('priority');
  await expect(chips).toContainText('low');
  await expect(chips).toContainText('bug');
  await expect(chips).toContainText(newLabel);
  await expect(chips).not.toContainText('feature');
  expect((await labelsSaved).ok()).toBe(true);
  await page.reload();
  await expect(section(sidebarOf(page), 'Labels').getByRole('listitem')).toHaveCount(3);
  await shot(page, 'labels-saved-desktop');

  // Colour.
  const color = section(sidebar, 'Color');
  await color.getByRole('button', { name: 'Edit color' }).click();
  await page.getByRole('listbox', { name: 'Colors' }).getByRole('option', { name: 'Green' }).click();
  await expect(color).toContainText('Green');

  // Confidentiality: turn it on after a confirmation.
  const confidentiality = section(sidebar, 'Confidentiality');
  await expect(confidentiality).toContainText('Not confidential');
  await confidentiality.getByRole('button', { name: 'Edit confidentiality' }).click();
  await expect(confidentiality).toContainText("You're about to turn on the confidentiality.");
  await shot(page, 'confirm-confidentiality-desktop');
  await confidentiality.getByRole('button', { name: 'Turn on' }).click();
  await expect(confidentiality).toContainText('This epic is confidential');
  await shot(page, 'edited-desktop');

  // The parent cannot be made confidential while it has a non-confidential child: the server says why.
  const other = await createEpics(page, 'Confidential rule');
  await page.goto(`/groups/acme/-/epics/${other.parentIid}`);
  const parentConfidentiality = section(sidebarOf(page), 'Confidentiality');
  await parentConfidentiality.getByRole('button', { name: 'Edit confidentiality' }).click();
  await parentConfidentiality.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'non-confidential child epics' })).toBeVisible();
  await expect(parentConfidentiality).toContainText("You're about to turn on the confidentiality.");
  await shot(page, 'error-confidential-parent-desktop');
});

test('the sidebar collapses, and stays collapsed on the next visit (cookie)', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInViaApi(page, 'alice');
  const { childIid } = await createEpics(page, 'Collapse journey');
  await page.goto(`/groups/acme/-/epics/${childIid}`);
  const sidebar = sidebarOf(page);
  await sidebar.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(section(sidebar, 'Start date')).toHaveCount(0);
  await expect(sidebar.getByRole('button', { name: 'Labels: feature' })).toBeVisible();
  await shot(page, 'collapsed-desktop');
  await page.reload();
  const expand = sidebarOf(page).getByRole('button', { name: 'Expand sidebar' });
  await expect(expand).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'collapsed_gutter')?.value).toBe('true');
  await expand.focus();
  await page.keyboard.press('Enter');
  await expect(section(sidebarOf(page), 'Start date')).toBeVisible();
});

test('on a narrow screen the sidebar starts collapsed and opens as a drawer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInViaApi(page, 'alice');
  const { childIid } = await createEpics(page, 'Narrow journey');
  await page.goto(`/groups/acme/-/epics/${childIid}`);
  const open = page.getByRole('button', { name: 'Expand sidebar' });
  await expect(open).toBeVisible();
  await expect(page.getByRole('region', { name: 'Start date' })).toHaveCount(0);
  await shot(page, 'default-mobile');

  await open.click();
  const drawer = page.getByRole('dialog', { name: 'Epic details' });
  await expect(section(drawer, 'Start date')).toBeVisible();
  if (KEEP_SCREENSHOTS) await page.screenshot({ path: `${SHOTS}/drawer-mobile.png` });

  const start = section(drawer, 'Start date');
  await start.getByRole('button', { name: 'Edit start date' }).click();
  await start.getByRole('radio', { name: 'Fixed' }).check({ force: true });
  await start.getByRole('textbox', { name: 'Fixed start date' }).fill(START);
  await start.getByRole('textbox', { name: 'Fixed start date' }).press('Enter');
  if (KEEP_SCREENSHOTS) await page.screenshot({ path: `${SHOTS}/editing-start-date-mobile.png` });
  await start.getByRole('button', { name: 'Save' }).click();
  await expect(start).toContainText(dateInWords(START));

  const due = section(drawer, 'Due date');
  await due.getByRole('button', { name: 'Edit due date' }).click();
  await due.getByRole('radio', { name: 'Fixed' }).check({ force: true });
  await due.getByRole('textbox', { name: 'Fixed due date' }).fill(BEFORE_START);
  await due.getByRole('textbox', { name: 'Fixed due date' }).press('Enter');
  await due.getByRole('button', { name: 'Save' }).click();
  await expect(due.getByRole('alert')).toContainText('The due date must be on or after the start date');
  await due.getByRole('alert').scrollIntoViewIfNeeded();
  if (KEEP_SCREENSHOTS) await page.screenshot({ path: `${SHOTS}/error-due-before-start-mobile.png` });
  await due.getByRole('button', { name: 'Cancel' }).click();

  await section(drawer, 'Labels').getByRole('button', { name: 'Edit labels' }).click();
  const picker = page.getByRole('dialog', { name: 'Assign labels' });
  await picker.getByRole('listbox', { name: 'Labels' }).getByRole('option', { name: 'workflow::ready' }).click();
  if (KEEP_SCREENSHOTS) await page.screenshot({ path: `${SHOTS}/label-picker-open-mobile.png` });
  await picker.getByRole('button', { name: 'Create group label' }).click();
  await picker.getByRole('textbox', { name: 'Name' }).fill('mobile label');
  if (KEEP_SCREENSHOTS) await page.screenshot({ path: `${SHOTS}/label-picker-create-form-mobile.png` });
  await picker.getByRole('textbox', { name: 'Name' }).fill('bug');
  await picker.getByRole('button', { name: 'Crimson' }).click();
  await picker.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(picker.getByRole('alert')).toContainText('Error creating label.');
  if (KEEP_SCREENSHOTS) await page.screenshot({ path: `${SHOTS}/error-create-label-mobile.png` });
  await picker.getByRole('button', { name: 'Cancel' }).click();
  await picker.getByRole('button', { name: 'Close' }).click();
  await expect(section(drawer, 'Labels')).toContainText('ready');

  await section(drawer, 'Confidentiality').getByRole('button', { name: 'Edit confidentiality' }).click();
  if (KEEP_SCREENSHOTS) await page.screenshot({ path: `${SHOTS}/confirm-confidentiality-mobile.png` });
  await section(drawer, 'Confidentiality').getByRole('button', { name: 'Cancel' }).click();

  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(open).toBeFocused();
});

for (const viewport of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
] as const) {
  test(`errors: labels and participants that cannot be fetched say so (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signInViaApi(page, 'alice');
    const { childIid } = await createEpics(page, `Errors journey ${viewport.name}`);
    await page.route('**/api/graphql', async (route) => {
      const body = route.request().postData() ?? '';
      if (body.includes('EpicParticipantsQuery') || body.includes('LabelPickerLabelsQuery')) {
        await route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[{"message":"boom"}]}' });
        return;
      }
      await route.fallback();
    });
    await page.goto(`/groups/acme/-/epics/${childIid}`);
    const message = 'There was an error getting the epic participants.';
    let scope: Locator = sidebarOf(page);
    if (viewport.name === 'mobile') {
      // Collapsed on a narrow screen: the participants are fetched when the drawer opens.
      await page.getByRole('button', { name: 'Expand sidebar' }).click();
      scope = page.getByRole('dialog', { name: 'Epic details' });
    } else {
      await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    }
    await expect(section(scope, 'Participants')).toContainText(message);
    await section(scope, 'Labels').getByRole('button', { name: 'Edit labels' }).click();
    await expect(page.getByRole('dialog', { name: 'Assign labels' }).getByRole('alert')).toHaveText(
      'Error fetching labels.',
    );
    if (KEEP_SCREENSHOTS && viewport.name === 'mobile')
      await page.screenshot({ path: `${SHOTS}/error-fetch-labels-mobile.png` });
    else await shot(page, 'error-fetch-labels-desktop');
  });
}

test('a signed-out visitor sees the values only', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInViaApi(page, 'alice');
  const { childIid } = await createEpics(page, 'Visitor journey');
  const visitor = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await visitor.goto(`/groups/acme/-/epics/${childIid}`);
  const sidebar = sidebarOf(visitor);
  await expect(section(sidebar, 'Labels')).toContainText('feature');
  await expect(section(sidebar, 'Confidentiality')).toContainText('Not confidential');
  await expect(sidebar.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await expect(section(sidebar, 'Notifications')).toHaveCount(0);
  await shot(visitor, 'signed-out-desktop');
  await visitor.close();
});

test('inherited dates name their source (a demo epic whose dates come from its children)', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInViaApi(page, 'alice');
  const found = await graphql<{ group: { epics: { nodes: { iid: string; title: string }[] } } }>(
    page,
    `query { group(fullPath: "acme") { epics(search: "Platform modernization") { nodes { iid title } } } }`,
  );
  const epic = found.group.epics.nodes.find((e) => e.title === 'Platform modernization');
  expect(epic, 'the demo epic').toBeDefined();
  await page.goto(`/groups/acme/-/epics/${epic?.iid}`);
  const start = section(sidebarOf(page), 'Start date');
  await expect(start).toContainText('Inherited from child epic');
  await expect(start.getByRole('link')).toHaveAttribute('href', /\/groups\/(acme|acme\/platform)\/-\/epics\/\d+$/);
  await start.getByRole('button', { name: 'Edit start date' }).click();
  await expect(start.getByRole('radio', { name: /Inherited/ })).toBeChecked();
  await shot(page, 'inherited-desktop');
});
