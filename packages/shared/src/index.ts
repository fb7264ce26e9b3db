export * from './domain/access-level.ts';
export * from './domain/paths.ts';
export * from './domain/visibility.ts';
export * from './permissions/abilities.ts';
