import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { graphql, KEEP_SCREENSHOTS, signInViaApi } from './fixtures.ts';

const SHOTS = '/tmp/shots/issue-page';
const PROJECT = 'acme/platform/web';

async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (!KEEP_SCREENSHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-${testInfo.project.name}.png`, fullPage: true });
}

/** Creates an issue in acme/platform/web as the signed-in user; returns its iid. */
async function createIssue(page: Page, input: Record<string, unknown>): Promise<string> {
  const data = await graphql<{ createIssue: { issue: { iid: string }; errors: string[] } }>(
    page,
    'mutation($input: CreateIssueInput!) { createIssue(input: $input) { issue { iid } errors } }',
    { input: { projectPath: PROJECT, ...input } },
  );
  expect(data.createIssue.errors).toEqual([]);
  return data.createIssue.issue.iid;
}

async function expectNoSeriousAxeViolations(page: Page) {
  // React Aria's live announcer briefly keeps a `role=img` labelled by an element of a closed
  // Select ('Incident selected'); it is gone within seconds and is not the page's content.
  const result = await new AxeBuilder({ page }).exclude('[role="log"][aria-live]').analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`)).toEqual([]);
}

const isNarrow = (testInfo: TestInfo) => testInfo.project.name === 'narrow';
const CONFLICT =
  'Someone edited this issue at the same time you did. The description has been updated and you will need to make your changes again.';

/** Someone else's edit of the issue, through the API. */
async function updateIssue(page: Page, iid: string, input: Record<string, unknown>) {
  const data = await graphql<{ updateIssue: { errors: string[] } }>(
    page,
    'mutation($input: UpdateIssueInput!) { updateIssue(input: $input) { errors } }',
    { input: { projectPath: PROJECT, iid, ...input } },
  );
  expect(data.updateIssue.errors).toEqual([]);
}

/** Edit: the header's button, or the actions dropdown's item where it holds Edit (narrow screens). */
async function startEditing(page: Page) {
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  // As a person would: back up to the title, beside which Edit is. Further down the page (after a tab
  // or a full-page screenshot) the sticky header covers it, and a click would wait for it to move. A
  // title just under the top bar counts as in view for scrollIntoViewIfNeeded, yet as scrolled away
  // for the sticky header: bring it to the middle.
  await heading.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const button = page.getByRole('button', { name: 'Edit', exact: true });
  if (await button.isVisible()) await button.click();
  else {
    await page.getByRole('button', { name: 'Issue actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
  }
  await expect(page.getByRole('textbox', { name: 'Title' })).toBeFocused();
}

test.describe('issue page', () => {
  test('@narrow alice opens an issue: header, badges, description and the sidebar', async ({ page }, testInfo) => {
    await signInViaApi(page, 'alice');
    const title = `Issue page journey ${testInfo.project.name}`;
    const iid = await createIssue(page, {
      title,
      description: 'Steps:\n\n- [x] open *checkout*\n- [ ] pay',
      confidential: true,
    });
    await page.goto(`/${PROJECT}/-/issues/${iid}`);

    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Open', { exact: true })).toBeVisible();
    await expect(page.getByText('Confidential', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Created (just now|\d+ (second|minute)s? ago) by/)).toBeVisible();
    await expect(page.getByText('1 of 2 checklist items completed')).toBeVisible();
    await expect(page.locator('em', { hasText: 'checkout' })).toBeVisible();
    await expect(page.getByText(/coming soon/)).toHaveCount(0);

    if (isNarrow(testInfo)) {
      await expect(page.getByRole('complementary', { name: 'Issue details' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Expand sidebar' }).click();
      await expect(page.getByRole('dialog', { name: 'Issue details' })).toBeVisible();
      await shot(page, testInfo, '02-sidebar-drawer');
      await page.getByRole('button', { name: 'Collapse sidebar' }).click();
      await expect(page.getByRole('dialog', { name: 'Issue details' })).toHaveCount(0);
    } else {
      await expect(page.getByRole('complementary', { name: 'Issue details' })).toBeVisible();
    }
    await shot(page, testInfo, '01-default');
    await expectNoSeriousAxeViolations(page);
  });

  test('@narrow a missing issue says Page Not Found', async ({ page }) => {
    await signInViaApi(page, 'alice');
    await page.goto(`/${PROJECT}/-/issues/99999`);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  });

  test('@narrow alice edits the title and description; a draft survives a reload', async ({ page }, testInfo) => {
    await signInViaApi(page, 'alice');
    const title = `Edit journey ${testInfo.project.name}`;
    const iid = await createIssue(page, { title, description: 'First *draft*' });
    await page.goto(`/${PROJECT}/-/issues/${iid}`);
    await startEditing(page);
    await page.getByRole('textbox', { name: 'Title' }).fill(`${title} (draft)`);
    await page.getByRole('textbox', { name: 'Description' }).fill('Half-written **text**');
    await shot(page, testInfo, '03-edit-form');
    await expectNoSeriousAxeViolations(page);

    // Leaving through a link asks first; staying keeps the form.
    let asked = '';
    page.once('dialog', async (dialog) => {
      asked = dialog.message();
      await dialog.dismiss();
    });
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Issues' }).click();
    await expect.poll(() => asked).toBe('Are you sure you want to lose your issue information?');
    await expect(page.getByRole('textbox', { name: 'Title' })).toBeVisible();

    // A reload keeps the draft.
    page.once('dialog', (dialog) => dialog.accept());
    await page.reload();
    await startEditing(page);
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(`${title} (draft)`);
    await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue('Half-written **text**');

    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${title} (draft)` })).toBeVisible();
    await expect(page.locator('strong', { hasText: 'text' })).toBeVisible();
    await page.reload();
    await startEditing(page);
    await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue('Half-written **text**');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveCount(0);
  });

  test('@narrow a keyboard-only edit saves with Ctrl+Enter', async ({ page }, testInfo) => {
    await signInViaApi(page, 'alice');
    const iid = await createIssue(page, { title: `Keyboard journey ${testInfo.project.name}` });
    await page.goto(`/${PROJECT}/-/issues/${iid}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const edit = page.getByRole('button', { name: 'Edit', exact: true });
    if (await edit.isVisible()) {
      await edit.focus();
      await page.keyboard.press('Enter');
    } else {
      await page.getByRole('button', { name: 'Issue actions' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: 'Edit' }).focus();
      await page.keyboard.press('Enter');
    }
    await expect(page.getByRole('textbox', { name: 'Title' })).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.type(' by keyboard');
    await page.keyboard.press('Control+Enter');
    await expect(
      page.getByRole('heading', { level: 1, name: `Keyboard journey ${testInfo.project.name} by keyboard` }),
    ).toBeVisible();
  });

  test('@narrow someone else saves meanwhile: the spec’s alert, the latest version, nothing lost', async ({
    page,
  }, testInfo) => {
    await signInViaApi(page, 'alice');
    const iid = await createIssue(page, { title: `Conflict journey ${testInfo.project.name}`, description: 'Base' });
    // The Save meets their edit here: the page's polling (3 s after it opens) would hear of it first on
    // a slow machine, and warn before the Save (the polling journey below shows that way).
    await page.route('**/realtime_changes', (route) => route.abort());
    await page.goto(`/${PROJECT}/-/issues/${iid}`);
    await startEditing(page);
    await page.getByRole('textbox', { name: 'Description' }).fill('Mine');
    await updateIssue(page, iid, { description: 'Theirs' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(CONFLICT)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Latest version' }).getByText('Theirs')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue('Mine');
    await shot(page, testInfo, '04-conflict');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('textbox', { name: 'Description' })).toHaveCount(0);
    await expect(page.getByText('Mine', { exact: true })).toBeVisible();
  });

  test('@narrow polling brings another user’s edit onto the open page', async ({ page }, testInfo) => {
    await signInViaApi(page, 'alice');
    const iid = await createIssue(page, { title: `Polling journey ${testInfo.project.name}`, description: 'Before' });
    await page.goto(`/${PROJECT}/-/issues/${iid}`);
    await expect(page.getByText('Before', { exact: true })).toBeVisible();
    await updateIssue(page, iid, { description: 'After, from someone else' });
    await expect(page.getByText('After, from someone else')).toBeVisible({ timeout: 15_000 });
  });

  test('@narrow alice turns the issue into an incident and back', async ({ page }, testInfo) => {
    await signInViaApi(page, 'alice');
    const iid = await createIssue(page, {
      title: `Type journey ${testInfo.project.name}`,
      description: 'Pager went off',
    });
    await page.goto(`/${PROJECT}/-/issues/${iid}`);
    await startEditing(page);
    await page.getByRole('button', { name: /Issue type/ }).click();
    await page.getByRole('option', { name: 'Incident' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(new RegExp(`/${PROJECT}/-/issues/incident/${iid}$`));
    await expect(page.getByRole('img', { name: 'Incident' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Summary' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Pager went off')).toBeVisible();
    await page.getByRole('tab', { name: 'Metrics' }).click();
    await expect(page.getByText(/Metric images .* aren't available in this version of Milepost yet/)).toBeVisible();
    await shot(page, testInfo, '05-incident');
    await expectNoSeriousAxeViolations(page);

    await startEditing(page);
    await page.getByRole('button', { name: /Issue type/ }).click();
    await page.getByRole('option', { name: 'Issue', exact: true }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(new RegExp(`/${PROJECT}/-/issues/${iid}$`));
    await expect(page.getByRole('tab', { name: 'Summary' })).toHaveCount(0);
  });

  test('@narrow the sticky header appears when the title scrolls away and links back to the top', async ({
    page,
  }, testInfo) => {
    await signInViaApi(page, 'alice');
    const title = `Sticky journey ${testInfo.project.name}`;
    const long = Array.from({ length: 80 }, (_, i) => `Paragraph ${i + 1} of a long description.`).join('\n\n');
    const iid = await createIssue(page, { title, description: long, confidential: true });
    await page.goto(`/${PROJECT}/-/issues/${iid}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const sticky = page.getByTestId('issue-sticky-header');
    await expect(sticky).toHaveCount(0);
    await page.getByText('Paragraph 60 of a long description.').scrollIntoViewIfNeeded();
    await expect(sticky).toBeVisible();
    await expect(sticky.getByText('Confidential')).toBeVisible();
    if (KEEP_SCREENSHOTS) await page.screenshot({ path: `${SHOTS}/06-sticky-${testInfo.project.name}.png` });
    await sticky.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeInViewport();
    await expect(sticky).toHaveCount(0);
  });
});
