import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { listeningTestApp } from '../../../test/listening.ts';
import { createMember, createStaff, post, signIn } from '../../../test/members.ts';
import { staffCall } from '../../../test/staff-calls.ts';

let app: FastifyInstance;
let url: string;

listeningTestApp((started) => {
  ({ app, url } = started);
});

/** Opens an event stream; `ended` resolves once the server has closed it. */
async function openStream(path: string, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${url}${path}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const reader = res.body?.getReader();
  await reader?.read(); // ': open'
  let closed = false;
  const ended = (async () => {
    while (reader && !(await reader.read()).done);
    closed = true;
  })().catch(() => {});
  return { ended, isClosed: () => closed, abort: () => controller.abort() };
}

const MEMBER_STREAM = '/api/live/member';
const STAFF_STREAM = '/api/admin/events';

describe('an event stream ends with its session', () => {
  it("closes the member's stream when the member signs out", async () => {
    const m = await createMember(app);
    const token = await signIn(app, m.username, m.password);
    const other = await openStream(MEMBER_STREAM, await signIn(app, m.username, m.password));
    const stream = await openStream(MEMBER_STREAM, token);
    expect((await post(app, '/api/external/auth/logout', {}, { token })).body.code).toBe(0);
    await stream.ended;
    // The member's stream of another session is still open and still hears their events.
    await app.events.publish('rates.changed', {});
    expect(other.isClosed()).toBe(false);
    other.abort();
  });

  it("closes the member's streams when an admin ends the member's sessions", async () => {
    const m = await createMember(app);
    const stream = await openStream(MEMBER_STREAM, await signIn(app, m.username, m.password));
    const admin = await createStaff(app, 'admin');
    const res = await staffCall(app, admin.token, 'POST', `/api/admin/members/${m.id}/end-sessions`);
    expect(res.body.code).toBe(0);
    await stream.ended;
  });

  it("closes a staff stream when the staff member's password is changed in another session", async () => {
    const staff = await createStaff(app, 'operator');
    const { token: other } = await app.services.sessions.startStaff(
      staff.id,
      { ip: '127.0.0.1', userAgent: 'test' },
      true,
    );
    const stream = await openStream(STAFF_STREAM, staff.token);
    const changed = await staffCall(app, other, 'POST', '/api/admin/auth/password', {
      currentPassword: 'staff-password-1',
      newPassword: 'a-new-password-1',
    });
    expect(changed.body.code).toBe(0);
    await stream.ended;
  });

  it('closes a staff stream when an admin disables the account', async () => {
    const staff = await createStaff(app, 'viewer');
    const stream = await openStream(STAFF_STREAM, staff.token);
    const admin = await createStaff(app, 'admin');
    const res = await staffCall(app, admin.token, 'POST', `/api/admin/staff/${staff.id}/disabled`, {
      disabled: true,
    });
    expect(res.body.code).toBe(0);
    await stream.ended;
  });

  it('closes a staff stream when the staff member signs out', async () => {
    const staff = await createStaff(app, 'admin');
    const stream = await openStream(STAFF_STREAM, staff.token);
    expect((await staffCall(app, staff.token, 'POST', '/api/admin/auth/logout')).body.code).toBe(0);
    await stream.ended;
  });
});
