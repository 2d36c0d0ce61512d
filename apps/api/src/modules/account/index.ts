export { type AccountService, createAccountService, type SignInFailures } from './service.ts';
