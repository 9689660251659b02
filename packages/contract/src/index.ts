export * from './limits.ts';
export * from './schemas.ts';
export * from './text.ts';
export * from './types.ts';
