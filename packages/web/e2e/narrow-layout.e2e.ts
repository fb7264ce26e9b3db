import { expect, type Page, test } from '@playwright/test';
import { corePages, ROOT_PASSWORD, signInViaApi } from './fixtures.ts';

/**
 * The narrow layout (390 × 844, touch) of every kind of page: it fits the screen (nothing wider than
 * the viewport, so no sideways scrolling), and its heading shows. The journeys of the desktop project
 * prove what each page does; at narrow width the layout is what changes, and this journey proves it
 * page by page in one go (decision 0051). Journeys whose interaction differs at narrow width (drawers,
 * the collapsed sidebars, the roadmap's settings) also run in the narrow project.
 *
 * MILEPOST_E2E_SCREENSHOTS=dir keeps a full-page screenshot of each page, for looking at.
 */

const MORE_PAGES = [
  '/dashboard/todos',
  '/dashboard/issues',
  '/dashboard/epics',
  '/dashboard/groups',
  '/dashboard/projects',
  '/dashboard/activity',
  '/dashboard/milestones',
  '/-/profile',
  '/-/profile/preferences',
  '/-/user_settings/personal_access_tokens',
  '/search?search=checkout',
  '/explore',
  '/-/help',
  '/groups/new',
  '/acme/platform/web/-/issues/new',
  '/acme/platform/web/-/labels',
  '/acme/platform/web/-/milestones',
  '/groups/acme/-/issues',
];

const ADMIN_PAGES = ['/admin', '/admin/users/alice', '/admin/application_settings/general'];

/** Waits until the page's content is in: its first heading shows and nothing says Loading. */
async function settled(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await expect(page.getByRole('heading').first(), `${path}: a heading`).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('status', { name: 'Loading' }), `${path}: loaded`).toHaveCount(0, { timeout: 20_000 });
}

/** The widest thing on the page beyond the viewport, named so a failure says what overflows. */
async function overflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width + 1) return null;
    let widest: Element | null = null;
    let right = width;
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.right > right + 1) {
        right = box.right;
        widest = element;
      }
    }
    const name = widest
      ? `${widest.tagName.toLowerCase()}${widest.className ? `.${String(widest.className).split(' ')[0]}` : ''}`
      : 'something';
    return `${name} reaches ${Math.round(right)} px of ${width}`;
  });
}

async function checkPages(page: Page, paths: string[]) {
  const problems: string[] = [];
  for (const path of paths) {
    await settled(page, path);
    const wide = await overflow(page);
    if (wide) problems.push(`${path}: ${wide}`);
    const dir = process.env.MILEPOST_E2E_SCREENSHOTS;
    if (dir) await page.screenshot({ path: `${dir}/narrow${path.replace(/[^a-z0-9]+/gi, '-')}.png`, fullPage: true });
  }
  expect(problems).toEqual([]);
}

test('@narrow-only every kind of page fits the narrow screen', async ({ page }) => {
  test.setTimeout(120_000);
  await signInViaApi(page, 'alice');
  const core = await corePages(page, 'alice');
  await checkPages(page, [...core.map((c) => c.path), ...MORE_PAGES]);
});

test('@narrow-only the administrator’s pages fit the narrow screen', async ({ page }) => {
  await signInViaApi(page, 'root', ROOT_PASSWORD);
  await checkPages(page, ADMIN_PAGES);
});
