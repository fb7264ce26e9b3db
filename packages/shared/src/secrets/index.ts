export * from './secret-detection.ts';
