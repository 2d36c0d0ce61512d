import { parseLang, passwordResetEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute, requestMeta } from '../../http/route.ts';

/** Forgot password: OTP, confirm, new password; forgot username (`/api/external/user/...`). */
export async function passwordResetRoutes(app: FastifyInstance): Promise<void> {
  const { passwordReset } = app.services;

  defineRoute(app, passwordResetEndpoints.forgotPassword, ({ body, req }) =>
    passwordReset.requestOtp(body, { ...requestMeta(req), lang: parseLang(req.headers['accept-language']) }),
  );

  defineRoute(app, passwordResetEndpoints.forgotUsername, ({ body, req }) =>
    passwordReset.sendUsername(body, {
      ...requestMeta(req),
      lang: parseLang(req.headers['accept-language']),
    }),
  );

  defineRoute(app, passwordResetEndpoints.confirmOtp, ({ body, req }) =>
    passwordReset.confirmOtp(body, requestMeta(req)),
  );

  defineRoute(app, passwordResetEndpoints.changePassword, async ({ body, req }) => {
    await passwordReset.resetPassword(body, requestMeta(req));
    return null;
  });
}
