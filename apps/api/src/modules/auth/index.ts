export { type ClientSignatures, createClientSignatures } from './client-signature.ts';
export { createPasswordHasher, type PasswordHasher, PRODUCTION_ARGON2 } from './passwords.ts';
export { type AuthService, createAuthService } from './service.ts';
