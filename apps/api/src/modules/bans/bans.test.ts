import { E, type IpBan } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/harness.ts';
import { createStaff, type TestStaff } from '../../../test/members.ts';
import { auditRows, periodOf, staffCall } from '../../../test/staff-calls.ts';

let app: FastifyInstance;
let operator: TestStaff;
let viewer: TestStaff;

beforeAll(async () => {
  ({ app } = await testApp());
  operator = await createStaff(app, 'operator');
  viewer = await createStaff(app, 'viewer');
});

afterAll(async () => {
  await app.close();
});

const ban = (ip: string, until: Date) =>
  app.database.db.insertInto('ip_bans').values({ ip, until, reason: 'exceeded general' }).execute();

const fromIp = (ip: string) =>
  app
    .inject({ method: 'GET', url: '/api/external/home/maintenanceStatus', remoteAddress: ip })
    .then((r) => r.json().code);

describe('IP bans in the back office', () => {
  it('lists the bans in force with their reason and end, not the expired ones', async () => {
    const until = new Date(Date.now() + 3_600_000);
    await ban('198.51.100.7', until);
    await ban('198.51.100.8', new Date(Date.now() - 1000));
    const { items } = periodOf(
      (await staffCall<{ items: IpBan[] }>(app, viewer.token, 'GET', '/api/admin/bans')).body,
    );
    expect(items.find((b) => b.ip === '198.51.100.7')).toMatchObject({
      reason: 'exceeded general',
      until: until.toISOString(),
    });
    expect(items.some((b) => b.ip === '198.51.100.8')).toBe(false);
  });

  it('lifts a ban at once, audited with what it was', async () => {
    const ip = '198.51.100.9';
    await ban(ip, new Date(Date.now() + 3_600_000));
    expect(await fromIp(ip)).toBe(E.IP_BANNED.code);
    const res = await staffCall(app, operator.token, 'POST', '/api/admin/bans/unban', { ip });
    expect(res.body.code).toBe(0);
    expect(await fromIp(ip)).toBe(0);
    const [row] = await auditRows(app, 'limits.unban', `ip:${ip}`);
    expect(row).toMatchObject({ actor_id: String(operator.id), before: { reason: 'exceeded general' } });
  });

  it('answers 31006 for an address that is not banned (or whose ban ran out)', async () => {
    await ban('198.51.100.10', new Date(Date.now() - 1000));
    for (const ip of ['198.51.100.10', '203.0.113.99', 'not-an-ip']) {
      const res = await staffCall(app, operator.token, 'POST', '/api/admin/bans/unban', { ip });
      expect(res.body.code).toBe(E.BAN_NOT_FOUND.code);
    }
  });

  it('lets a viewer read the bans but not lift one', async () => {
    const res = await staffCall(app, viewer.token, 'POST', '/api/admin/bans/unban', { ip: '198.51.100.7' });
    expect(res.status).toBe(403);
  });
});
