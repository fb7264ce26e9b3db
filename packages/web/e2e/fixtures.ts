import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-password-123';
export const ROOT_PASSWORD = 'root-password-123';

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
