import { adminEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute, signedInStaff } from '../../http/route.ts';
import { staffActor } from '../audit/index.ts';
import { sanitizeHtml } from './sanitize.ts';

/** Staff edit the HTML pages (`/api/admin/pages`); members read them through getHtmlPage (home module). */
export async function pagesRoutes(app: FastifyInstance): Promise<void> {
  const { pages } = app.services;

  defineRoute(app, adminEndpoints.listPages, () => pages.list());
  defineRoute(app, adminEndpoints.savePage, ({ body, req }) =>
    pages.publish(staffActor(req, signedInStaff(req).staffId), body),
  );
  // The same sanitiser as storing and serving, so the preview is exactly what members will see.
  defineRoute(app, adminEndpoints.previewHtml, async ({ body }) => ({ html: sanitizeHtml(body.html) }));
}
