import { IP_BAN_MS } from '@bahtdesk/contract';

/**
 * Per-IP request limits (decisions 0007 and 0018). Every request counts against `general`;
 * the endpoints abuse targets (sign-in, sign-up, OTP, forgot password) also count against a
 * tighter rule of their own, and a failed sign-in counts against `failedSignIn`. Exceeding any
 * rule bans the IP for BAN_MS.
 */
export interface LimitRule {
  readonly name: string;
  readonly max: number;
  readonly windowMs: number;
}

export interface LimitRules {
  readonly general: LimitRule;
  /** Extra rules by route path (the contract's exact path). */
  readonly byPath: Readonly<Record<string, LimitRule>>;
  readonly failedSignIn: LimitRule;
}

export const BAN_MS = IP_BAN_MS;

/**
 * Not a route: the key under which the services count, with `Limiter.admit`, each answer that tells
 * whether a username, email or phone is registered (sign-up 10009/10015/10016, editProfile
 * 10015/10016, forgot password, forgot username and confirm OTP 10003/10004), so enumeration has one budget per IP
 * whichever path asks.
 */
export const LOOKUP_ANSWER_KEY = 'lookup-answer';

const MINUTE = 60_000;
const rule = (name: string, max: number, windowMs: number): LimitRule => ({ name, max, windowMs });

export const DEFAULT_LIMITS: LimitRules = {
  general: rule('general', 600, MINUTE),
  byPath: {
    '/api/external/auth/auth': rule('signIn', 30, 10 * MINUTE),
    '/api/external/user/signUp': rule('signUp', 20, 10 * MINUTE),
    '/api/external/user/forgotPassword': rule('forgotPassword', 10, 10 * MINUTE),
    '/api/external/user/forgotUsername': rule('forgotUsername', 10, 10 * MINUTE),
    '/api/external/user/confirmOtp': rule('confirmOtp', 20, 10 * MINUTE),
    '/api/external/user/changePassword': rule('resetPassword', 20, 10 * MINUTE),
    // Each upload decodes images: a loop of them from one address is stopped early, before it costs the server much CPU.
    '/api/external/user/uploadKyc': rule('uploadKyc', 10, 10 * MINUTE),
    '/api/external/user/uploadImgFile': rule('uploadImgFile', 60, 10 * MINUTE),
    '/api/external/user/stageKycImage': rule('stageKycImage', 60, 10 * MINUTE),
    [LOOKUP_ANSWER_KEY]: rule('lookupAnswer', 15, 10 * MINUTE),
  },
  failedSignIn: rule('failedSignIn', 15, 10 * MINUTE),
};

/** The default rules with every maximum multiplied by `factor` (RATE_LIMIT_FACTOR; tests raise it). */
export function scaleLimits(factor: number, rules: LimitRules = DEFAULT_LIMITS): LimitRules {
  const scale = (r: LimitRule) => rule(r.name, Math.max(1, Math.floor(r.max * factor)), r.windowMs);
  return {
    general: scale(rules.general),
    byPath: Object.fromEntries(Object.entries(rules.byPath).map(([path, r]) => [path, scale(r)])),
    failedSignIn: scale(rules.failedSignIn),
  };
}
