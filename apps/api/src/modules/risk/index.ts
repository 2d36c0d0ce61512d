export { createRiskService, type RiskService } from './service.ts';
