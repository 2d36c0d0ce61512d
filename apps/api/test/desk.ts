import { Secret, TOTP } from 'otpauth';
import { type DeskIO, runDesk } from '../src/cli/desk.ts';

/**
 * The operator command line run in the test process (runDesk), signed in as a staff member the way
 * a script signs in: `--as <username>`, then the password and a TOTP code on standard input.
 */

/** A staff member who can sign in: password and TOTP secret known (test/staff.ts enrolledStaff). */
export interface DeskStaff {
  username: string;
  password: string;
  secret: string;
}

/** The last TOTP time step each secret was used at here: the server accepts each step once. */
const lastStep = new Map<string, number>();

/** A code of `secret` not used before in this process: this time step's, else the next one's. */
export function freshCode(secret: string): string {
  const now = Math.floor(Date.now() / 30_000);
  const step = Math.max(now, (lastStep.get(secret) ?? now - 1) + 1);
  if (step > now + 1) throw new Error('two codes of this secret were used in this time step already');
  lastStep.set(secret, step);
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: step * 30_000 });
}

export interface DeskCall extends Partial<DeskIO> {
  /** Signs in as this staff member: --as, then its password and a fresh code on standard input. */
  as?: DeskStaff;
  /** Lines of standard input after the sign-in's. */
  stdin?: string[];
}

/**
 * Runs one command (the OS user is `tester`); answers its exit code, what it printed, and the
 * lines of standard input it left unread.
 */
export async function desk(argv: string[], call: DeskCall = {}) {
  const { as, stdin = [], ...io } = call;
  const lines = [...(as ? [as.password, freshCode(as.secret)] : []), ...stdin];
  let stdout = '';
  let stderr = '';
  const code = await runDesk(as ? [...argv, '--as', as.username] : argv, {
    env: {},
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    readLine: async () => lines.shift(),
    operator: 'tester',
    ...io,
  });
  return { code, stdout, stderr, unread: lines };
}
