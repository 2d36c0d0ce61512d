import { E, lineEndpoints, parseLang } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute, signedInMember } from '../../http/route.ts';
import { memberActor } from '../audit/index.ts';

/** The largest webhook body the desk reads (LINE sends a few events at a time). */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * The member's LINE link (`/api/external/user/...LineLink...`) and the webhook the LINE platform
 * calls, `POST /api/line/webhook` (decision 0079): not a call of the apps, so not in the contract;
 * public, but refused without the LINE signature of its raw body, which this scope keeps unparsed.
 */
export async function lineRoutes(app: FastifyInstance): Promise<void> {
  const { line } = app.services;

  defineRoute(app, lineEndpoints.getLineLink, ({ req }) => line.state(signedInMember(req).memberId));
  defineRoute(app, lineEndpoints.createLineLinkCode, ({ req }) =>
    line.createCode(signedInMember(req).memberId, parseLang(req.headers['accept-language'])),
  );
  defineRoute(app, lineEndpoints.unlinkLine, ({ req }) => {
    const { memberId } = signedInMember(req);
    return line.unlink(memberActor(req, memberId), memberId);
  });

  await app.register(async (webhook) => {
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    webhook.post(
      '/api/line/webhook',
      { bodyLimit: WEBHOOK_BODY_LIMIT, config: { access: 'public' }, schema: { hide: true } },
      async (req) => {
        const signature = req.headers['x-line-signature'];
        await line.webhook(
          Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
          typeof signature === 'string' ? signature : undefined,
        );
        return { code: E.SUCCESS.code, message: E.SUCCESS.en, result: null };
      },
    );
  });
}
