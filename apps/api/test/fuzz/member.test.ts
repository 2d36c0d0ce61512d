import { CLIENT_SIGNATURE_HEADER, fileEndpoints, memberEndpoints } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { testApp } from '../harness.ts';
import { clientSignature } from '../members.ts';
import { createTrader, deskReady } from '../traders.ts';
import { fuzzEndpoints } from './requests.ts';

/**
 * The member API (the spec's calls, nothing else) under generated requests, most of them carrying
 * a member's token (a verified member with saved entries) or a clientSignature as the endpoint asks.
 */
let app: FastifyInstance;
let memberId: number;

beforeAll(async () => {
  ({ app } = await testApp());
  // A member who may trade, with rates and desk settings, so order calls get past the gate.
  await deskReady(app);
  ({ id: memberId } = await createTrader(app));
});

afterAll(async () => {
  await app.close();
});

/** A new session of the test's member (no password hashing). */
async function memberToken(): Promise<string> {
  return (await app.services.sessions.startMember(memberId, { ip: '127.0.0.1', userAgent: 'fuzz' })).token;
}

fuzzEndpoints(
  { ...memberEndpoints, ...fileEndpoints },
  () => app,
  async (e, kind): Promise<Record<string, string>> => {
    if (kind === 'none') return {};
    if (e.access === 'member') {
      return { authorization: kind === 'junk' ? 'Bearer not-a-token' : `Bearer ${await memberToken()}` };
    }
    if (e.access === 'signed') {
      return { [CLIENT_SIGNATURE_HEADER]: kind === 'junk' ? '1.x.y' : await clientSignature(app) };
    }
    return {};
  },
);
