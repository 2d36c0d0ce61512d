export { createPasswordResetService, type PasswordResetService } from './service.ts';
