import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Route, type TestInfo, test } from '@playwright/test';
import { graphql, KEEP_SCREENSHOTS, signInViaApi } from './fixtures.ts';

/**
 * Writing with files and secrets (issue 14): an image pasted into a comment is uploaded (with its
 * progress and thumbnail), lands as `![name](/uploads/…)` and shows in the saved comment; an
 * upload refused by the server says why; a comment holding a token asks first — 'Edit' keeps the
 * text unsaved, 'Add anyway' saves it; a description asks the same.
 */
const SHOTS = '/tmp/shots/uploads';
const PROJECT = 'acme/platform/web';
const TOKEN = 'glpat-Zq7Xk2Lm9Np4Rs8Tv1Wy';

async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (!KEEP_SCREENSHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-${testInfo.project.name}.png`, fullPage: true });
}

async function createIssue(page: Page, title: string): Promise<string> {
  const data = await graphql<{ createIssue: { issue: { iid: string }; errors: string[] } }>(
    page,
    'mutation($input: CreateIssueInput!) { createIssue(input: $input) { issue { iid } errors } }',
    { input: { projectPath: PROJECT, title } },
  );
  expect(data.createIssue.errors).toEqual([]);
  return data.createIssue.issue.iid;
}

/** Pastes a freshly drawn PNG (`name`) into the focused field, as a screenshot from the clipboard would. */
async function pasteImage(page: Page, name: string) {
  await page.evaluate(async (fileName) => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 160;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no canvas');
    ctx.fillStyle = '#1f75cb';
    ctx.fillRect(0, 0, 320, 160);
    ctx.fillStyle = '#ffffff';
    ctx.font = '32px sans-serif';
    ctx.fillText('Milepost', 90, 92);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('no image');
    const data = new DataTransfer();
    data.items.add(new File([blob], fileName, { type: 'image/png' }));
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, name);
}

/** Holds the uploads' requests until `release()`, to see them on their way. */
async function holdUploads(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v4/projects/*/uploads', async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function expectAxeClean(page: Page, selector: string) {
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`)).toEqual([]);
}

const activity = (page: Page) => page.getByRole('list', { name: 'Activity' });

test.describe('uploads and secret detection', () => {
  test('@narrow alice pastes an image into a comment and sees it rendered', async ({ page }, testInfo) => {
    test.slow();
    await signInViaApi(page, 'alice');
    const iid = await createIssue(page, `Upload journey ${testInfo.project.name}`);
    await page.goto(`/${PROJECT}/-/issues/${iid}`);

    const field = page.getByRole('textbox', { name: 'Comment' });
    await field.click();
    await field.fill('Here is what I see:');
    const release = await holdUploads(page);
    await pasteImage(page, 'checkout-bug.png');

    // On its way: a 120 × 120 thumbnail, the name, a progress bar and Cancel.
    const uploads = page.getByRole('list', { name: 'Uploads' });
    await expect(uploads.getByRole('progressbar', { name: 'Uploading checkout-bug.png' })).toBeVisible();
    await expect(uploads.getByRole('button', { name: 'Cancel checkout-bug.png' })).toBeVisible();
    const thumbnail = uploads.locator('img');
    await expect(thumbnail).toHaveJSProperty('width', 120);
    await uploads.scrollIntoViewIfNeeded();
    await shot(page, testInfo, '01-uploading');
    await expectAxeClean(page, 'form[aria-label="Add a comment"]');
    release();

    await expect(uploads).toHaveCount(0);
    await expect(field).toHaveValue(
      /^Here is what I see:\n\n!\[checkout-bug\]\(\/uploads\/[0-9a-f]{32}\/checkout-bug\.png\)$/,
    );
    await page.getByRole('button', { name: 'Comment', exact: true }).click();

    const image = activity(page).getByRole('img', { name: 'checkout-bug' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    await image.scrollIntoViewIfNeeded();
    await shot(page, testInfo, '02-comment-with-image');
  });

  test('@narrow an upload the server refuses says why, and the text stays', async ({ page }, testInfo) => {
    await signInViaApi(page, 'alice');
    const iid = await createIssue(page, `Refused upload ${testInfo.project.name}`);
    await page.goto(`/${PROJECT}/-/issues/${iid}`);
    await page.route('**/api/v4/projects/*/uploads', (route) =>
      route.fulfill({
        status: 413,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'File is too large (maximum is 256 MiB)' }),
      }),
    );
    const field = page.getByRole('textbox', { name: 'Comment' });
    await field.click();
    await field.fill('Keep me');
    await pasteImage(page, 'huge.png');
    const uploads = page.getByRole('list', { name: 'Uploads' });
    await expect(uploads.getByRole('alert')).toHaveText('huge.png: File is too large (maximum is 256 MiB)');
    await uploads.scrollIntoViewIfNeeded();
    await shot(page, testInfo, '03-refused');
    await uploads.getByRole('button', { name: 'Dismiss huge.png' }).click();
    await expect(uploads).toHaveCount(0);
    await expect(field).toHaveValue('Keep me');
  });

  test('@narrow a comment with a token asks first: Edit keeps it unsaved, Add anyway saves it', async ({
    page,
  }, testInfo) => {
    await signInViaApi(page, 'alice');
    const iid = await createIssue(page, `Secret warning ${testInfo.project.name}`);
    await page.goto(`/${PROJECT}/-/issues/${iid}`);

    const field = page.getByRole('textbox', { name: 'Comment' });
    await field.click();
    await field.fill(`Deploy with ${TOKEN} please`);
    await page.getByRole('button', { name: 'Comment', exact: true }).click();

    const warning = page.getByRole('alertdialog', { name: 'Warning: Potential secret detected' });
    await expect(warning).toContainText(
      'This comment appears to have the following secret in it. Are you sure you want to add this comment?',
    );
    await expect(warning).toContainText('GitLab personal access token: glpat*****************v1Wy');
    await expect(warning).not.toContainText(TOKEN);
    await shot(page, testInfo, '04-secret-warning');
    await expectAxeClean(page, '[role="alertdialog"]');

    await warning.getByRole('button', { name: 'Edit' }).click();
    await expect(warning).toHaveCount(0);
    await expect(field).toHaveValue(`Deploy with ${TOKEN} please`);
    await expect(activity(page).getByText('Deploy with')).toHaveCount(0);

    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await warning.getByRole('button', { name: 'Add anyway' }).click();
    await expect(activity(page).getByText(`Deploy with ${TOKEN} please`)).toBeVisible();
    await expect(field).toHaveValue('');
  });

  test('@narrow a new epic whose description holds a token asks before it is created', async ({ page }, testInfo) => {
    await signInViaApi(page, 'alice');
    await page.goto('/groups/acme/-/epics/new');
    const title = `Secret epic ${testInfo.project.name} ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('textbox', { name: 'Description' }).fill('Runner: glrt-Ab3dEf6hIj9kLm2nOp5q');
    await page.getByRole('button', { name: 'Create epic' }).click();
    const warning = page.getByRole('alertdialog', { name: 'Warning: Potential secret detected' });
    await expect(warning).toContainText(
      'This description appears to have the following secret in it. Are you sure you want to add this description?',
    );
    await expect(warning).toContainText('GitLab Runner Token: glrt-****************Op5q');
    await warning.getByRole('button', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/epics\/new$/);
    await page.getByRole('button', { name: 'Create epic' }).click();
    await warning.getByRole('button', { name: 'Add anyway' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Runner: glrt-Ab3dEf6hIj9kLm2nOp5q')).toBeVisible();
  });
});
