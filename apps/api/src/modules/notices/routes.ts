import { memberEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute, signedInMember } from '../../http/route.ts';

/** The member's channels per kind of message (decision 0078). */
export async function noticeRoutes(app: FastifyInstance): Promise<void> {
  const { notices } = app.services;

  defineRoute(app, memberEndpoints.getNoticeChoices, ({ req }) =>
    notices.choices(signedInMember(req).memberId),
  );
  defineRoute(app, memberEndpoints.setNoticeChoice, ({ req, body }) =>
    notices.setChoice(signedInMember(req).memberId, body),
  );
}
