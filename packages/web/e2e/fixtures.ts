import { expect, type Page, type Response, type TestInfo } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-password-123';
export const ROOT_PASSWORD = 'root-password-123';

/** The demo's main group and project. */
const GROUP = 'acme';
const PROJECT = 'acme/platform/web';

/**
 * Journeys keep screenshots for people to look at (in /tmp/shots, or in MILEPOST_E2E_SCREENSHOTS for
 * the journeys that take a folder). CI keeps none unless MILEPOST_E2E_SCREENSHOTS is set: nobody looks
 * at them there, and taking them cost a tenth of the journeys' time (decision 0087).
 */
export const KEEP_SCREENSHOTS = !process.env.CI || Boolean(process.env.MILEPOST_E2E_SCREENSHOTS);

/**
 * The answer to the page's next write that matches `what`: a GraphQL operation by name
 * (`UpdateEpicSidebarMutation`) or a REST path's end (`/reorder`). Pages show a change at once and save
 * it after, so a journey that reloads to see what was kept sets this up before the change and awaits it
 * before the reload; otherwise a quick reload can read the state from before the save.
 */
export function nextSave(page: Page, what: string): Promise<Response> {
  return page.waitForResponse((response) => {
    const request = response.request();
    if (request.method() === 'GET') return false;
    const { pathname } = new URL(response.url());
    return what.startsWith('/')
      ? pathname.endsWith(what)
      : pathname === '/api/graphql' && (request.postData() ?? '').includes(what);
  });
}

/** Signs in through the API (same cookies as the page), so journeys start where they matter. */
export async function signInViaApi(page: Page, login: string, password = DEMO_PASSWORD): Promise<void> {
  await page.request.get('/-/health');
  const cookies = await page.context().cookies();
  const csrf = cookies.find((cookie) => cookie.name === '_milepost_csrf')?.value ?? '';
  const response = await page.request.post('/users/sign_in', {
    data: { login, password },
    headers: { 'X-CSRF-Token': csrf, Accept: 'application/json' },
  });
  expect(response.status(), `sign in as ${login}`).toBe(200);
}

/** Signs in through the form, as a person would. */
export async function signInViaForm(page: Page, login: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Username or primary email').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Sends a GraphQL request with the page's session, for test data set-up. */
export async function graphql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const cookies = await page.context().cookies();
  const csrf = cookies.find((cookie) => cookie.name === '_milepost_csrf')?.value ?? '';
  const response = await page.request.post('/api/graphql', {
    data: { query, variables },
    headers: { 'X-CSRF-Token': csrf },
  });
  const body = (await response.json()) as { data: T; errors?: { message: string }[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

/** Sends a REST v4 request with the page's session, for test data set-up (GitLab has no GraphQL for some). */
export async function restPost<T>(page: Page, path: string, data: Record<string, unknown>): Promise<T> {
  const cookies = await page.context().cookies();
  const csrf = cookies.find((cookie) => cookie.name === '_milepost_csrf')?.value ?? '';
  const response = await page.request.post(`/api/v4${path}`, { data, headers: { 'X-CSRF-Token': csrf } });
  expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(201);
  return (await response.json()) as T;
}

/** Adds a token through the filtered search: type, operator, value, then submits. */
export async function addFilterToken(page: Page, type: string, operator: 'is' | 'is not', value: string) {
  const input = page.getByRole('combobox', { name: /Search or filter/ });
  await input.click();
  const listbox = page.getByRole('listbox');
  await listbox.getByRole('option', { name: type, exact: true }).click();
  await listbox.getByRole('option', { name: operator, exact: true }).click();
  await page.keyboard.type(value);
  await listbox
    .getByRole('option', { name: new RegExp(value) })
    .first()
    .click();
  await page.keyboard.press('Enter');
}

export type OwnProject = { group: string; path: string; id: string };

/**
 * A public group of the signed-in user's with one public project 'app' in it, named after the journey
 * (`prefix`) and the Playwright project, so journeys never meet on the demo's data.
 */
export async function createOwnProject(page: Page, testInfo: TestInfo, prefix: string): Promise<OwnProject> {
  const suffix = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const name = `${prefix.charAt(0).toUpperCase()}${prefix.slice(1)}`;
  const group = await graphql<{ groupCreate: { group: { id: string; fullPath: string }; errors: string[] } }>(
    page,
    'mutation($input: GroupCreateInput!) { groupCreate(input: $input) { group { id fullPath } errors } }',
    { input: { name: `${name} ${suffix}`, path: `${prefix}-${suffix}`, visibility: 'public' } },
  );
  expect(group.groupCreate.errors).toEqual([]);
  const project = await graphql<{ projectCreate: { project: { id: string; fullPath: string }; errors: string[] } }>(
    page,
    'mutation($input: ProjectCreateInput!) { projectCreate(input: $input) { project { id fullPath } errors } }',
    { input: { name: 'App', path: 'app', groupId: group.groupCreate.group.id, visibility: 'public' } },
  );
  expect(project.projectCreate.errors).toEqual([]);
  return {
    group: group.groupCreate.group.fullPath,
    path: project.projectCreate.project.fullPath,
    id: project.projectCreate.project.id.split('/').pop() ?? '',
  };
}

export type CorePage = { name: string; path: string };

export async function restGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/v4${path}`);
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

/** The core pages of the demo, found in the demo through the API as the signed-in user sees it. */
export async function corePages(page: Page, username: string): Promise<CorePage[]> {
  const group = encodeURIComponent(GROUP);
  const epics = await restGet<{ iid: number; title: string }[]>(
    page,
    `/groups/${group}/epics?search=${encodeURIComponent('Platform modernization')}`,
  );
  const epic = epics.find((e) => e.title === 'Platform modernization') ?? epics[0];
  const issues = await restGet<{ web_url: string }[]>(
    page,
    `/projects/${encodeURIComponent(PROJECT)}/issues?per_page=1&state=opened`,
  );
  const milestones = await restGet<{ web_url: string }[]>(page, `/groups/${group}/milestones?per_page=1`);
  const pages: CorePage[] = [
    { name: 'group', path: `/${GROUP}` },
    { name: 'roadmap', path: `/groups/${GROUP}/-/roadmap` },
    { name: 'epics list', path: `/groups/${GROUP}/-/epics` },
    { name: 'issues list', path: `/${PROJECT}/-/issues` },
    { name: 'profile', path: `/${username}` },
  ];
  if (epic) pages.push({ name: 'epic', path: `/groups/${GROUP}/-/epics/${epic.iid}` });
  if (issues[0]) pages.push({ name: 'issue', path: new URL(issues[0].web_url).pathname });
  if (milestones[0]) pages.push({ name: 'milestone', path: new URL(milestones[0].web_url).pathname });
  expect(pages.map((p) => p.name)).toEqual(expect.arrayContaining(['epic', 'issue', 'milestone']));
  return pages;
}
