import { SETUP_ITEMS } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetTables, testApp } from '../../../test/harness.ts';
import { createStaff } from '../../../test/members.ts';
import type { Database } from '../../db/connection.ts';

let app: FastifyInstance;
let database: Database;
const root = { type: 'operator' as const, id: 'root' };
const bankAccount = { bankCode: 'KBANK', accountNumber: '1234567890', accountName: 'BahtDesk Co., Ltd.' };
const location = {
  id: 'silom',
  name: { en: 'Silom', th: 'สีลม' },
  address: { en: '1 Silom Road, Bangkok', th: '1 ถนนสีลม กรุงเทพมหานคร' },
  openingHours: { en: 'Mon-Fri 09:00-17:00', th: 'จันทร์-ศุกร์ 09:00-17:00 น.' },
  opens: '09:00',
  closes: '16:00',
};

beforeAll(async () => {
  ({ app, database } = await testApp());
  await resetTables(database, 'settings', 'rates', 'rate_proposals');
});

afterAll(() => app.close());

/**
 * Runs `check` while no admin account is enabled: the worker's database holds the admins of other
 * suites, disabled for the moment and enabled again after.
 */
async function withoutAdmins<T>(check: () => Promise<T>): Promise<T> {
  const { rows } = await sql<{ id: number }>`
    update staff set disabled = true where role = 'admin' and not disabled returning id`.execute(database.db);
  try {
    return await check();
  } finally {
    const ids = rows.map((r) => r.id);
    if (ids.length > 0)
      await database.db.updateTable('staff').set({ disabled: false }).where('id', 'in', ids).execute();
  }
}

describe('what a desk must set before it opens', () => {
  it('lists everything on a database nothing was set in: an admin, rates, a bank account, a receiving address, a location', async () => {
    await createStaff(app, 'viewer');
    await createStaff(app, 'admin', { disabled: true });
    expect(await withoutAdmins(() => app.services.setup.missing())).toEqual([...SETUP_ITEMS]);
  });

  it('drops each item once it is set, and lists nothing when all are', async () => {
    await createStaff(app, 'admin');
    expect(await app.services.setup.missing()).toEqual([
      'rates',
      'deskBankAccounts',
      'receivingAddresses',
      'locations',
    ]);
    await app.services.rates.set(root, { buyRate: '36.50', sellRate: '35.20', sellFeePercent: '1' });
    await app.services.settings.set(root, 'deskBankAccounts', [bankAccount]);
    expect(await app.services.setup.missing()).toEqual(['receivingAddresses', 'locations']);
    await app.services.settings.set(root, 'receivingAddresses', {
      BEP20: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    });
    await app.services.settings.set(root, 'locations', [location]);
    expect(await app.services.setup.missing()).toEqual([]);
  });

  it('counts a receiving address only when one network has one', async () => {
    await app.services.settings.set(root, 'receivingAddresses', {});
    expect(await app.services.setup.missing()).toEqual(['receivingAddresses']);
  });
});
