import type { Ability } from '@milepost/shared';
import type { Subject } from '../authz/policy.ts';
import { builder } from './builder.ts';

/**
 * Builds a `<Name>Permissions` object type whose boolean fields are abilities decided by the policy
 * module for the parent subject; the web reads these and never re-derives them.
 */
export function permissionsType<Parent>(
  name: string,
  abilities: readonly Ability[],
  toSubject: (p: Parent) => Subject,
) {
  const ref = builder.objectRef<Parent>(name);
  ref.implement({
    description: `Check permissions for the current user on the object (${abilities.join(', ')}).`,
    fields: (t) =>
      Object.fromEntries(
        abilities.map((ability) => [
          ability,
          t.boolean({
            description: `If \`true\`, the user can perform \`${ability}\` on this resource`,
            resolve: (parent, _args, ctx) => ctx.can(ability, toSubject(parent)),
          }),
        ]),
      ),
  });
  return ref;
}
