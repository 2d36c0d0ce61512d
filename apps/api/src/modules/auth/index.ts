export { type ClientSignatures, createClientSignatures } from './client-signature.ts';
export { type AuthService, createAuthService } from './service.ts';
