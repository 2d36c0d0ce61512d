// A server under test with LINE configured (decision 0079), for the LINE journey only: the fake
// LINE platform (apps/api/test/fake-line.ts) runs in the test's own process, and a server of its
// own, with a fresh PGlite folder, pushes to it. The shared journey servers (global-setup.ts) stay
// without LINE, so no other journey sees a LINE card or pays for this one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeLine, startFakeLine } from '../apps/api/test/fake-line.ts';
import { freePort, ServerProcess } from './server-process.ts';
import { adminOk, type StaffSession, signInStaff } from './staff.ts';

const CHANNEL = { channelAccessToken: 'e2e-line-channel-token', channelSecret: 'e2e-line-channel-secret' };
export const LINE_OFFICIAL_ACCOUNT_ID = '@bahtdesk-e2e';

export interface LineServer {
  baseUrl: string;
  /** The desk's webhook, as set in the LINE console. */
  webhookUrl: string;
  fake: FakeLine;
  /** The demo admin the server seeded, signed in (enrolled, own password set). */
  admin: StaffSession;
  stop(): Promise<void>;
}

/**
 * Starts the fake LINE platform and a server configured to push to it, and points this test
 * file's helpers at that server: `baseUrl()` (browser.ts) reads `E2E_BASE_URL`, so the browser
 * contexts, `members.ts` and `staff.ts` all call it until `stop()`. The demo admin stands in for
 * the journeys' admin (making one with the operator CLI would cost two restarts).
 */
export async function startLineServer(): Promise<LineServer> {
  const fake = await startFakeLine(CHANNEL);
  const dir = mkdtempSync(join(tmpdir(), 'bahtdesk-e2e-line-'));
  const server = new ServerProcess({
    port: await freePort(),
    dataDir: join(dir, 'data'),
    logFile: join(dir, 'server.log'),
    env: {
      LINE_CHANNEL_ACCESS_TOKEN: CHANNEL.channelAccessToken,
      LINE_CHANNEL_SECRET: CHANNEL.channelSecret,
      LINE_OFFICIAL_ACCOUNT_ID,
      LINE_API_URL: fake.url,
    },
  });
  const stop = async () => {
    delete process.env.E2E_BASE_URL;
    await server.stop();
    await fake.close();
    const errors = server.loggedErrors();
    rmSync(dir, { recursive: true, force: true });
    if (errors.length > 0) {
      throw new Error(`the LINE server logged ${errors.length} error(s):\n${errors.slice(-20).join('\n')}`);
    }
  };
  try {
    await server.start();
    process.env.E2E_BASE_URL = server.baseUrl;
    const demo = server.demoStaff();
    if (!demo) throw new Error('the LINE server printed no demo staff account on its first start');
    const admin = await signInStaff(demo.username, demo.password);
    // A bank account added in the journey receives payouts at once (its cooling-off is another journey's subject).
    await adminOk('POST', '/api/admin/settings', admin.token, { key: 'payoutCoolingOffHours', value: 0 });
    return { baseUrl: server.baseUrl, webhookUrl: `${server.baseUrl}/api/line/webhook`, fake, admin, stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}
