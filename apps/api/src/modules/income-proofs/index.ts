export { createIncomeProofsService, type IncomeProofsService } from './service.ts';
