export * from './images.ts';
export * from './limits.ts';
export * from './paths.ts';
export * from './render.ts';
export * from './schemas.ts';
export * from './text.ts';
export * from './types.ts';
export * from './video.ts';
