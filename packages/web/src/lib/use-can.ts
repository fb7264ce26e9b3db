import type { Ability } from '@milepost/shared';

type WithPermissions<P> = { userPermissions?: P | null } | null | undefined;

/**
 * Whether the viewer may do `ability` on `entity`, as the server decided it in `userPermissions`.
 * Never re-derive this from roles: a missing entity or a missing permission means no.
 */
export function useCan<P extends object>(entity: WithPermissions<P>, ability: keyof P & Ability): boolean {
  const permissions = entity?.userPermissions;
  if (!permissions) return false;
  return (permissions as Record<string, unknown>)[ability] === true;
}
