export * from './display.ts';
export * from './epics-query.ts';
export * from './issue-tokens.ts';
export * from './issues-query.ts';
export * from './issues-url.ts';
export * from './recent-searches.ts';
export * from './tokens.ts';
export * from './url.ts';
