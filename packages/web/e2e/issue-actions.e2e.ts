/**
 * The issue page's actions menu and description templates, as people use them: in a group and
 * project of the journey's own (nothing of the demo is changed), desktop and narrow.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { createOwnProject, graphql, KEEP_SCREENSHOTS, type OwnProject, restPost, signInViaApi } from './fixtures.ts';

const SHOTS = '/tmp/shots/issue-actions';

/**
 * The screen as the person sees it (1440×900 or 390×844). Not `fullPage`: Chromium lays the page out
 * at its full height for that capture, and the issue page's title observer can report the title as
 * scrolled away; the sticky header then stays over the header's actions button at the top of the page.
 */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (!KEEP_SCREENSHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-${testInfo.project.name}.png` });
}

async function expectNoSeriousAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A public group with one project, made by the signed-in user; returns the project's path and id. */
function ownProject(page: Page, testInfo: TestInfo): Promise<OwnProject> {
  return createOwnProject(page, testInfo, 'actions');
}

async function createIssue(page: Page, projectPath: string, title: string, description = ''): Promise<string> {
  const data = await graphql<{ createIssue: { issue: { iid: string }; errors: string[] } }>(
    page,
    'mutation($input: CreateIssueInput!) { createIssue(input: $input) { issue { iid } errors } }',
    { input: { projectPath, title, description } },
  );
  expect(data.createIssue.errors).toEqual([]);
  return data.createIssue.issue.iid;
}

async function openActions(page: Page) {
  await page.getByRole('button', { name: 'Issue actions' }).click();
  return page.getByRole('menu', { name: 'Issue actions' });
}

test.describe('issue actions', () => {
  test('@narrow alice closes a blocked issue after confirming, reopens it, copies, locks, promotes and deletes', async ({
    page,
    context,
  }, testInfo) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInViaApi(page, 'alice');
    const project = await ownProject(page, testInfo);
    const blocked = await createIssue(page, project.path, 'Ship the checkout');
    const blocker = await createIssue(page, project.path, 'Payment API is down');
    await restPost(page, `/projects/${encodeURIComponent(project.path)}/issues/${blocked}/links`, {
      target_project_id: project.path,
      target_issue_iid: blocker,
      link_type: 'is_blocked_by',
    });
    await page.goto(`/${project.path}/-/issues/${blocked}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Ship the checkout' })).toBeVisible();

    let menu = await openActions(page);
    await expect(menu.getByRole('menuitem', { name: 'Report abuse' })).toHaveCount(0);
    await shot(page, testInfo, '01-menu');
    await menu.getByRole('menuitem', { name: 'Close issue' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to close this blocked issue?' });
    await expect(confirm).toContainText('This issue is currently blocked by the following issues:');
    await expect(confirm.getByRole('link', { name: `${project.path}#${blocker}` })).toBeVisible();
    await shot(page, testInfo, '02-blocked-confirmation');
    await expectNoSeriousAxeViolations(page);
    await confirm.getByRole('button', { name: 'Yes, close issue' }).click();
    await expect(page.getByText('Closed', { exact: true }).first()).toBeVisible();

    await (await openActions(page)).getByRole('menuitem', { name: 'Reopen issue' }).click();
    await expect(page.getByText('Open', { exact: true }).first()).toBeVisible();

    await (await openActions(page)).getByRole('menuitem', { name: 'Copy reference' }).click();
    await expect(page.getByText('Reference copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${project.path}#${blocked}`);
    await (await openActions(page)).getByRole('menuitem', { name: 'Copy email address' }).click();
    await expect(page.getByText('Email address copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      new RegExp(`^incoming\\+actions-.*-issue-${blocked}@milepost\\.test$`),
    );

    await (await openActions(page)).getByRole('menuitem', { name: 'Lock discussion' }).click();
    // The header's badge says so, and on desktop the sidebar's own section too (once its query has
    // answered): two texts 'Locked', so each is asked for where it is.
    await expect(page.locator('[data-variant="neutral"]').getByText('Locked', { exact: true })).toBeVisible();
    if (testInfo.project.name === 'desktop') {
      await expect(page.getByRole('region', { name: 'Lock discussion' })).toContainText('Locked');
    }
    menu = await openActions(page);
    await expect(menu.getByRole('menuitem', { name: 'Unlock discussion' })).toBeVisible();
    await page.keyboard.press('Escape');

    // Promote the blocker: a success message, then the new epic's page.
    await page.goto(`/${project.path}/-/issues/${blocker}`);
    await (await openActions(page)).getByRole('menuitem', { name: 'Promote to epic' }).click();
    await expect(
      page.getByText('The issue was successfully promoted to an epic. Redirecting to epic...'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/groups\/actions-[^/]+\/-\/epics\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment API is down' })).toBeVisible();

    // Delete the first issue: a confirmation, then the issue list.
    await page.goto(`/${project.path}/-/issues/${blocked}`);
    await (await openActions(page)).getByRole('menuitem', { name: 'Delete issue' }).click();
    const deleting = page.getByRole('alertdialog', { name: 'Delete issue' });
    await expect(deleting).toContainText('Issue will be removed! Are you sure?');
    await deleting.getByRole('button', { name: 'Delete issue' }).click();
    await expect(page).toHaveURL(new RegExp(`/${project.path}/-/issues$`));
    await expect(page.getByText('The issue was successfully deleted.')).toBeVisible();
  });

  test('@narrow closing works with the keyboard alone', async ({ page }, testInfo) => {
    await signInViaApi(page, 'alice');
    const project = await ownProject(page, testInfo);
    const iid = await createIssue(page, project.path, 'Keyboard close');
    await page.goto(`/${project.path}/-/issues/${iid}`);
    const trigger = page.getByRole('button', { name: 'Issue actions' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu', { name: 'Issue actions' })).toBeVisible();
    if (testInfo.project.name === 'narrow') {
      // On narrow screens Edit comes first (there is no Edit button beside the menu).
      await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
      await page.keyboard.press('ArrowDown');
    }
    await expect(page.getByRole('menuitem', { name: 'Close issue' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Closed', { exact: true }).first()).toBeVisible();
  });

  test('@narrow bob reports alice’s issue; root submits it as spam and it disappears for others', async ({
    page,
    browser,
  }, testInfo) => {
    await signInViaApi(page, 'alice');
    const project = await ownProject(page, testInfo);
    const iid = await createIssue(page, project.path, 'Cheap watches here');

    const bob = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
    await signInViaApi(bob, 'bob');
    await bob.goto(`/${project.path}/-/issues/${iid}`);
    await (await openActions(bob)).getByRole('menuitem', { name: 'Report abuse' }).click();
    await expect(bob.getByRole('dialog', { name: 'Report abuse to administrator' })).toBeVisible();
    if (KEEP_SCREENSHOTS) await bob.screenshot({ path: `${SHOTS}/03-report-abuse-${testInfo.project.name}.png` });
    await bob.keyboard.press('Escape');

    const root = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
    await signInViaApi(root, 'root', 'root-password-123');
    await root.goto(`/${project.path}/-/issues/${iid}`);
    await (await openActions(root)).getByRole('menuitem', { name: 'Submit as spam' }).click();
    await expect(root.getByText('The issue was submitted as spam and is now hidden.')).toBeVisible();
    const menu = await openActions(root);
    await expect(menu.getByRole('menuitem', { name: 'Submit as spam' })).toHaveCount(0);
    await root.keyboard.press('Escape');

    await bob.reload();
    await expect(bob.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await bob.close();
    await root.close();
  });

  test('@narrow alice keeps templates in settings and applies one in a new related issue, warned before overwriting', async ({
    page,
  }, testInfo) => {
    await signInViaApi(page, 'alice');
    const project = await ownProject(page, testInfo);
    const iid = await createIssue(page, project.path, 'Original issue');

    await page.goto(`/${project.path}/-/settings/issue_templates`);
    await expect(page.getByRole('heading', { name: 'No issue templates yet' })).toBeVisible();
    await page.getByRole('button', { name: 'Add template' }).click();
    const form = page.getByRole('form', { name: 'New template' });
    await form.getByLabel('Name').fill('Bug');
    await form.getByLabel('Template').fill('## Steps to reproduce\n\n1. ');
    await form.getByRole('button', { name: 'Add template' }).click();
    await expect(page.getByText('Template Bug was added.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Bug' })).toBeVisible();
    await shot(page, testInfo, '04-template-settings');
    await expectNoSeriousAxeViolations(page);

    await page.goto(`/${project.path}/-/issues/${iid}`);
    await (await openActions(page)).getByRole('menuitem', { name: 'New related issue' }).click();
    const dialog = page.getByRole('dialog', { name: 'New related issue' });
    await dialog.getByLabel('Title').fill('Follow-up');
    await dialog.getByLabel('Description', { exact: true }).fill('My own notes');
    await dialog.getByRole('button', { name: /Description template/ }).click();
    await page.getByRole('option', { name: 'Bug' }).click();
    const warning = page.getByRole('alertdialog', { name: 'Replace the description?' });
    await expect(warning).toContainText('Applying a template will replace the existing issue description.');
    await shot(page, testInfo, '05-template-overwrite-warning');
    await warning.getByRole('button', { name: 'Apply template' }).click();
    await expect(dialog.getByLabel('Description', { exact: true })).toHaveValue('## Steps to reproduce\n\n1. ');
    await dialog.getByRole('button', { name: 'Create issue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Follow-up' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Steps to reproduce' })).toBeVisible();

    // The issue's own edit form offers the same templates; an empty description takes one at once.
    await page.goto(`/${project.path}/-/issues/${iid}`);
    if (testInfo.project.name === 'narrow') {
      await (await openActions(page)).getByRole('menuitem', { name: 'Edit' }).click();
    } else {
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
    }
    const edit = page.getByRole('form', { name: 'Edit issue' });
    await edit.getByRole('button', { name: /Description template/ }).click();
    await page.getByRole('option', { name: 'Bug' }).click();
    await expect(edit.getByRole('textbox', { name: 'Description' })).toHaveValue('## Steps to reproduce\n\n1. ');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await shot(page, testInfo, '06-edit-form-template');
  });
});
