/**
 * The web app's own pages (everything that is not a group, project or user path) and who may open
 * them. The server answers 404 for any other page address, and sends signed-out visitors of
 * `signed-in` and `admin` pages to sign in; the web router's static routes must be listed here
 * (`router.test.tsx` checks it).
 */
export type AppPageAccess = 'public' | 'signed-in' | 'admin';

export const APP_PAGES: readonly { pattern: RegExp; access: AppPageAccess }[] = [
  { pattern: /^\/$/, access: 'public' },
  // The app's shell itself (served with its CSP nonce, as any page).
  { pattern: /^\/index\.html$/, access: 'public' },
  { pattern: /^\/users\/sign_in$/, access: 'public' },
  { pattern: /^\/dashboard\/groups$/, access: 'public' },
  { pattern: /^\/dashboard\/todos$/, access: 'signed-in' },
  { pattern: /^\/-\/user_settings\/personal_access_tokens$/, access: 'signed-in' },
  { pattern: /^\/-\/profile(\/preferences|\/password\/edit|\/active_sessions)?$/, access: 'signed-in' },
  { pattern: /^\/admin$/, access: 'admin' },
  { pattern: /^\/search$/, access: 'public' },
  { pattern: /^\/dashboard\/(issues|epics)$/, access: 'signed-in' },
  { pattern: /^\/dashboard\/(projects(\/member)?|activity|milestones)$/, access: 'signed-in' },
  { pattern: /^\/explore(\/projects|\/groups)?$/, access: 'public' },
  { pattern: /^\/groups\/new$/, access: 'signed-in' },
  { pattern: /^\/-\/help$/, access: 'public' },
  { pattern: /^\/users\/password\/(new|edit)$/, access: 'public' },
  { pattern: /^\/users\/confirmation$/, access: 'public' },
  { pattern: /^\/users\/sign_up$/, access: 'public' },
  { pattern: /^\/admin\/users\/[^/]+(\/edit)?$/, access: 'admin' },
  { pattern: /^\/admin\/abuse_reports\/[^/]+$/, access: 'admin' },
  { pattern: /^\/admin\/application_settings\/general$/, access: 'admin' },
];

/** `/a/b/` → `/a/b` (the root stays `/`). */
export function normalizePathname(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** Who may open the app page at `pathname`, or null when it is not one of the app's own pages. */
export function appPageAccess(pathname: string): AppPageAccess | null {
  const path = normalizePathname(pathname);
  return APP_PAGES.find((page) => page.pattern.test(path))?.access ?? null;
}

/** The username of a profile address `/<username>`, or null. */
export function profileUsername(location: { fullPath: string; subPath: readonly string[]; groupsPrefix: boolean }) {
  if (location.groupsPrefix || location.subPath.length > 0 || location.fullPath.includes('/')) return null;
  return location.fullPath;
}

/** GitLab's flash when a signed-out visitor opens something that needs an account. */
export const SIGN_IN_REQUIRED_MESSAGE = 'You need to sign in or sign up before continuing.';

/**
 * A one-shot message for the next page (Rails' flash) in a short-lived cookie the web app reads and
 * clears: the server sets it when it sends a signed-out visitor to sign in. Its value is a key the
 * web app turns into text, never free text.
 */
export const FLASH_COOKIE = '_milepost_flash';
export const SIGN_IN_REQUIRED_FLASH = 'sign_in_required';
