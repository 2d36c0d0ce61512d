import { E, type StaffProfile, type StaffRole } from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import type { PasswordHasher } from '../auth/index.ts';
import type { StaffSession } from '../sessions/index.ts';
import { findStaffById, insertStaff } from './repository.ts';

/** Staff accounts of the back office (design section 5): separate from members, with roles. */
export function createStaffService(db: Kysely<DB>, passwords: PasswordHasher) {
  return {
    /**
     * Creates a staff account with its audit row, in one transaction (`trx` to join the caller's).
     * A username already taken (in any letter case) is 30021.
     */
    async create(
      actor: Actor,
      input: { username: string; password: string; role: StaffRole },
      trx?: Kysely<DB>,
    ): Promise<number> {
      const passwordHash = await passwords.hash(input.password);
      const write = async (t: Kysely<DB>) => {
        const id = await insertStaff(t, { username: input.username, passwordHash, role: input.role });
        if (id === undefined) throw new AppError(E.STAFF_USERNAME_TAKEN);
        await recordAudit(t, actor, {
          action: 'staff.create',
          target: `staff:${id}`,
          after: { username: input.username, role: input.role },
        });
        return id;
      };
      return trx ? write(trx) : db.transaction().execute(write);
    },

    /** The signed-in staff member as the back office shows them. */
    async profile(session: StaffSession): Promise<StaffProfile> {
      const staff = await findStaffById(db, session.staffId);
      if (!staff) throw new AppError(E.NOT_ALLOWED);
      return {
        id: staff.id,
        username: staff.username,
        role: staff.role,
        enrolled: staff.enrolled,
        mustChangePassword: false,
        secondFactorDone: session.secondFactorDone,
      };
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
