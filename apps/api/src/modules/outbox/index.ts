export { createOutboxService, type OutboxService } from './service.ts';
