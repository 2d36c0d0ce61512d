export * from './banks.ts';
export * from './endpoint.ts';
export * from './endpoints/index.ts';
export * from './errors.ts';
export * from './limits.ts';
export * from './money.ts';
export * from './networks.ts';
export * from './validators/index.ts';
