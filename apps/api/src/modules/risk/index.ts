export { levelAndTotalsOf } from './repository.ts';
export { createRiskService, limitPeriods, type RiskService } from './service.ts';
