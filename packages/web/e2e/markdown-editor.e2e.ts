import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { graphql, KEEP_SCREENSHOTS, signInViaApi } from './fixtures.ts';

const SHOTS = '/tmp/shots/markdown-editor';

/** A screenshot; `fullPage: false` keeps the viewport (a full-page capture of the narrow layout resizes it, which blurs the text). */
async function shot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  if (!KEEP_SCREENSHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-${testInfo.project.name}.png`, fullPage });
}

async function expectNoSeriousAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).include('form').analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function createEpic(page: Page, title: string, description: string): Promise<string> {
  const data = await graphql<{ createEpic: { epic: { iid: string }; errors: string[] } }>(
    page,
    'mutation($input: CreateEpicInput!) { createEpic(input: $input) { epic { iid } errors } }',
    { input: { groupPath: 'acme', title, description } },
  );
  expect(data.createEpic.errors).toEqual([]);
  return data.createEpic.epic.iid;
}

async function savedDescription(page: Page, iid: string): Promise<string> {
  const data = await graphql<{ group: { epic: { description: string } } }>(
    page,
    'query($iid: ID!) { group(fullPath: "acme") { epic(iid: $iid) { description } } }',
    { iid },
  );
  return data.group.epic.description;
}

async function startEditing(page: Page, testInfo: TestInfo) {
  if (testInfo.project.name === 'narrow') {
    await page.getByRole('button', { name: 'Epic actions' }).click();
    await page.getByRole('menu', { name: 'Epic actions' }).getByRole('menuitem', { name: 'Edit' }).click();
  } else {
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
  }
  await expect(page.getByRole('textbox', { name: 'Title' })).toBeVisible();
}

test.describe('markdown editor', () => {
  test('@narrow alice writes a description in rich text with a table and a task list', async ({ page }, testInfo) => {
    // Typing key by key into a real editor: slow on a loaded machine.
    test.setTimeout(120_000);
    await signInViaApi(page, 'alice');
    const intro = 'Kept *exactly* as written\n\n\n| a   | b |\n|-----|---|\n| old | 1 |';
    const iid = await createEpic(page, `Rich text journey ${testInfo.project.name}`, intro);
    await page.goto(`/groups/acme/-/epics/${iid}`);
    await startEditing(page, testInfo);

    const form = page.getByRole('form', { name: 'Edit epic' });
    await form.getByRole('button', { name: 'Switch to rich text editing' }).click();
    const editor = form.getByRole('textbox', { name: 'Description' });
    await expect(editor).toBeVisible();
    await expect(editor.locator('em', { hasText: 'exactly' })).toBeVisible();
    await expect(editor.locator('table td', { hasText: 'old' })).toBeVisible();
    await shot(page, testInfo, '01-rich-text-loaded');

    // A heading and a task list typed after the existing content.
    await editor.locator('p', { hasText: 'Kept' }).click();
    await expect(editor).toBeFocused();
    await page.keyboard.press('Control+End');
    // The heading from the toolbar. (Typing '## ' makes one too, by a markdown input rule; on a loaded
    // machine the burst of synthetic keys that follows can outrun ProseMirror's reading of the caret
    // in Chrome, and the next letters land before the first. People type slower than that.)
    const toolbar = form.getByRole('toolbar', { name: 'Description formatting' });
    await toolbar.getByRole('button', { name: 'Add a heading' }).click();
    await expect(editor.locator('h3')).toHaveCount(1);
    await page.keyboard.type('Plan');
    await expect(editor.locator('h3')).toHaveText('Plan');
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Add a checklist' }).click();
    // As with the heading: the keys go in once the list is drawn with the caret in its item (a key
    // typed in the same instant as the click once landed in the paragraph after the list, in CI).
    const caretInTask = () =>
      page.evaluate(() => {
        const at = window.getSelection()?.anchorNode;
        const element = at instanceof Element ? at : at?.parentElement;
        return Boolean(element?.closest('ul[data-type="taskList"] li'));
      });
    await expect.poll(caretInTask).toBe(true);
    await page.keyboard.type('Write the spec');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Ship it');
    await expect(editor.locator('ul[data-type="taskList"] li > div')).toHaveText(['Write the spec', 'Ship it']);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: /Add a table/ }).click();
    await expect(editor.locator('table')).toHaveCount(2);
    await page.keyboard.type('Owner');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Due');
    await page.keyboard.press('Tab');
    await page.keyboard.type('alice');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Friday');
    await expect(editor.locator('table').nth(1).locator('td, th')).toHaveText(['Owner', 'Due', 'alice', 'Friday']);
    await shot(page, testInfo, '02-rich-text-written');
    await expectNoSeriousAxeViolations(page);

    // Bold through the shortcut, then the markdown it makes in plain text mode.
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' soon');
    await form.getByRole('button', { name: 'Switch to plain text editing' }).click();
    const markdown = form.getByRole('textbox', { name: 'Description' });
    await expect(markdown).toHaveValue(
      `${intro}\n\n### Plan\n\n- [ ] Write the spec\n- [ ] Ship it\n\n| Owner | Due |\n| --- | --- |\n| alice | Friday **soon** |`,
    );
    await shot(page, testInfo, '03-plain-text');

    await form.getByRole('button', { name: 'Switch to rich text editing' }).click();
    await expect(form.getByRole('textbox', { name: 'Description' }).locator('table')).toHaveCount(2);
    await page.keyboard.press('Control+Enter');
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 3, name: 'Plan' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Write the spec' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'alice' })).toBeVisible();
    expect(await savedDescription(page, iid)).toContain(intro);
    await shot(page, testInfo, '04-saved');
  });

  test('@narrow GFM autocomplete suggests users and emoji, by keyboard, in both modes', async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await signInViaApi(page, 'alice');
    const iid = await createEpic(page, `Autocomplete journey ${testInfo.project.name}`, 'Plan');
    await page.goto(`/groups/acme/-/epics/${iid}`);
    const comment = page.getByRole('textbox', { name: 'Comment' });
    await comment.click();
    await page.keyboard.type('Ask @ali');
    const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(suggestions.getByRole('option').first()).toContainText('@alice');
    expect(await suggestions.getByRole('option').count()).toBeLessThanOrEqual(5);
    await shot(page, testInfo, '05-autocomplete-users', false);
    await page.keyboard.press('Enter');
    await expect(comment).toHaveValue('Ask @alice ');

    await page.getByRole('button', { name: 'Switch to rich text editing' }).click();
    const rich = page.getByRole('textbox', { name: 'Comment' });
    await expect(rich).toHaveText('Ask @alice');
    await rich.click();
    await page.keyboard.press('End');
    await page.keyboard.type('nice :tad');
    await expect(suggestions.getByRole('option').first()).toContainText(':tada:');
    await shot(page, testInfo, '06-autocomplete-emoji-rich', false);
    await page.keyboard.press('Tab');
    await expect(rich).toContainText('nice :tada:');
  });
});
