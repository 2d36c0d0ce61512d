export { createLineService, type LineService } from './service.ts';
export { lineSignature } from './signature.ts';
