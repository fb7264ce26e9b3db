/** GitLab's member roles and their access levels. */
export const AccessLevel = {
  NO_ACCESS: 0,
  GUEST: 10,
  REPORTER: 20,
  DEVELOPER: 30,
  MAINTAINER: 40,
  OWNER: 50,
} as const;

export type AccessLevelValue = (typeof AccessLevel)[keyof typeof AccessLevel];
export type MemberAccessLevel = Exclude<AccessLevelValue, 0>;

export const MEMBER_ACCESS_LEVELS: readonly MemberAccessLevel[] = [10, 20, 30, 40, 50];

export const ACCESS_LEVEL_NAMES: Record<MemberAccessLevel, string> = {
  10: 'Guest',
  20: 'Reporter',
  30: 'Developer',
  40: 'Maintainer',
  50: 'Owner',
};

/** GraphQL `AccessLevelEnum` values (GitLab). */
export const ACCESS_LEVEL_ENUM: Record<AccessLevelValue, string> = {
  0: 'NO_ACCESS',
  10: 'GUEST',
  20: 'REPORTER',
  30: 'DEVELOPER',
  40: 'MAINTAINER',
  50: 'OWNER',
};

export function isMemberAccessLevel(value: unknown): value is MemberAccessLevel {
  return typeof value === 'number' && (MEMBER_ACCESS_LEVELS as readonly number[]).includes(value);
}
