export * from './app-pages.ts';
export * from './namespace-path.ts';
export * from './sub-pages.ts';
