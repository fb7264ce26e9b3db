import type { Ability } from '@milepost/shared';
import type { Actor } from '../authz/actor.ts';
import { can, preloadAccess, type Subject } from '../authz/policy.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Services } from '../modules/services.ts';

export type GraphQLContext = {
  actor: Actor;
  services: Services;
  db: Db;
  config: Config;
  /** The policy module, bound to this request's actor. */
  can: (ability: Ability, subject: Subject) => Promise<boolean>;
};

export function createContext(deps: { db: Db; services: Services; config: Config }, actor: Actor): GraphQLContext {
  // Nearly every query of a signed-in user asks the policy: fetch the memberships in parallel.
  preloadAccess(deps.db, actor);
  return {
    actor,
    services: deps.services,
    db: deps.db,
    config: deps.config,
    can: (ability, subject) => can(deps.db, actor, ability, subject),
  };
}
