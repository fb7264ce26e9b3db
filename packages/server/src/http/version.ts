/**
 * GitLab's `GET /api/v4/version` (lib/api/version.rb): clients call it to pick behaviour
 * (python-gitlab's `gl.version()`, the gem's `Gitlab.version`). The version is Milepost's own,
 * from package.json; the revision is the git commit when the server runs from a checkout.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { requireUser } from './params.ts';

const root = path.resolve(import.meta.dirname, '../../../..');

function readVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The short commit of the checkout, or 'unknown' (no git, not a checkout): asked once, 2 s at most. */
function readRevision(): string {
  try {
    const out = execFileSync('git', ['rev-parse', '--short=11', 'HEAD'], {
      cwd: root,
      timeout: 2000,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const revision = out.toString().trim();
    return /^[0-9a-f]{7,40}$/.test(revision) ? revision : 'unknown';
  } catch {
    return 'unknown';
  }
}

export type VersionInfo = {
  version: string;
  revision: string;
  kas: { enabled: false; externalUrl: null; version: null };
  enterprise: true;
};

/** Read once at start: the answer never changes while the process runs. */
export function versionInfo(): VersionInfo {
  return {
    version: readVersion(),
    revision: readRevision(),
    kas: { enabled: false, externalUrl: null, version: null },
    enterprise: true,
  };
}

export function versionRoutes(api: FastifyInstance): void {
  const info = versionInfo();
  // As GitLab: signed-in users only (401 otherwise); any token scope reads it.
  api.get('/version', async (request) => {
    requireUser(request.actor);
    return info;
  });
  api.get('/metadata', async (request) => {
    requireUser(request.actor);
    return info;
  });
}
