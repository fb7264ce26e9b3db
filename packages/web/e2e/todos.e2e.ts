/**
 * To-dos and frequent items, as a person meets them. Each run makes its own user (a Developer of
 * acme), so 'Mark all as done' and the counters touch nothing another journey reads.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { graphql, ROOT_PASSWORD, restPost, signInViaApi } from './fixtures.ts';

const PASSWORD = 'todo-password-1';
const PROJECT = 'acme/platform/web';

async function expectNoSeriousAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function shot(page: Page, name: string) {
  const dir = process.env.MILEPOST_E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${test.info().project.name}.png`, fullPage: true });
}

/** A new user who is a Developer of acme; returns their username and numeric id. */
async function newDeveloper(page: Page, prefix: string) {
  const username = `${prefix}-${Date.now()}-${test.info().project.name}`;
  await signInViaApi(page, 'root', ROOT_PASSWORD);
  const user = await restPost<{ id: number }>(page, '/users', {
    username,
    name: `Tess ${prefix}`,
    email: `${username}@example.com`,
    password: PASSWORD,
  });
  await restPost(page, '/groups/acme/members', { user_id: user.id, access_level: 30 });
  await page.context().clearCookies();
  return { username, id: user.id };
}

test('a to-do’s whole life: assigned, listed, done, undone, and the sidebar button @narrow', async ({ page }) => {
  const me = await newDeveloper(page, 'todo');
  const title = `Check the release notes ${Date.now()}`;
  await signInViaApi(page, 'alice');
  const issue = await restPost<{ iid: number }>(page, `/projects/${encodeURIComponent(PROJECT)}/issues`, {
    title,
    assignee_ids: [me.id],
  });
  await page.context().clearCookies();
  await signInViaApi(page, me.username, PASSWORD);

  // The top bar counts the pending to-do and leads to the list.
  await page.goto('/dashboard/groups');
  const counter = page.getByRole('banner').getByRole('link', { name: 'To-Do List, 1 pending' });
  await expect(counter).toBeVisible();
  await counter.click();
  await expect(page).toHaveURL(/\/dashboard\/todos$/);
  await expect(page.getByRole('heading', { name: 'To-Do List', level: 1 })).toBeVisible();
  const list = page.getByRole('list', { name: 'To-do items' });
  const item = list.getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText('assigned you');
  await expect(item).toContainText('Alice');
  await expect(page.getByRole('link', { name: /^To Do\s*1$/ })).toBeVisible();
  await shot(page, 'todos-pending');
  await expectNoSeriousAxeViolations(page);

  // Mark as done: it leaves the list (and the counter), and the toast offers Undo.
  await item.getByRole('button', { name: `Mark as done: ${title}` }).click();
  await expect(page.getByText('Marked as done.')).toBeVisible();
  await expect(page.getByText("Good job! Looks like you don't have anything left on your To-Do List")).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'To-Do List', exact: true })).toBeVisible();

  // The Done tab holds it; Undo there brings it back.
  await page.getByRole('link', { name: /^Done\s*1$/ }).click();
  await expect(page).toHaveURL(/state=done/);
  const done = page.getByRole('list', { name: 'Done to-do items' }).getByRole('listitem').filter({ hasText: title });
  await expect(done).toBeVisible();
  await shot(page, 'todos-done');
  await done.getByRole('button', { name: `Undo: ${title}` }).click();
  await expect(page.getByText('There are no done to-do items yet.')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'To-Do List, 1 pending' })).toBeVisible();

  // 'Mark all as done' and its Undo.
  await page.getByRole('link', { name: /^To Do\s*1$/ }).click();
  await page.getByRole('button', { name: 'Mark all as done' }).click();
  await expect(page.getByText('1 to-do item marked as done.')).toBeVisible();
  await expect(page.getByRole('link', { name: /^To Do\s*0$/ })).toBeVisible();
  // The newest toast is the last one (the earlier 'Marked as done.' may still show).
  await page.getByRole('button', { name: 'Undo', exact: true }).last().click();
  await expect(list.getByRole('listitem').filter({ hasText: title })).toBeVisible();

  // The issue's sidebar: 'Mark as done' while it is pending, then 'Add a to-do' adds one by hand.
  await list.getByRole('link', { name: new RegExp(title) }).click();
  await expect(page).toHaveURL(new RegExp(`/-/issues/${issue.iid}$`));
  if (test.info().project.name === 'narrow') await page.getByRole('button', { name: 'Expand sidebar' }).first().click();
  const todo = page.getByRole('region', { name: 'To-do item' });
  await todo.getByRole('button', { name: 'Mark as done' }).click();
  await expect(todo.getByRole('button', { name: 'Add a to-do' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'To-Do List', exact: true })).toBeVisible();
  await todo.getByRole('button', { name: 'Add a to-do' }).click();
  await expect(todo.getByRole('button', { name: 'Mark as done' })).toBeVisible();
  await page.goto('/dashboard/todos');
  await expect(list.getByRole('listitem').filter({ hasText: title })).toContainText('added a to-do item');

  // Filters live in the URL: an action with nothing pending says so.
  await page.goto('/dashboard/todos?action_id=2');
  await expect(page.getByText('Sorry, your filter produced no results')).toBeVisible();
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
});

test('frequently visited projects and groups come first in the search menu and the pickers @narrow', async ({
  page,
}) => {
  const me = await newDeveloper(page, 'freq');
  await signInViaApi(page, me.username, PASSWORD);
  await page.goto(`/${PROJECT}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/acme');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Each visit is reported to the server (at most once a day counts).
  await expect
    .poll(async () => {
      const data = await graphql<{ frecentProjects: { fullPath: string }[]; frecentGroups: { fullPath: string }[] }>(
        page,
        '{ frecentProjects { fullPath } frecentGroups { fullPath } }',
      );
      return [data.frecentProjects.map((p) => p.fullPath), data.frecentGroups.map((g) => g.fullPath)];
    })
    .toEqual([[PROJECT], ['acme']]);

  await page.goto('/dashboard/groups');
  await page.getByRole('searchbox').first().focus();
  const menu = page.getByTestId('frequent-items-menu');
  await expect(menu.getByRole('region', { name: 'Frequently visited projects' }).getByRole('link')).toHaveCount(1);
  await expect(
    menu.getByRole('region', { name: 'Frequently visited groups' }).getByRole('link', { name: /acme/i }),
  ).toBeVisible();
  await shot(page, 'frequent-items-menu');
  await expectNoSeriousAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // The to-do list's project filter offers it first, marked 'Frequently visited'.
  await page.goto('/dashboard/todos');
  await page.getByRole('combobox', { name: 'Project' }).click();
  await expect(page.getByRole('listbox').getByRole('option').first()).toContainText('Frequently visited');
  await shot(page, 'todos-empty-with-picker');
});
