import { E, MAINTENANCE_OPEN_CALLS, memberEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/app-error.ts';

const open = new Set<string>(MAINTENANCE_OPEN_CALLS);

/** The paths of the member calls that maintenance closes: all but the contract's open ones. */
const CLOSED_PATHS = new Set(
  Object.entries(memberEndpoints)
    .filter(([name]) => !open.has(name))
    .map(([, e]) => e.path),
);

/**
 * Maintenance enforced by the server (decision 0020): while the `maintenance` setting is 'off'
 * (the site is in maintenance), every member call but MAINTENANCE_OPEN_CALLS answers 997 in an
 * onRequest hook, before its body is read, its session looked up or its handler run, so a page
 * left open cannot act. Staff calls and everything that is not a member call keep working.
 * `inMaintenance` reads the setting from memory (the public reads, which follow the event bus).
 */
export const maintenancePlugin = fp(
  async (app: FastifyInstance, { inMaintenance }: { inMaintenance: () => Promise<boolean> }) => {
    app.addHook('onRequest', (req, _reply, done) => {
      if (!CLOSED_PATHS.has(req.routeOptions.url ?? '')) return done();
      inMaintenance().then(
        (closed) => done(closed ? new AppError(E.UNAVAILABLE) : undefined),
        (err: Error) => done(err),
      );
    });
  },
  { name: 'maintenance', dependencies: ['errors', 'limits'] },
);
