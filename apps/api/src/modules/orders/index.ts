export { createOrdersService, type OrdersService } from './service.ts';
export { scheduleSweeps } from './sweeper.ts';
