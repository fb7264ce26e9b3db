/**
 * Reports visits of projects and groups to the server (GitLab's `POST /-/track_namespace_visits`
 * with `{type, id}`), which counts each at most once per day. In the browser each item is reported
 * at most once an hour, so moving between a project's pages sends nothing more.
 */
import { csrfFetch } from '../../lib/csrf.ts';

const REPORT_EVERY_MS = 60 * 60 * 1000;
const lastReported = new Map<string, number>();

/** `gid://gitlab/Project/5` → 5. */
function numericId(gid: string): string | null {
  return /\/(\d+)$/.exec(gid)?.[1] ?? null;
}

export function trackVisit(type: 'projects' | 'groups', gid: string, now = Date.now()): void {
  const id = numericId(gid);
  if (!id) return;
  const key = `${type}:${id}`;
  const last = lastReported.get(key);
  if (last !== undefined && now - last < REPORT_EVERY_MS) return;
  lastReported.set(key, now);
  csrfFetch('/-/track_namespace_visits', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ type, id: Number(id) }),
  }).catch(() => {
    // A lost visit only makes the menus a little less current: try again next time.
    lastReported.delete(key);
  });
}
