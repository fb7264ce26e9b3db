/**
 * The dashboard's 'Your work' pages (issue 16): shift+p, shift+a and shift+l open Projects, Activity
 * and Milestones, which show what the signed-in user did in a group and project of their own;
 * the left navigation links to each. One page load, desktop only (the pages are lists; their
 * layouts are covered by component tests).
 */
import { expect, type Page, test } from '@playwright/test';
import { graphql, restPost, signInViaApi } from './fixtures.ts';

/** Keys go to the shortcut layer, not to the link or field that had focus. */
async function press(page: Page, key: string) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press(key);
}

test('shift+p, shift+a and shift+l open Your projects, Activity and Milestones', async ({ page }, testInfo) => {
  await signInViaApi(page, 'alice');
  const suffix = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const created = await graphql<{ groupCreate: { group: { id: string; fullPath: string } } }>(
    page,
    'mutation($input: GroupCreateInput!) { groupCreate(input: $input) { group { id fullPath } errors } }',
    { input: { name: `Work ${suffix}`, path: `work-${suffix}`, visibility: 'private' } },
  );
  const group = created.groupCreate.group;
  const project = await graphql<{ projectCreate: { project: { id: string; fullPath: string } } }>(
    page,
    'mutation($input: ProjectCreateInput!) { projectCreate(input: $input) { project { id fullPath } errors } }',
    { input: { name: `Work app ${suffix}`, path: 'work-app', groupId: group.id, visibility: 'private' } },
  );
  const projectId = project.projectCreate.project.id.split('/').pop();
  const issueTitle = `Work issue ${suffix}`;
  const issue = await restPost<{ iid: number }>(page, `/projects/${projectId}/issues`, { title: issueTitle });
  await restPost(page, `/projects/${projectId}/issues/${issue.iid}/notes`, { body: 'Looking into it' });
  const milestoneTitle = `Work ${suffix} 1.0`;
  await restPost(page, `/projects/${projectId}/milestones`, { title: milestoneTitle });

  await page.goto('/dashboard/groups');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Your groups');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Activity' })).toHaveAttribute('href', '/dashboard/activity');

  await press(page, 'Shift+P');
  await expect(page).toHaveURL(/\/dashboard\/projects$/);
  await expect(
    page.getByRole('list', { name: 'Projects' }).getByRole('link', { name: new RegExp(`Work app ${suffix}`) }),
  ).toBeVisible();

  await press(page, 'Shift+A');
  await expect(page).toHaveURL(/\/dashboard\/activity$/);
  await page.getByRole('navigation', { name: 'Whose activity' }).getByRole('link', { name: 'Your activity' }).click();
  // Alice acts in other journeys at the same time: only this journey's events (they name the suffix).
  const events = page.getByRole('list', { name: 'Events' }).getByRole('listitem').filter({ hasText: suffix });
  await expect(events.nth(0)).toContainText(`created milestone %"${milestoneTitle}"`);
  await expect(events.nth(1)).toContainText(`commented on issue #${issue.iid} ${issueTitle}`);
  await expect(events.nth(2)).toContainText(`opened issue #${issue.iid} ${issueTitle}`);
  await events
    .nth(2)
    .getByRole('link', { name: new RegExp(issueTitle) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/${project.projectCreate.project.fullPath}/-/issues/${issue.iid}$`));
  await expect(heading).toHaveText(issueTitle);

  await press(page, 'Shift+L');
  await expect(page).toHaveURL(/\/dashboard\/milestones$/);
  await page.getByRole('searchbox', { name: 'Search by title' }).fill(suffix);
  await page.keyboard.press('Enter');
  const milestones = page.getByRole('list', { name: 'Milestones' }).getByRole('listitem');
  await expect(milestones).toHaveCount(1);
  await expect(milestones.first()).toContainText(milestoneTitle);
  await expect(milestones.first()).toContainText('No issues');
});
