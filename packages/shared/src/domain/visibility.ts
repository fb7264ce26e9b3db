/** GitLab's visibility levels: the number is stored, the name is what the API speaks. */
export const Visibility = {
  PRIVATE: 0,
  INTERNAL: 10,
  PUBLIC: 20,
} as const;

export type VisibilityLevel = (typeof Visibility)[keyof typeof Visibility];
export type VisibilityName = 'private' | 'internal' | 'public';

export const VISIBILITY_NAMES: readonly VisibilityName[] = ['private', 'internal', 'public'];

export function visibilityName(level: number): VisibilityName {
  if (level >= Visibility.PUBLIC) return 'public';
  if (level >= Visibility.INTERNAL) return 'internal';
  return 'private';
}

export function visibilityLevel(name: VisibilityName): VisibilityLevel {
  return name === 'public' ? Visibility.PUBLIC : name === 'internal' ? Visibility.INTERNAL : Visibility.PRIVATE;
}

export function isVisibilityName(value: unknown): value is VisibilityName {
  return typeof value === 'string' && (VISIBILITY_NAMES as readonly string[]).includes(value);
}
