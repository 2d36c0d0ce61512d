import { isValidUsdtAddress, NETWORK_IDS } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDesk, testApp } from '../test/harness.ts';
import type { Database } from './db/connection.ts';
import { createPasswordHasher } from './modules/passwords/index.ts';
import { DEMO_STAFF_USERNAME, SeedRefused, type SeedResult, seedDemo } from './seed.ts';

let app: FastifyInstance;
let database: Database;
let closeDesk: () => Promise<void>;
let first: SeedResult;

const countMembers = async () =>
  (await database.db.selectFrom('members').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n;

const seed = () => seedDemo(database.db, app.services, app.events);
const currentRates = () => app.services.rates.current();
const listPublishedNews = (options: { limit: number }) => app.services.news.listPublished(options);
const findPage = (link: string) => app.services.pages.find(link);
const getSetting = (key: 'maintenance' | 'chatLink') => app.services.settings.get(key);

/** A new, empty desk and the app on it, as the server builds it before it seeds. */
async function appOnEmptyDesk() {
  const desk = await emptyDesk();
  const built = await testApp({}, { database: desk.database });
  return {
    app: built.app,
    database: desk.database,
    close: async () => {
      await built.app.close();
      await desk.close();
    },
  };
}

beforeAll(async () => {
  let close: () => Promise<void>;
  ({ app, database, close } = await appOnEmptyDesk());
  closeDesk = close;
  first = await seed();
});

afterAll(() => closeDesk());

describe('seedDemo', () => {
  it('seeds rates buy 36.50, sell 35.20, fee 1 %', async () => {
    expect(first.seeded).toBe(true);
    expect(await currentRates()).toMatchObject({
      buyRate: '36.50',
      sellRate: '35.20',
      sellFeePercent: '1.00',
    });
  });

  it("seeds three news items in English and Thai, enough to fill the home page's latest news", async () => {
    const news = await listPublishedNews({ limit: 10 });
    expect(news).toHaveLength(3);
    for (const item of news) {
      expect(item.title.en).not.toBe('');
      expect(item.title.th).toMatch(/[\u0E00-\u0E7F]/);
      expect(item.body.th).toMatch(/[\u0E00-\u0E7F]/);
    }
  });

  it('seeds the manual, calculator, terms and privacy pages in both languages', async () => {
    for (const link of ['manual', 'calculator', 'terms', 'privacy']) {
      const page = await findPage(link);
      expect(page?.title.th).toMatch(/[\u0E00-\u0E7F]/);
      expect(page?.body.en.length).toBeGreaterThan(200);
      expect(page?.body.th).toMatch(/[\u0E00-\u0E7F]/);
    }
  });

  it('seeds a chat-app link and maintenance on (service up)', async () => {
    expect(await getSetting('chatLink')).toMatch(/^https:\/\//);
    expect(await getSetting('maintenance')).toBe('on');
  });

  it('gives the desk a receiving address on every network, TRON (TRC-20) included, each one a wallet can spend from', async () => {
    const addresses = await app.services.settings.get('receivingAddresses');
    // Written right for its network (TRON: base58check, version byte 0x41) and not a burn address.
    const valid = NETWORK_IDS.map((network) => [
      network,
      isValidUsdtAddress(network, addresses[network] ?? ''),
    ]);
    expect(valid).toEqual(NETWORK_IDS.map((network) => [network, true]));
    expect(addresses.TRON).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  });

  it('creates one staff account with a random password returned once, stored only as a hash', async () => {
    expect(first.staff?.username).toBe(DEMO_STAFF_USERNAME);
    const password = first.staff?.password ?? '';
    expect(password.length).toBeGreaterThanOrEqual(16);
    const row = await database.db
      .selectFrom('staff')
      .select('password_hash')
      .where('username', '=', DEMO_STAFF_USERNAME)
      .executeTakeFirstOrThrow();
    expect(await createPasswordHasher().verify(row.password_hash, password)).toBe(true);
  });

  it('gives a demo admin that signs in at the back office and enrols its second factor first', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: DEMO_STAFF_USERNAME, password: first.staff?.password }),
    });
    expect(res.json()).toMatchObject({ code: 0, result: { period: { next: 'enrol' } } });
    const row = await database.db
      .selectFrom('staff')
      .select(['role', 'must_change_password'])
      .where('username', '=', DEMO_STAFF_USERNAME)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ role: 'admin', must_change_password: false });
  });

  it('runs once: a second call writes nothing and returns no password', async () => {
    const news = await database.db
      .selectFrom('news')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const again = await seed();
    expect(again).toEqual({ seeded: false });
    const after = await database.db
      .selectFrom('news')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(news.n);
  });

  it('writes no member account', async () => {
    expect(await countMembers()).toBe(0);
  });
});

describe('seedDemo on a desk that is not empty', () => {
  it('refuses a desk never seeded that holds staff and rates, naming them, and writes nothing: no second admin, the rates unchanged', async () => {
    const other = await appOnEmptyDesk();
    try {
      const { services } = other.app;
      const owner = { type: 'operator' as const, id: 'root' };
      await services.staff.create(owner, {
        username: 'owner',
        password: 'a long enough password',
        role: 'admin',
      });
      await services.rates.set(owner, { buyRate: '33.00', sellRate: '32.00', sellFeePercent: '0.5' });
      const refused = seedDemo(other.database.db, services, other.app.events);
      await expect(refused).rejects.toBeInstanceOf(SeedRefused);
      await expect(refused).rejects.toThrow(/already holds staff accounts, rates: .*SEED_DEMO=false/);
      const staff = await other.database.db.selectFrom('staff').select('username').execute();
      expect(staff).toEqual([{ username: 'owner' }]);
      expect(await services.rates.current()).toMatchObject({
        buyRate: '33.00',
        sellRate: '32.00',
        sellFeePercent: '0.50',
      });
      expect(await services.settings.get('receivingAddresses')).toEqual({});
      expect(await services.settings.get('demoSeededAt')).toBeNull();
    } finally {
      await other.close();
    }
  });

  it('starts a desk seeded before as it is, whatever it holds since', async () => {
    await app.services.rates.set(
      { type: 'operator', id: 'root' },
      { buyRate: '36.60', sellRate: '35.30', sellFeePercent: '1' },
    );
    expect(await seed()).toEqual({ seeded: false });
    expect(await currentRates()).toMatchObject({ buyRate: '36.60' });
  });
});
