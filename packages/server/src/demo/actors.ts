import { type Actor, userActor } from '../authz/actor.ts';
import type { UserRow } from '../db/schema.ts';

/** The actor a demo step acts as, for one of the demo's users. */
export type ActorOf = (user: UserRow) => Actor;

/**
 * One actor per user for a whole demo load, so each user's memberships are read once rather than
 * once per object (an actor remembers them). Only for after the memberships are set up.
 */
export function demoActors(): ActorOf {
  const byId = new Map<number, Actor>();
  return (user) => {
    let actor = byId.get(user.id);
    if (!actor) {
      actor = userActor(user);
      byId.set(user.id, actor);
    }
    return actor;
  };
}
