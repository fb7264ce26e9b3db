import { ACCESS_LEVEL_ENUM, ACCESS_LEVEL_NAMES, isMemberAccessLevel, MEMBER_ACCESS_LEVELS } from '@milepost/shared';
import type { AccessLevelEnum } from '../../gql/graphql.ts';

/** Guest … Owner, as options for a role dropdown (id is the integer access level). */
export const ROLE_OPTIONS = MEMBER_ACCESS_LEVELS.map((level) => ({
  id: String(level),
  label: ACCESS_LEVEL_NAMES[level],
}));

export function roleName(level: number | null | undefined): string {
  return isMemberAccessLevel(level) ? ACCESS_LEVEL_NAMES[level] : 'No access';
}

/** The GraphQL enum value (`DEVELOPER`) for an integer access level given as a string ('30'). */
export function accessLevelEnum(level: string): AccessLevelEnum {
  const value = Number(level);
  if (!isMemberAccessLevel(value)) throw new Error(`Unknown access level ${level}`);
  return ACCESS_LEVEL_ENUM[value] as AccessLevelEnum;
}
