export * from './burnup.ts';
export * from './schedule.ts';
