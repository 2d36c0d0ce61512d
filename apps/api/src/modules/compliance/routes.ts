import { adminEndpoints, parseLang } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { csvLine, defineRoute, signedInStaff } from '../../http/route.ts';
import { staffActor } from '../audit/index.ts';
import { reportRange } from './amlo.ts';
import { amloCsv, closesCsv } from './csv.ts';

/** The AMLO report queue and the daily closes (`/api/admin/compliance/...`, their CSV reports). */
export async function complianceRoutes(app: FastifyInstance): Promise<void> {
  const { amlo, closes } = app.services;

  defineRoute(app, adminEndpoints.amloQueue, async ({ query }) => ({
    thresholdThb: amlo.thresholdThb,
    items: await amlo.queue(query.from, query.to, query.state),
  }));
  defineRoute(app, adminEndpoints.fileAmlo, ({ body, req }) => {
    const { staffId } = signedInStaff(req);
    return amlo.file(staffActor(req, staffId), staffId, body.key, body.reference);
  });
  defineRoute(app, adminEndpoints.amloReport, async ({ query, req }) => ({
    filename: `amlo-${query.from}-${query.to}.csv`,
    lines: amloCsv(
      await amlo.queue(query.from, query.to, 'all'),
      parseLang(req.headers['accept-language']),
      csvLine,
    ),
  }));
  defineRoute(app, adminEndpoints.dailyClose, ({ query }) => closes.read(query.day));
  defineRoute(app, adminEndpoints.closeDay, ({ body, req }) => {
    const { staffId } = signedInStaff(req);
    return closes.close(staffActor(req, staffId), staffId, body);
  });
  defineRoute(app, adminEndpoints.closesReport, async ({ query, req }) => {
    reportRange(query.from, query.to);
    return {
      filename: `closes-${query.from}-${query.to}.csv`,
      lines: closesCsv(
        await closes.recorded(query.from, query.to),
        parseLang(req.headers['accept-language']),
        csvLine,
      ),
    };
  });
}
