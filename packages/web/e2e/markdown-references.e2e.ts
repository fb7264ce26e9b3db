/**
 * Issue 14/15: references in rendered markdown link to what they name, with hover cards, and a
 * hidden target reads like plain text; description drafts come back after a reload with a notice;
 * a description template asks before replacing a different text. Everything is made here, in a
 * group of its own (the demo's data is left alone).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { graphql, KEEP_SCREENSHOTS, restPost, signInViaApi } from './fixtures.ts';

const SHOTS = '/tmp/shots/markdown-references';

async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (!KEEP_SCREENSHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-${testInfo.project.name}.png`, fullPage: false });
}

async function expectNoSeriousAxeViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  const result = await (include ? builder.include(include) : builder).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

type Place = { group: string; project: string; privateProject: string; projectId: string };

/** A public group with a public and a private project, owned by the signed-in user. */
async function ownPlace(page: Page, testInfo: TestInfo, name: string): Promise<Place> {
  const suffix = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const group = await graphql<{ groupCreate: { group: { id: string; fullPath: string }; errors: string[] } }>(
    page,
    'mutation($input: GroupCreateInput!) { groupCreate(input: $input) { group { id fullPath } errors } }',
    { input: { name: `${name} ${suffix}`, path: `${name}-${suffix}`, visibility: 'public' } },
  );
  expect(group.groupCreate.errors).toEqual([]);
  const project = async (path: string, visibility: string) => {
    const data = await graphql<{ projectCreate: { project: { id: string; fullPath: string }; errors: string[] } }>(
      page,
      'mutation($input: ProjectCreateInput!) { projectCreate(input: $input) { project { id fullPath } errors } }',
      { input: { name: path, path, groupId: group.groupCreate.group.id, visibility } },
    );
    expect(data.projectCreate.errors).toEqual([]);
    return data.projectCreate.project;
  };
  const open = await project('app', 'public');
  const closed = await project('vault', 'private');
  return {
    group: group.groupCreate.group.fullPath,
    project: open.fullPath,
    privateProject: closed.fullPath,
    projectId: open.id.split('/').pop() ?? '',
  };
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

async function createEpic(page: Page, groupPath: string, title: string, description = ''): Promise<string> {
  const data = await graphql<{ createEpic: { epic: { iid: string }; errors: string[] } }>(
    page,
    'mutation($input: CreateEpicInput!) { createEpic(input: $input) { epic { iid } errors } }',
    { input: { groupPath, title, description } },
  );
  expect(data.createEpic.errors).toEqual([]);
  return data.createEpic.epic.iid;
}

/** The texts of the markdown drafts the browser keeps (the autosave's `…/description` entries). */
function storedDrafts(page: Page): Promise<(string | null)[]> {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('autosave/') && key.endsWith('/description'))
      .map((key) => localStorage.getItem(key)),
  );
}

async function startEditing(page: Page, testInfo: TestInfo, kind: 'Epic' | 'Issue') {
  if (testInfo.project.name === 'narrow') {
    await page.getByRole('button', { name: `${kind} actions` }).click();
    await page
      .getByRole('menu', { name: `${kind} actions` })
      .getByRole('menuitem', { name: 'Edit' })
      .click();
  } else {
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
  }
  return page.getByRole('form', { name: `Edit ${kind.toLowerCase()}` });
}

test.describe('markdown references and drafts', () => {
  test('@narrow references link with hover cards; a hidden one reads as text', async ({ page, browser }, testInfo) => {
    test.setTimeout(90_000);
    await signInViaApi(page, 'alice');
    const place = await ownPlace(page, testInfo, 'refs');
    const label = await graphql<{ labelCreate: { errors: string[] } }>(
      page,
      'mutation($input: LabelCreateInput!) { labelCreate(input: $input) { errors } }',
      {
        input: {
          projectPath: place.project,
          title: 'needs-review',
          color: '#dc143c',
          description: 'Waiting for a reviewer.',
        },
      },
    );
    expect(label.labelCreate.errors).toEqual([]);
    await restPost(page, `/projects/${place.projectId}/milestones`, { title: 'Beta' });
    const target = await createIssue(page, place.project, 'Write the migration guide');
    const secret = await createIssue(page, place.privateProject, 'Secret plan');
    const epic = await createEpic(page, place.group, 'Launch');
    const iid = await createIssue(
      page,
      place.project,
      'References',
      `Ask @bob about #${target} for &${epic}, labelled ~needs-review in %Beta. Also ${place.privateProject}#${secret}.`,
    );
    await page.goto(`/${place.project}/-/issues/${iid}`);
    const body = page.locator('main');
    const issueLink = body.getByRole('link', { name: `#${target}`, exact: true });
    await expect(issueLink).toHaveAttribute('href', `/${place.project}/-/issues/${target}`);
    await expect(body.getByRole('link', { name: `${place.privateProject}#${secret}` })).toBeVisible();

    // Hover cards: a person, an issue, a label — after a short rest of the pointer.
    await body.getByRole('link', { name: '@bob' }).hover();
    const userCard = page.getByRole('region', { name: 'User @bob' });
    await expect(userCard).toBeVisible();
    await expect(userCard).toContainText('@bob');
    await shot(page, testInfo, '01-user-card');
    await expectNoSeriousAxeViolations(page);

    await issueLink.hover();
    const issueCard = page.getByRole('region', { name: `Issue ${place.project}#${target}` });
    await expect(issueCard).toContainText('Write the migration guide');
    await expect(issueCard).toContainText('Open');
    await expect(userCard).toHaveCount(0);
    await shot(page, testInfo, '02-issue-card');

    await body.getByRole('link', { name: 'needs-review' }).hover();
    await expect(page.getByRole('region', { name: 'Label needs-review' })).toContainText('Waiting for a reviewer.');
    await shot(page, testInfo, '03-label-card');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('region', { name: 'Label needs-review' })).toHaveCount(0);

    await body.getByRole('link', { name: '%Beta' }).hover();
    await expect(page.getByRole('region', { name: 'Milestone %Beta' })).toContainText('No dates');
    await body.getByRole('link', { name: `&${epic}` }).hover();
    await expect(page.getByRole('region', { name: `Epic ${place.group}&${epic}` })).toContainText('Launch');

    // A click moves within the app.
    await issueLink.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Write the migration guide' })).toBeVisible();

    // Bob is no member of the private project: its issue is plain text for him, like a missing one.
    const bobContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const bob = await bobContext.newPage();
    await signInViaApi(bob, 'bob');
    await bob.goto(`/${place.project}/-/issues/${iid}`);
    await expect(bob.locator('main').getByRole('link', { name: '@bob' })).toBeVisible();
    await expect(bob.locator('main').getByText(`Also ${place.privateProject}#${secret}.`)).toBeVisible();
    await expect(bob.locator('main').getByRole('link', { name: `${place.privateProject}#${secret}` })).toHaveCount(0);
    await bobContext.close();
  });

  test('@narrow a description draft comes back with a notice; Discard and Cancel forget it; a template asks first', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await signInViaApi(page, 'alice');
    const place = await ownPlace(page, testInfo, 'drafts');
    const epic = await createEpic(page, place.group, 'Drafted epic', 'The saved text.');
    await page.goto(`/groups/${place.group}/-/epics/${epic}`);
    let form = await startEditing(page, testInfo, 'Epic');
    const description = () => form.getByRole('textbox', { name: 'Description' });
    await description().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' My unsaved words.');
    // Written a moment after typing stops (and at the latest when the page is left): kept before the reload.
    await expect.poll(() => storedDrafts(page)).toContain('The saved text. My unsaved words.');

    await page.reload();
    form = await startEditing(page, testInfo, 'Epic');
    await expect(form.getByText('Your unsaved changes from this browser were restored.')).toBeVisible();
    await expect(description()).toHaveValue('The saved text. My unsaved words.');
    await shot(page, testInfo, '04-draft-restored');
    // The form (the epic page around it has its own journeys).
    await expectNoSeriousAxeViolations(page, 'form[aria-label="Edit epic"]');
    await form.getByRole('button', { name: 'Discard' }).click();
    await expect(description()).toHaveValue('The saved text.');

    await description().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Again.');
    // Kept as a draft first, so that Cancel has one to forget.
    await expect.poll(() => storedDrafts(page)).toContain('The saved text. Again.');
    await form.getByRole('button', { name: 'Cancel' }).click();
    form = await startEditing(page, testInfo, 'Epic');
    await expect(description()).toHaveValue('The saved text.');
    await expect(form.getByText('Your unsaved changes from this browser were restored.')).toHaveCount(0);
    await form.getByRole('button', { name: 'Cancel' }).click();

    // A template replaces a different description only when the user agrees.
    const template = await graphql<{ issueTemplateCreate: { errors: string[] } }>(
      page,
      'mutation($input: IssueTemplateCreateInput!) { issueTemplateCreate(input: $input) { errors } }',
      { input: { projectPath: place.project, name: 'Bug', content: '## Steps to reproduce' } },
    );
    expect(template.issueTemplateCreate.errors).toEqual([]);
    const iid = await createIssue(page, place.project, 'Templated', 'My own notes');
    await page.goto(`/${place.project}/-/issues/${iid}`);
    form = await startEditing(page, testInfo, 'Issue');
    await form.getByRole('button', { name: /Description template/ }).click();
    await page.getByRole('option', { name: 'Bug' }).click();
    const warning = page.getByRole('alertdialog', { name: 'Replace the description?' });
    await expect(warning).toContainText('Applying a template will replace the existing issue description.');
    await shot(page, testInfo, '05-template-warning');
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await expect(description()).toHaveValue('My own notes');
    await form.getByRole('button', { name: /Description template/ }).click();
    await page.getByRole('option', { name: 'Bug' }).click();
    await page
      .getByRole('alertdialog', { name: 'Replace the description?' })
      .getByRole('button', { name: 'Apply template' })
      .click();
    await expect(description()).toHaveValue('## Steps to reproduce');
  });
});
