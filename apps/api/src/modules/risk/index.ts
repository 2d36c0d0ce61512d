export { activeFlagsOf, hasActiveFlag } from './repository.ts';
export { createRiskService, type RiskService } from './service.ts';
