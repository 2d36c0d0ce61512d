export { OTP_PURPOSE, TICKET_PURPOSE } from './repository.ts';
export { createPasswordResetService, type PasswordResetService } from './service.ts';
