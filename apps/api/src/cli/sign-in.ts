import { E, type StaffRole, staffLoginBodySchema, totpCodeSchema } from '@bahtdesk/contract';
import { AppError } from '../http/app-error.ts';
import { type Actor, staffActor } from '../modules/audit/index.ts';
import type { RequestMeta, SessionService } from '../modules/sessions/index.ts';
import type { StaffSignIn } from '../modules/staff/index.ts';

/** A staff member signed in on the command line, for one command. */
export interface CommandLineStaff {
  actor: Actor;
  username: string;
  role: StaffRole;
  /** Ends the command's session (audited as a sign-out). */
  signOut(): Promise<void>;
}

/** A sign-in that cannot go on, and why, in words for the operator. */
class SignInRefused extends Error {
  override name = 'SignInRefused';
}

/**
 * Signs a staff member in with the console's own two steps (modules/staff/sign-in.ts): the
 * password, then `readCode()`'s answer, a TOTP code (six digits) or a recovery code. So the same
 * attempt budgets, slow-down and audit rows apply, failures included. `meta.ip` is the command
 * line's address (`commandLineAddress` of the contract): its attempts count against it as the
 * console's count against a client's IP address, and every audit row of the session and of the
 * changes made in it carries it, saying it came from the command line and which server user ran
 * it. An account without a second factor, or with a one-time password still to change, first
 * signs in to the console. The session is the command's: whatever happens after the password
 * step, `signOut` or a refusal ends it.
 */
export async function signInAtCommandLine(
  deps: { signIn: StaffSignIn; sessions: Pick<SessionService, 'authenticateStaff'> },
  credentials: { username: string; password: string },
  readCode: () => Promise<string>,
  meta: RequestMeta,
): Promise<CommandLineStaff> {
  const body = staffLoginBodySchema.safeParse(credentials);
  if (!body.success) throw new AppError(E.BAD_CREDENTIALS);
  const login = await deps.signIn.login(body.data, meta);
  const session = await deps.sessions.authenticateStaff(login.token);
  const signOut = () => deps.signIn.logout(session, meta);
  try {
    if (login.next === 'enrol') {
      throw new SignInRefused(
        `${body.data.username} has no two-factor authentication yet: sign in to the console (/admin/) once to set it up, then use the command line`,
      );
    }
    const code = (await readCode()).trim();
    const profile = totpCodeSchema.safeParse(code).success
      ? await deps.signIn.verifyTotp(session, code, meta)
      : await deps.signIn.useRecoveryCode(session, code, meta);
    if (!profile.secondFactorDone) {
      throw new SignInRefused(
        `${profile.username} still has the one-time password an admin gave it: sign in to the console (/admin/) to set your own, then use the command line`,
      );
    }
    return {
      actor: staffActor(meta, profile.id),
      username: profile.username,
      role: profile.role,
      signOut,
    };
  } catch (error) {
    await signOut();
    throw error;
  }
}
