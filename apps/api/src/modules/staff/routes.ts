import { adminEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute, requestMeta, signedInStaff } from '../../http/route.ts';
import { staffActor } from '../audit/index.ts';
import { deviceCookie } from './device-cookie.ts';

/** Staff sign-in (`/api/admin/auth/...`, `/api/admin/me`) and staff accounts (`/api/admin/staff`). */
export async function staffRoutes(app: FastifyInstance): Promise<void> {
  const { staff, staffSignIn } = app.services;
  const e = adminEndpoints;

  defineRoute(app, e.me, ({ req }) => staffSignIn.profile(signedInStaff(req)));
  // The sign-in steps read the browser's device cookie, and a completed second factor gives a new one.
  defineRoute(app, e.staffLogin, ({ body, req, reply }) =>
    staffSignIn.login(body, requestMeta(req), deviceCookie(req, reply)),
  );
  defineRoute(app, e.verifyTotp, ({ body, req, reply }) =>
    staffSignIn.verifyTotp(signedInStaff(req), body.code, requestMeta(req), deviceCookie(req, reply)),
  );
  defineRoute(app, e.useRecoveryCode, ({ body, req, reply }) =>
    staffSignIn.useRecoveryCode(
      signedInStaff(req),
      body.recoveryCode,
      requestMeta(req),
      deviceCookie(req, reply),
    ),
  );
  defineRoute(app, e.startEnrolment, ({ req }) =>
    staffSignIn.startEnrolment(signedInStaff(req), requestMeta(req)),
  );
  defineRoute(app, e.confirmEnrolment, ({ body, req, reply }) =>
    staffSignIn.confirmEnrolment(signedInStaff(req), body.code, requestMeta(req), deviceCookie(req, reply)),
  );
  defineRoute(app, e.changeStaffPassword, ({ body, req }) =>
    staffSignIn.changePassword(signedInStaff(req), body, requestMeta(req)),
  );
  defineRoute(app, e.staffLogout, async ({ req }) => {
    await staffSignIn.logout(signedInStaff(req), requestMeta(req));
    return null;
  });

  const admin = (req: Parameters<typeof signedInStaff>[0]) => staffActor(req, signedInStaff(req).staffId);
  defineRoute(app, e.listStaff, () => staff.list());
  defineRoute(app, e.createStaff, ({ body, req }) => staff.createWithOneTimePassword(admin(req), body));
  defineRoute(app, e.setStaffRole, ({ params, body, req }) =>
    staff.change(admin(req), params.id, { role: body.role }),
  );
  defineRoute(app, e.setStaffDisabled, ({ params, body, req }) =>
    staff.change(admin(req), params.id, { disabled: body.disabled }),
  );
  defineRoute(app, e.resetStaffSecondFactor, ({ params, req }) =>
    staff.change(admin(req), params.id, { secondFactor: 'reset' }),
  );
  defineRoute(app, e.unlockStaff, ({ params, req }) => staff.change(admin(req), params.id, { unlock: true }));
}
