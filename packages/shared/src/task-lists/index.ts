export * from './task-list-source.ts';
