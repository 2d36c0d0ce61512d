export { createLookupBudget, type LookupBudget, type LookupLimiter } from './lookups.ts';
export { type AccountService, createAccountService } from './service.ts';
