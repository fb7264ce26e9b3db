export * from './display.ts';
export * from './epics-query.ts';
export * from './recent-searches.ts';
export * from './tokens.ts';
export * from './url.ts';
