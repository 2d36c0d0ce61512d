import { adminEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute, signedInStaff } from '../../http/route.ts';
import { staffActor } from '../audit/index.ts';

/** Staff write the news (`/api/admin/news...`); members read it through getNews (home module). */
export async function newsRoutes(app: FastifyInstance): Promise<void> {
  const { news } = app.services;
  const actor = (req: Parameters<typeof signedInStaff>[0]) => staffActor(req, signedInStaff(req).staffId);

  defineRoute(app, adminEndpoints.listNews, ({ query }) => news.list(query));
  defineRoute(app, adminEndpoints.createNews, ({ body, req }) => news.create(actor(req), body));
  defineRoute(app, adminEndpoints.updateNews, ({ body, params, req }) =>
    news.update(actor(req), params.id, body),
  );
  defineRoute(app, adminEndpoints.publishNews, ({ body, params, req }) =>
    news.setPublished(actor(req), params.id, body.published),
  );
  defineRoute(app, adminEndpoints.deleteNews, ({ params, req }) => news.remove(actor(req), params.id));
}
