import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { graphql, KEEP_SCREENSHOTS, nextSave, signInViaApi } from './fixtures.ts';

/**
 * Reactions on the issue itself and resolved threads (issue 12), on issues of their own: alice
 * reacts below the description (thumbs up, then one from the picker) and takes one back; bob adds
 * his; a resolved thread shows collapsed ('N replies', the last reply, who resolved it), opens and
 * closes, and collapses again when resolved. Desktop and narrow; axe clean.
 */
const SHOTS = '/tmp/shots/issue-reactions';
const PROJECT = 'acme/platform/web';

async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (!KEEP_SCREENSHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-${testInfo.project.name}.png`, fullPage: true });
}

/** Creates an issue in acme/platform/web as the signed-in user; returns its id and iid. */
async function createIssue(page: Page, title: string): Promise<{ id: string; iid: string }> {
  const data = await graphql<{ createIssue: { issue: { id: string; iid: string }; errors: string[] } }>(
    page,
    'mutation($input: CreateIssueInput!) { createIssue(input: $input) { issue { id iid } errors } }',
    { input: { projectPath: PROJECT, title, description: 'Reactions welcome.' } },
  );
  expect(data.createIssue.errors).toEqual([]);
  return data.createIssue.issue;
}

async function expectAxeClean(page: Page) {
  const result = await new AxeBuilder({ page }).include('main').exclude('[role="log"][aria-live]').analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`)).toEqual([]);
}

test.describe('issue reactions and resolved threads', () => {
  test('@narrow alice and bob react to an issue below its description', async ({ page }, testInfo) => {
    // Two users and a reload: more than the default 30 s on a busy machine.
    test.slow();
    await signInViaApi(page, 'alice');
    const issue = await createIssue(page, `Reactions journey ${testInfo.project.name}`);
    await page.goto(`/${PROJECT}/-/issues/${issue.iid}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const up = page.getByRole('button', { name: 'React with :thumbsup:' });
    await expect(up).toContainText('0');
    await expect(page.getByRole('button', { name: 'React with :thumbsdown:' })).toContainText('0');
    await up.click();
    const mine = page.getByRole('button', { name: 'You reacted with :thumbsup:' });
    await expect(mine).toHaveAttribute('aria-pressed', 'true');
    await expect(mine).toContainText('1');

    // Any other reaction from the same picker the comments use.
    // The issue's row comes before any comment's.
    await page.getByRole('button', { name: 'Add reaction' }).first().click();
    await page.getByRole('searchbox', { name: 'Search emoji' }).fill('rocket');
    // The grid filters 100 ms after typing; ':rocket:' is in the unfiltered grid too, and a click on
    // it as the grid re-renders under the pointer would be lost. Pick once the filter has applied.
    const picker = page.getByRole('dialog', { name: 'Add reaction' });
    await expect(picker.getByRole('option', { name: ':thumbsup:' })).toHaveCount(0);
    await picker.getByRole('option', { name: ':rocket:' }).click();
    await expect(page.getByRole('button', { name: 'You reacted with :rocket:' })).toContainText('1');
    await shot(page, testInfo, '01-alice-reacted');

    // Taken back; a reload shows what the server kept.
    const takenBack = nextSave(page, 'AwardEmojiToggleMutation');
    await page.getByRole('button', { name: 'You reacted with :rocket:' }).click();
    await expect(page.getByRole('button', { name: 'You reacted with :rocket:' })).toHaveCount(0);
    expect((await takenBack).ok()).toBe(true);
    await page.reload();
    await expect(page.getByRole('button', { name: 'You reacted with :thumbsup:' })).toContainText('1');
    await expect(page.getByRole('button', { name: /:rocket:/ })).toHaveCount(0);

    await page.goto('about:blank'); // off the app, which could ask for a new CSRF cookie meanwhile
    await page.context().clearCookies();
    await signInViaApi(page, 'bob');
    await page.goto(`/${PROJECT}/-/issues/${issue.iid}`);
    await page.getByRole('button', { name: /reacted with :thumbsup:/ }).click();
    const both = page.getByRole('button', { name: /^You and .* reacted with :thumbsup:$/ });
    await expect(both).toContainText('2');
    await expectAxeClean(page);
    await shot(page, testInfo, '02-bob-reacted');
  });

  test('@narrow a resolved thread shows collapsed and opens on demand', async ({ page }, testInfo) => {
    test.slow();
    await signInViaApi(page, 'alice');
    const issue = await createIssue(page, `Resolved thread journey ${testInfo.project.name}`);
    const started = await graphql<{ createDiscussion: { note: { discussion: { id: string } } } }>(
      page,
      'mutation($input: CreateDiscussionInput!) { createDiscussion(input: $input) { note { discussion { id } } } }',
      { input: { noteableId: issue.id, body: 'Which browser versions do we support?' } },
    );
    const discussionId = started.createDiscussion.note.discussion.id;
    for (const body of ['The last two of each.', 'Agreed, written down in the docs.']) {
      await graphql(page, 'mutation($input: CreateNoteInput!) { createNote(input: $input) { errors } }', {
        input: { noteableId: issue.id, discussionId, body },
      });
    }
    await graphql(
      page,
      'mutation($input: DiscussionToggleResolveInput!) { discussionToggleResolve(input: $input) { errors } }',
      { input: { id: discussionId, resolve: true } },
    );

    await page.goto(`/${PROJECT}/-/issues/${issue.iid}`);
    const activity = page.getByRole('list', { name: 'Activity' });
    const toggle = activity.getByRole('button', { name: '2 replies' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(activity.getByText('Alice Anderson started a thread')).toBeVisible();
    await expect(activity.getByText(/^Last reply by Alice Anderson/)).toBeVisible();
    await expect(activity.getByText(/^Resolved .* by Alice Anderson$/)).toBeVisible();
    await expect(activity.getByText('Which browser versions')).toHaveCount(0);
    await toggle.scrollIntoViewIfNeeded();
    await shot(page, testInfo, '03-resolved-collapsed');

    await toggle.click();
    await expect(activity.getByText('Which browser versions do we support?')).toBeVisible();
    await expect(activity.getByText('Agreed, written down in the docs.')).toBeVisible();
    await shot(page, testInfo, '04-resolved-open');
    await activity.getByRole('button', { name: 'Hide thread' }).click();
    await expect(activity.getByText('Which browser versions')).toHaveCount(0);

    // Unresolving opens it for good; resolving collapses it again.
    await activity.getByRole('button', { name: '2 replies' }).click();
    await activity.getByRole('button', { name: 'Unresolve thread' }).click();
    await expect(activity.getByRole('button', { name: 'Resolve thread' })).toBeVisible();
    await expect(activity.getByRole('button', { name: 'Hide thread' })).toHaveCount(0);
    await activity.getByRole('button', { name: 'Resolve thread' }).click();
    await expect(activity.getByRole('button', { name: '2 replies' })).toHaveAttribute('aria-expanded', 'false');
    await expectAxeClean(page);
  });
});
