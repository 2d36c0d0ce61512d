export * from './endpoint.ts';
export * from './endpoints/index.ts';
export * from './errors.ts';
