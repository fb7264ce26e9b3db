import { expect, type Page, test } from '@playwright/test';
import { KEEP_SCREENSHOTS, restPost, signInViaApi } from './fixtures.ts';

const SHOTS = '/tmp/shots/linked-items';

/** Screenshots of the current state at 1440 × 900 and 390 × 844 (then back to the test's own size). */
async function shots(page: Page, name: string) {
  if (!KEEP_SCREENSHOTS) return;
  const size = page.viewportSize();
  const section = page.getByRole('region', { name: 'Linked items' });
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  if (size) await page.setViewportSize(size);
}

/** A fresh epic in acme, made through the API, so the journey starts from a known empty list. */
async function createEpic(page: Page, title: string): Promise<number> {
  const epic = await restPost<{ iid: number }>(page, '/groups/acme/epics', { title });
  return epic.iid;
}

test.describe('linked items on the epic page', () => {
  test('adds related epics with relation types, groups them, removes one, and reports an unknown reference', async ({
    page,
  }) => {
    await signInViaApi(page, 'alice');
    const stamp = Date.now();
    const source = await createEpic(page, `Checkout revamp ${stamp}`);
    const blocked = await createEpic(page, `Payment provider switch ${stamp}`);
    const blocker = await createEpic(page, `PCI audit ${stamp}`);
    const related = await createEpic(page, `Mobile wallet ${stamp}`);

    await page.goto(`/groups/acme/-/epics/${source}`);
    const section = page.getByRole('region', { name: 'Linked items' });
    await expect(
      section.getByText("Link epics together to show that they're related, or that one blocks another."),
    ).toBeVisible();
    await expect(section.getByText('0 linked epics')).toBeAttached();
    await shots(page, '01-empty');

    // First link: "blocks", by reference; pending references become chips, duplicates once.
    await section.getByRole('button', { name: 'Add linked epic' }).click();
    const form = section.getByRole('form', { name: 'Add a linked epic' });
    const add = form.getByRole('button', { name: 'Add' });
    await expect(add).toBeDisabled();
    const input = form.getByRole('textbox', { name: 'the following epics' });
    await input.pressSequentially(`&${blocked} &${blocked} `);
    await expect(form.getByRole('list', { name: 'Pending epic references' }).getByRole('listitem')).toHaveText([
      `&${blocked}`,
    ]);
    await form.getByText('blocks', { exact: true }).click();
    await expect(form.getByRole('radio', { name: 'blocks', exact: true })).toBeChecked();
    await shots(page, '02-form-pending');
    await add.click();
    await expect(form).toHaveCount(0);
    await expect(section.getByRole('heading', { name: 'Blocks', level: 3 })).toBeVisible();

    // Second link with another type, and a third, by the group-qualified reference.
    await section.getByRole('button', { name: 'Add linked epic' }).click();
    await input.fill(`acme&${blocker}`);
    await form.getByText('is blocked by', { exact: true }).click();
    await add.click();
    await expect(form).toHaveCount(0);
    await section.getByRole('button', { name: 'Add linked epic' }).click();
    await input.fill(`&${related}`);
    await expect(form.getByRole('radio', { name: 'relates to' })).toBeChecked();
    await add.click();
    await expect(form).toHaveCount(0);

    await expect(section.getByRole('heading', { level: 3 })).toHaveText(['Blocks', 'Is blocked by', 'Relates to']);
    await expect(section.getByRole('region', { name: 'Blocks' }).getByRole('link')).toHaveText(
      `Payment provider switch ${stamp}`,
    );
    await expect(section.getByRole('region', { name: 'Is blocked by' }).getByRole('link')).toHaveText(
      `PCI audit ${stamp}`,
    );
    await expect(section.getByRole('region', { name: 'Relates to' }).getByText(`&${related}`)).toBeVisible();
    await expect(section.getByText('3 linked epics')).toBeAttached();
    await shots(page, '03-grouped');

    // The other side sees the reverse relation.
    await page.goto(`/groups/acme/-/epics/${blocked}`);
    await expect(
      page.getByRole('region', { name: 'Is blocked by' }).getByRole('link', { name: `Checkout revamp ${stamp}` }),
    ).toBeVisible();
    await page.goBack();

    // Remove one, after confirmation.
    await section.getByRole('button', { name: `Remove PCI audit ${stamp}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove linked epic' });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(section.getByRole('heading', { name: 'Is blocked by' })).toHaveCount(0);
    await expect(section.getByText('2 linked epics')).toBeAttached();

    // An unknown reference: the server's message inline, the form and its reference kept.
    await section.getByRole('button', { name: 'Add linked epic' }).click();
    await input.fill('&999999');
    await add.click();
    await expect(
      form.getByText('No matching epic found. Make sure that you are adding a valid epic URL.'),
    ).toBeVisible();
    await expect(form.getByRole('list', { name: 'Pending epic references' })).toContainText('&999999');
    await shots(page, '04-error');

    // A duplicate: the server's 409 message.
    await form.getByRole('button', { name: 'Remove &999999' }).click();
    await input.fill(`&${blocked}`);
    await add.click();
    await expect(form.getByText('Epic(s) already assigned')).toBeVisible();

    // Everything survives a reload.
    await page.reload();
    await expect(section.getByRole('heading', { level: 3 })).toHaveText(['Blocks', 'Relates to']);
  });
});
