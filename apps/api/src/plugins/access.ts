import { type Access, CLIENT_SIGNATURE_HEADER, E, isStaffAccess } from '@bahtdesk/contract';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../http/app-error.ts';
import { asList } from '../http/route-hooks.ts';
import { bearerToken, type MemberSession, type StaffSession } from '../modules/sessions/index.ts';

/** How the access hook checks each kind of caller; the services that know sessions provide them. */
export interface Authenticators {
  member(token: string | undefined): Promise<MemberSession>;
  staff(token: string | undefined): Promise<StaffSession>;
  signature(signature: string | undefined): boolean;
}

/**
 * Access control from the contract's `access` of each route, in an onRequest hook of the route (before the body
 * is read; after the limits plugin, so a banned IP is refused before any of this runs):
 * - 'public': anyone;
 * - 'signed': a valid clientSignature header, else 403;
 * - 'member': a live member session (500/501/502 otherwise), in `req.member`;
 * - `{ staff }`: a live staff session (500/501/502), whose role is listed (403 otherwise) and whose
 *   second factor is done unless the route says it need not be (403), in `req.staff`.
 * A member token never opens a staff route and a staff token never opens a member route: each is
 * looked up only in its own table. An /api/ route that declares no access fails at start.
 */
export const accessPlugin = fp(
  async (app: FastifyInstance, { authenticators }: { authenticators: Authenticators }) => {
    app.decorateRequest('member', null);
    app.decorateRequest('staff', null);

    const check = async (req: FastifyRequest, access: Exclude<Access, 'public'>): Promise<void> => {
      if (access === 'signed') {
        const signature = req.headers[CLIENT_SIGNATURE_HEADER];
        if (!authenticators.signature(typeof signature === 'string' ? signature : undefined)) {
          throw new AppError(E.ACCESS_DENIED);
        }
        return;
      }
      const token = bearerToken(req.headers.authorization);
      if (access === 'member') {
        req.member = await authenticators.member(token);
        return;
      }
      if (isStaffAccess(access)) {
        const staff = await authenticators.staff(token);
        if (!access.staff.includes(staff.role)) throw new AppError(E.ACCESS_DENIED);
        if (access.secondFactor !== false && !staff.secondFactorDone) {
          throw new AppError(E.ACCESS_DENIED, { secondFactor: 'required' });
        }
        req.staff = staff;
      }
    };

    // A hook of each route that needs a caller: a public route (most calls) runs none.
    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      if (route.url.startsWith('/api/') && access === undefined) {
        throw new Error(`${route.method} ${route.url} declares no access: declare it in the contract`);
      }
      if (access === undefined || access === 'public') return;
      const hook: onRequestHookHandler = (req, _reply, done) => {
        check(req, access).then(() => done(), done);
      };
      route.onRequest = [...asList(route.onRequest), hook];
    });
  },
  { name: 'access', dependencies: ['errors', 'limits'] },
);
