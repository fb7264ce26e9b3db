import type { UserRow } from '../db/schema.ts';

/** Who is asking, and how they proved it. Made once per request. */
export type Actor = {
  user: UserRow | null;
  via: 'anonymous' | 'session' | 'token';
  /** Token scopes; sessions have every scope. */
  scopes: readonly string[];
  /** The stored id (digest) of the browser session behind a cookie actor, so it can be told from the others. */
  sessionId?: string;
  /** Per-request memo of access lookups, so one request asks each question of the database once. */
  memo: Map<string, Promise<unknown>>;
};

export function anonymousActor(): Actor {
  return { user: null, via: 'anonymous', scopes: [], memo: new Map() };
}

export function userActor(
  user: UserRow,
  via: 'session' | 'token' = 'session',
  scopes: readonly string[] = ['api'],
): Actor {
  return { user, via, scopes, memo: new Map() };
}

/** True when the actor may make changes at all: signed in, and a token has the `api` scope. */
export function canWrite(actor: Actor): boolean {
  return actor.user !== null && (actor.via === 'session' || actor.scopes.includes('api'));
}

export function isAdmin(actor: Actor): boolean {
  return actor.user?.admin === true;
}
