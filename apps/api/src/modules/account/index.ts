export { type AccountService, createAccountService, type PasswordAttempts } from './service.ts';
