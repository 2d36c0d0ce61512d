export {
  createSessionService,
  type MemberSession,
  type RequestMeta,
  type SessionPolicy,
  type SessionService,
  type StaffSession,
  sessionResult,
} from './service.ts';
export { bearerToken, hashToken, newToken } from './tokens.ts';
