export { createPaymentsService, type PaymentsService } from './service.ts';
