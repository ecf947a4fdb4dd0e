// Public surface of the recognition pre/post-processing (pure TypeScript, shared by the web worker and Node).
export * from './align.ts';
export * from './classify.ts';
export * from './detect.ts';
export * from './errors.ts';
export * from './exif.ts';
export * from './handRules.ts';
export * from './imageBytes.ts';
export * from './letterbox.ts';
export * from './melds.ts';
export * from './modelSpec.ts';
export * from './pipeline.ts';
export * from './pixels.ts';
export * from './prototypes.ts';
export * from './rows.ts';
export * from './tiles.ts';
