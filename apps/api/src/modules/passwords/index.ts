export { createPasswordHasher, type PasswordHasher, PRODUCTION_ARGON2 } from './hasher.ts';
export { createStepUp, type PasswordAttempts, type StepUp, type StepUpAction } from './step-up.ts';
