export * from './bars.ts';
export * from './constants.ts';
export * from './first-list.ts';
export * from './nesting.ts';
export * from './progress.ts';
export * from './settings.ts';
export * from './timeframe.ts';
