import {
  E,
  fileEndpoints,
  MAINTENANCE_OPEN_CALLS,
  memberEndpoints,
  memberLiveEndpoints,
} from '@bahtdesk/contract';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/app-error.ts';
import { asList } from '../http/route-hooks.ts';
import type { PublicReads } from '../modules/home/index.ts';

const open = new Set<string>(MAINTENANCE_OPEN_CALLS);

/**
 * The paths maintenance closes: every member call but the contract's open ones, and the member's
 * other signed-in reads, their stored images and their event stream (decision 0047).
 */
const CLOSED_PATHS = new Set([
  ...Object.entries(memberEndpoints)
    .filter(([name]) => !open.has(name))
    .map(([, e]) => e.path),
  fileEndpoints.memberFile.path,
  memberLiveEndpoints.memberEvents.path,
]);

/** Whether the site is in maintenance (the setting reads 'off'), from the in-memory public reads. */
export const siteInMaintenance = (reads: Pick<PublicReads, 'setting'>) => async () =>
  (await reads.setting('maintenance')).value === 'off';

/**
 * Maintenance enforced by the server (decision 0020): while the `maintenance` setting is 'off'
 * (the site is in maintenance), every member call but MAINTENANCE_OPEN_CALLS answers 997 in an
 * onRequest hook of those routes, before its body is read, its session looked up or its handler run, so a page
 * left open cannot act; the member's image reads and event stream answer 997 too (a stream open
 * when maintenance starts is closed by the live routes). Staff calls, the public live stream and
 * everything else keep working.
 * `inMaintenance` reads the setting from memory (the public reads, which follow the event bus).
 */
export const maintenancePlugin = fp(
  async (app: FastifyInstance, { inMaintenance }: { inMaintenance: () => Promise<boolean> }) => {
    const closed: onRequestHookHandler = (_req, _reply, done) => {
      inMaintenance().then(
        (inIt) => done(inIt ? new AppError(E.UNAVAILABLE) : undefined),
        (err: Error) => done(err),
      );
    };
    // A hook of the closed routes only: the calls that stay open (the public reads) run none.
    app.addHook('onRoute', (route) => {
      if (CLOSED_PATHS.has(route.url)) route.onRequest = [...asList(route.onRequest), closed];
    });
  },
  { name: 'maintenance', dependencies: ['errors', 'limits'] },
);
