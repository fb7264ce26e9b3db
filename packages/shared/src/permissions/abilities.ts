/**
 * The one list of ability names. The server's policy module decides each of them; the web reads
 * them from `userPermissions` and never re-derives them from roles.
 */
export const USER_ABILITIES = ['readUser', 'adminUser'] as const;

export const GROUP_ABILITIES = [
  'readGroup',
  'adminGroup',
  'adminGroupMember',
  'createSubgroup',
  'createProjects',
  'readGroupMember',
  'removeGroup',
] as const;

export const PROJECT_ABILITIES = [
  'readProject',
  'adminProject',
  'adminProjectMember',
  'readProjectMember',
  'removeProject',
] as const;

export type UserAbility = (typeof USER_ABILITIES)[number];
export type GroupAbility = (typeof GROUP_ABILITIES)[number];
export type ProjectAbility = (typeof PROJECT_ABILITIES)[number];
export type Ability = UserAbility | GroupAbility | ProjectAbility | 'createGroup' | 'readAdminArea';
