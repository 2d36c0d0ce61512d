export { createOrdersService, type OrdersService } from './service.ts';
export { scheduleExpiry } from './sweeper.ts';
