export * from './customization.ts';
export * from './keys.ts';
export * from './registry.ts';
