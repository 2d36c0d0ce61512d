export { type BansService, createBansService } from './service.ts';
