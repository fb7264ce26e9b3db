import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { graphql, KEEP_SCREENSHOTS, signInViaApi } from './fixtures.ts';

const SHOTS = '/tmp/shots/epic-header';
const CONFLICT =
  'Someone edited this epic at the same time you did. The description has been updated and you will need to make your changes again.';

async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (!KEEP_SCREENSHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-${testInfo.project.name}.png`, fullPage: true });
}

/** Creates an epic in acme as the signed-in user; returns its iid. */
async function createEpic(page: Page, title: string, description: string, confidential = false): Promise<string> {
  const data = await graphql<{ createEpic: { epic: { iid: string }; errors: string[] } }>(
    page,
    'mutation($input: CreateEpicInput!) { createEpic(input: $input) { epic { iid } errors } }',
    { input: { groupPath: 'acme', title, description, confidential } },
  );
  expect(data.createEpic.errors).toEqual([]);
  return data.createEpic.epic.iid;
}

const isNarrow = (testInfo: TestInfo) => testInfo.project.name === 'narrow';
const actionsMenu = (page: Page) => page.getByRole('menu', { name: 'Epic actions' });

async function openActions(page: Page) {
  await page.getByRole('button', { name: 'Epic actions' }).click();
  await expect(actionsMenu(page)).toBeVisible();
}

/** Edit: the button on wide screens, inside the actions menu on narrow ones. */
async function startEditing(page: Page, testInfo: TestInfo) {
  if (isNarrow(testInfo)) {
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
    await openActions(page);
    await actionsMenu(page).getByRole('menuitem', { name: 'Edit' }).click();
  } else {
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
  }
  await expect(page.getByRole('textbox', { name: 'Title' })).toBeVisible();
}

test.describe('epic page header', () => {
  test('@narrow alice edits the title and description, with a preview', async ({ page }, testInfo) => {
    await signInViaApi(page, 'alice');
    const iid = await createEpic(page, `Header journey ${testInfo.project.name}`, 'First *draft*');
    await page.goto(`/groups/acme/-/epics/${iid}`);

    await expect(
      page.getByRole('heading', { level: 1, name: `Header journey ${testInfo.project.name}` }),
    ).toBeVisible();
    await expect(page.getByText('Open', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Opened (just now|\d+ (second|minute)s? ago) by/)).toBeVisible();
    const opened = page.getByText(/^Opened .* by/);
    const author = opened.getByRole('link', { name: isNarrow(testInfo) ? 'alice' : 'Alice Anderson' });
    await expect(author).toHaveAttribute('href', '/alice');
    await expect(page.locator('em', { hasText: 'draft' })).toBeVisible();
    await expect(page.getByText(/The rest of the epic page is coming/)).toHaveCount(0);
    await shot(page, testInfo, '01-default');

    await startEditing(page, testInfo);
    await shot(page, testInfo, '02-edit-form');
    await page.getByRole('textbox', { name: 'Title' }).fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText("Title can't be blank.")).toBeVisible();

    const title = `Header journey edited ${testInfo.project.name}`;
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('textbox', { name: 'Description' }).fill('## Plan\n\n- [x] **Bold** step\n- [ ] Next step');
    await page.getByRole('tablist', { name: 'Description editor' }).getByRole('tab', { name: 'Preview' }).click();
    const preview = page.getByRole('tabpanel', { name: 'Preview' });
    await expect(preview.getByRole('heading', { name: 'Plan', level: 2 })).toBeVisible();
    await expect(preview.locator('strong', { hasText: 'Bold' })).toBeVisible();
    await shot(page, testInfo, '03-preview');

    await page.getByRole('tablist', { name: 'Description editor' }).getByRole('tab', { name: 'Write' }).click();
    await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue(
      '## Plan\n\n- [x] **Bold** step\n- [ ] Next step',
    );
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Plan' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test('@narrow a concurrent edit keeps the user’s text and shows the latest version', async ({ page }, testInfo) => {
    await signInViaApi(page, 'alice');
    const iid = await createEpic(page, `Conflict ${testInfo.project.name}`, 'Original');
    await page.goto(`/groups/acme/-/epics/${iid}`);
    await startEditing(page, testInfo);
    await page.getByRole('textbox', { name: 'Description' }).fill('My careful rewrite');

    // Someone else saves first.
    await graphql(page, 'mutation($input: UpdateEpicInput!) { updateEpic(input: $input) { errors } }', {
      input: { groupPath: 'acme', iid, description: 'Their change' },
    });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('alert').filter({ hasText: CONFLICT })).toHaveText(CONFLICT);
    await expect(page.getByRole('region', { name: 'Latest version' }).getByText('Their change')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue('My careful rewrite');
    await shot(page, testInfo, '04-conflict');

    // Saving again, now based on the latest version, keeps the user's text.
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('My careful rewrite')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Description' })).toHaveCount(0);
  });

  test('changes to other attributes meanwhile (closing) are not an edit conflict', async ({ page }, testInfo) => {
    await signInViaApi(page, 'alice');
    const iid = await createEpic(page, `No conflict ${testInfo.project.name}`, 'Original');
    await page.goto(`/groups/acme/-/epics/${iid}`);
    await startEditing(page, testInfo);
    await page.getByRole('textbox', { name: 'Description' }).fill('Rewritten while it was closed');
    await graphql(page, 'mutation($input: UpdateEpicInput!) { updateEpic(input: $input) { errors } }', {
      input: { groupPath: 'acme', iid, stateEvent: 'CLOSE' },
    });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Rewritten while it was closed')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Description' })).toHaveCount(0);
    await expect(page.getByText(CONFLICT)).toHaveCount(0);
    await expect(page.getByText('Closed', { exact: true })).toBeVisible();
  });

  test('@narrow alice closes and reopens an epic and copies its reference', async ({ page, context }, testInfo) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInViaApi(page, 'alice');
    const iid = await createEpic(page, `State journey ${testInfo.project.name}`, '', true);
    await page.goto(`/groups/acme/-/epics/${iid}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Confidential', { exact: true })).toBeVisible();

    await openActions(page);
    const expected = isNarrow(testInfo)
      ? ['Edit', 'Close epic', 'New epic', 'Copy reference', 'View on roadmap', 'Delete epic']
      : ['Close epic', 'New epic', 'Copy reference', 'View on roadmap', 'Delete epic'];
    await expect(actionsMenu(page).getByRole('menuitem')).toHaveText(expected);
    await expect(actionsMenu(page).getByRole('menuitem', { name: 'New epic' })).toHaveAttribute(
      'href',
      '/groups/acme/-/epics/new',
    );
    await shot(page, testInfo, '05-actions-menu');

    await actionsMenu(page).getByRole('menuitem', { name: 'Close epic' }).click();
    await expect(page.getByText('Closed', { exact: true })).toBeVisible();
    await shot(page, testInfo, '06-closed');
    await page.reload();
    await expect(page.getByText('Closed', { exact: true })).toBeVisible();

    await openActions(page);
    await actionsMenu(page).getByRole('menuitem', { name: 'Reopen epic' }).click();
    await expect(page.getByText('Open', { exact: true })).toBeVisible();

    await openActions(page);
    await actionsMenu(page).getByRole('menuitem', { name: 'Copy reference' }).click();
    const notifications = page.getByRole('region', { name: 'Notifications' });
    await expect(notifications.getByText('Reference copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`acme&${iid}`);
    await shot(page, testInfo, '07-toast');
  });

  test('@narrow alice deletes an epic she created and lands on the epics list', async ({ page }, testInfo) => {
    await signInViaApi(page, 'alice');
    const iid = await createEpic(page, `Delete me ${testInfo.project.name}`, '');
    await page.goto(`/groups/acme/-/epics/${iid}`);
    await openActions(page);
    await actionsMenu(page).getByRole('menuitem', { name: 'Delete epic' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete epic' });
    await expect(dialog.getByText('Delete this epic and release all child items?')).toBeVisible();
    await shot(page, testInfo, '08-delete-modal');

    await dialog.getByRole('button', { name: 'Delete epic' }).click();
    await expect(page).toHaveURL(/\/groups\/acme\/-\/epics$/);
    await expect(page.getByText('The epic was successfully deleted.')).toBeVisible();
    await shot(page, testInfo, '09-deleted');

    const data = await graphql<{ group: { epic: unknown } }>(
      page,
      'query($iid: ID!) { group(fullPath: "acme") { epic(iid: $iid, includeDescendantGroups: false) { id } } }',
      { iid },
    );
    expect(data.group.epic).toBeNull();
  });

  test('@narrow a signed-out visitor reads the epic but has no actions beyond copying its reference and viewing it on the roadmap', async ({
    page,
  }, testInfo) => {
    await page.goto('/groups/acme/-/epics/1');
    await expect(page.getByRole('heading', { level: 1, name: 'Platform modernization' })).toBeVisible();
    await expect(page.getByText('Open', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
    await openActions(page);
    await expect(actionsMenu(page).getByRole('menuitem')).toHaveText(['Copy reference', 'View on roadmap']);
    await shot(page, testInfo, '10-signed-out');
  });
});

/** The left navigation, opened as a drawer first on narrow screens. */
async function openNavigation(page: Page, testInfo: TestInfo, name: 'Group navigation' | 'Project navigation') {
  if (isNarrow(testInfo)) await page.getByRole('button', { name: 'Show navigation' }).click();
  const nav = page.getByRole('navigation', { name });
  await expect(nav.getByRole('link', { name: 'Overview' })).toBeVisible();
  return nav;
}

/** The breadcrumbs' links with what each shows before its name (an avatar's initial or picture, or nothing). */
const breadcrumbLinks = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link');

// The sidebar is a drawer at narrow width (another interaction): each journey runs once per layout,
// the narrow one tagged @narrow-only (playwright.config.ts runs those only in the narrow project).
for (const tag of ['', '@narrow-only '] as const) {
  test.describe(`${tag}the left sidebar and breadcrumbs around the epic page`, () => {
    test(`${tag}the Owner reaches the group and project settings from the sidebar; the trail shows their avatars`, async ({
      page,
    }, testInfo) => {
      await signInViaApi(page, 'alice');
      await page.goto('/groups/acme/-/epics/1');
      await expect(page.getByRole('heading', { level: 1, name: 'Platform modernization' })).toBeVisible();
      // The group's crumb carries its avatar (the name's initial on its tone: the demo has no pictures).
      const groupCrumb = breadcrumbLinks(page).first();
      await expect(groupCrumb).toHaveAccessibleName('Acme Corp');
      await expect(groupCrumb.locator('[aria-hidden="true"]')).toHaveText('A');
      await shot(page, testInfo, '11-breadcrumb-avatars');

      const groupNav = await openNavigation(page, testInfo, 'Group navigation');
      await shot(page, testInfo, '12-sidebar-settings');
      await groupNav.getByRole('link', { name: 'Settings' }).click();
      await expect(page).toHaveURL('/groups/acme/-/edit');
      await expect(page.getByRole('heading', { level: 1, name: 'General settings' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Group name' })).not.toHaveValue('');

      await page.goto('/acme/platform/web/-/issues');
      await expect(page.getByRole('heading', { level: 1, name: 'Issues' })).toBeVisible();
      const projectCrumb = breadcrumbLinks(page).nth(2);
      await expect(projectCrumb).toHaveAttribute('href', '/acme/platform/web');
      await expect(projectCrumb.locator('[aria-hidden="true"]')).toHaveCount(1);
      const projectNav = await openNavigation(page, testInfo, 'Project navigation');
      await projectNav.getByRole('link', { name: 'Settings' }).click();
      await expect(page).toHaveURL('/acme/platform/web/edit');
      await expect(page.getByRole('heading', { level: 1, name: 'General settings' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Project name' })).not.toHaveValue('');
      await shot(page, testInfo, '13-project-settings');
    });

    test(`${tag}a Guest sees no Settings link in the group or project sidebar`, async ({ page }, testInfo) => {
      await signInViaApi(page, 'erin');
      await page.goto('/groups/acme/-/epics/1');
      await expect(page.getByRole('heading', { level: 1, name: 'Platform modernization' })).toBeVisible();
      const groupNav = await openNavigation(page, testInfo, 'Group navigation');
      await expect(groupNav.getByRole('link', { name: 'Members' })).toBeVisible();
      await expect(groupNav.getByRole('link', { name: 'Settings' })).toHaveCount(0);

      await page.goto('/acme/platform/web/-/issues');
      await expect(page.getByRole('heading', { level: 1, name: 'Issues' })).toBeVisible();
      const projectNav = await openNavigation(page, testInfo, 'Project navigation');
      await expect(projectNav.getByRole('link', { name: 'Members' })).toBeVisible();
      await expect(projectNav.getByRole('link', { name: 'Settings' })).toHaveCount(0);
    });
  });
}
