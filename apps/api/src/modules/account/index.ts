export { createLookupBudget, type LookupBudget, type LookupLimiter } from './lookups.ts';
export { type AccountService, createAccountService } from './service.ts';
export { createStepUp, type PasswordAttempts, type StepUp, type StepUpAction } from './step-up.ts';
