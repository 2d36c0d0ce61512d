import { type DeskSettingsResult, E } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetTables, testApp } from '../../../test/harness.ts';
import { createStaff, onlyAdmins, type TestStaff } from '../../../test/members.ts';
import { auditRows, staffCall } from '../../../test/staff-calls.ts';
import type { Database } from '../../db/connection.ts';

let app: FastifyInstance;
let database: Database;
let admin: TestStaff;
let viewer: TestStaff;

beforeAll(async () => {
  ({ app, database } = await testApp());
  admin = await createStaff(app, 'admin');
  viewer = await createStaff(app, 'viewer');
});

afterAll(async () => {
  await app.close();
});

beforeEach(async () => {
  // One admin: every save applies at once (with two, a setting that guards money waits for the
  // second: proposals/proposals.test.ts).
  await onlyAdmins(app, admin);
  await resetTables(database, 'settings');
  await app.events.publish('settings.changed'); // the table was emptied behind the services' back
});

const save = (key: string, value: unknown, token = admin.token) =>
  staffCall<DeskSettingsResult>(app, token, 'POST', '/api/admin/settings', { key, value });

const account = { bankCode: 'KBANK', accountNumber: '123-4-56789-0', accountName: 'BahtDesk Co., Ltd.' };
const location = {
  id: 'silom',
  name: { en: 'Silom', th: 'สีลม' },
  address: { en: '1 Silom Road', th: '1 ถนนสีลม' },
  openingHours: { en: 'Mon-Fri 09:00-17:00', th: 'จันทร์-ศุกร์ 09:00-17:00' },
};

describe('the web settings', () => {
  it('reads every desk setting, defaults included, with null for keys never written', async () => {
    const { body } = await staffCall<DeskSettingsResult>(app, viewer.token, 'GET', '/api/admin/settings');
    const result = body.result?.period as DeskSettingsResult;
    expect(result.values).toMatchObject({ maintenance: 'on', openOrderCap: 3, deskBankAccounts: [] });
    expect(result.updatedAt.openOrderCap).toBeNull();
  });

  it('saves one key, audited with before and after, and answers the settings as they now are', async () => {
    const { body } = await save('deskBankAccounts', [account]);
    const result = body.result?.period as DeskSettingsResult;
    expect(result.values.deskBankAccounts).toEqual([{ ...account, accountNumber: '1234567890' }]);
    expect(result.updatedAt.deskBankAccounts).not.toBeNull();
    await save('openOrderCap', 5);
    await save('openOrderCap', 4);
    const [row] = await auditRows(app, 'settings.set', 'openOrderCap');
    expect(row?.actor_id).toBe(String(admin.id));
    expect(row?.before).toBe(5);
    expect(row?.after).toBe(4);
  });

  it("saves the desk account's name in English and Thai, and reads both back", async () => {
    const thai = { ...account, accountNumber: '1234567890', accountNameTh: 'บริษัท บาทเดสก์ จำกัด' };
    await save('deskBankAccounts', [thai, { ...account, accountNumber: '1234567891', accountNameTh: '' }]);
    const { body } = await staffCall<DeskSettingsResult>(app, viewer.token, 'GET', '/api/admin/settings');
    const result = body.result?.period as DeskSettingsResult;
    expect(result.values.deskBankAccounts.map((a) => a.accountNameTh)).toEqual(['บริษัท บาทเดสก์ จำกัด', '']);
  });

  it('saves locations with their opening hours in both languages, appointments from 09:00 to 16:00 unless set', async () => {
    const { body } = await save('locations', [location]);
    expect(body.result?.period.values.locations).toEqual([{ ...location, opens: '09:00', closes: '16:00' }]);
    const later = { ...location, opens: '10:30', closes: '18:00' };
    expect((await save('locations', [later])).body.result?.period.values.locations).toEqual([later]);
    expect((await save('locations', [{ ...location, opens: '18:00', closes: '10:00' }])).body.code).toBe(
      E.LOCATION_INVALID.code,
    );
  });

  it('applies the maintenance switch to the public reads at once', async () => {
    await save('maintenance', 'off');
    const res = await app.inject({ method: 'GET', url: '/api/external/home/maintenanceStatus' });
    expect(res.json().result.period.status).toBe('off');
  });

  it.each([
    ['no desk bank account', 'deskBankAccounts', [], E.SETTINGS_ACCOUNT_REQUIRED],
    [
      'a receiving address not valid for its network',
      'receivingAddresses',
      { SOLANA: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
      E.RECEIVE_ADDRESS_INVALID,
    ],
    ['a payment deadline of zero minutes', 'paymentDeadlineMinutes', 0, E.PAYMENT_DEADLINE_INVALID],
    ['a chat link that is not https', 'chatLink', 'http://line.me/x', E.CONTACT_LINK_INVALID],
    [
      'a location without opening hours',
      'locations',
      [{ ...location, openingHours: { en: '', th: '' } }],
      E.LOCATION_INVALID,
    ],
    ['an unknown key', 'demoSeededAt', null, E.SETTINGS_INVALID],
  ])('refuses %s with its code and changes nothing', async (_name, key, value, error) => {
    const audited = (await auditRows(app, 'settings.set', key)).length;
    const { status, body } = await save(key, value);
    expect(status).toBe(400);
    expect(body.code).toBe(error.code);
    expect(await database.db.selectFrom('settings').selectAll().execute()).toHaveLength(0);
    expect(await auditRows(app, 'settings.set', key)).toHaveLength(audited);
  });

  it('lets only admins save', async () => {
    const { status } = await save('openOrderCap', 7, viewer.token);
    expect(status).toBe(403);
  });

  it('announces settings.changed with the key after the change commits', async () => {
    const seen: unknown[] = [];
    const unsubscribe = app.events.subscribe((e) => {
      if (e.name === 'settings.changed') seen.push(e.data);
    });
    await save('chatLink', 'https://line.me/R/ti/p/@desk');
    unsubscribe();
    expect(seen).toContainEqual({ key: 'chatLink' });
  });
});
