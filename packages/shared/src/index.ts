export * from './domain/access-level.ts';
export * from './domain/paths.ts';
export * from './domain/visibility.ts';
export * from './permissions/abilities.ts';
export * from './domain/color.ts';
export * from './domain/dates.ts';
export * from './domain/labels.ts';
export * from './format/task-list.ts';
