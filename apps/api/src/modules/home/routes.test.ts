import { E } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetTables, testApp, unique } from '../../../test/harness.ts';
import type { Database } from '../../db/connection.ts';
import type { Actor } from '../audit/index.ts';

const operator: Actor = { type: 'operator', id: 'test' };

let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  ({ app, database } = await testApp());
});

afterAll(async () => {
  await app.close();
});

async function call(
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await app.inject({
    method,
    url,
    headers: options.headers,
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  return { status: response.statusCode, body: response.json() };
}

describe('GET /api/external/home/maintenanceStatus', () => {
  beforeEach(async () => {
    await resetTables(database, 'settings');
    await app.events.publish('settings.changed'); // the table was emptied behind the services' back
  });

  it("says 'on' (service up) when maintenance was never switched off", async () => {
    const { status, body } = await call('GET', '/api/external/home/maintenanceStatus');
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 0, result: { period: { status: 'on', header: { country: '' } } } });
  });

  it("still answers, with 'off', while the service is in maintenance", async () => {
    await app.services.settings.set(operator, 'maintenance', 'off');
    const { status, body } = await call('GET', '/api/external/home/maintenanceStatus');
    expect(status).toBe(200);
    expect(body.result.period.status).toBe('off');
  });

  it("gives country 'th' when the browser prefers Thai", async () => {
    const { body } = await call('GET', '/api/external/home/maintenanceStatus', {
      headers: { 'accept-language': 'en;q=0.5, th-TH' },
    });
    expect(body.result.period.header.country).toBe('th');
  });

  it("gives the first Accept-Language region otherwise ('en-US' -> 'us')", async () => {
    const { body } = await call('GET', '/api/external/home/maintenanceStatus', {
      headers: { 'accept-language': 'en, en-US;q=0.9, fr-FR;q=0.8' },
    });
    expect(body.result.period.header.country).toBe('us');
  });

  it('ignores a country header unless a proxy is trusted', async () => {
    const { body } = await call('GET', '/api/external/home/maintenanceStatus', {
      headers: { 'cf-ipcountry': 'TH', 'accept-language': 'en-GB' },
    });
    expect(body.result.period.header.country).toBe('gb');
  });

  it("takes the proxy's country header when TRUST_PROXY is set", async () => {
    const trusted = await testApp({ TRUST_PROXY: 'true' });
    try {
      const response = await trusted.app.inject({
        method: 'GET',
        url: '/api/external/home/maintenanceStatus',
        headers: { 'cf-ipcountry': 'JP', 'accept-language': 'th' },
      });
      expect(response.json().result.period.header.country).toBe('jp');
    } finally {
      await trusted.app.close();
    }
  });
});

describe('POST /api/external/home/getRate', () => {
  beforeEach(async () => {
    await resetTables(database, 'rates');
    await app.events.publish('rates.changed'); // the table was emptied behind the services' back
  });

  it('gives the latest rates and fee as decimal strings, with the buy and sell ranges', async () => {
    await app.services.rates.set(operator, { buyRate: '36.00', sellRate: '35.00', sellFeePercent: '0.5' });
    await app.services.rates.set(operator, { buyRate: '36.50', sellRate: '35.20', sellFeePercent: '1' });
    const { status, body } = await call('POST', '/api/external/home/getRate', { body: {} });
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.result.period).toMatchObject({
      buyRate: '36.50',
      sellRate: '35.20',
      sellFeePercent: '1.00',
      buyRange: { min: '1000.00', max: '3000000.00' },
      sellRange: { min: '100.00', max: '100000.00' },
    });
    expect(Date.parse(body.result.period.updatedAt)).not.toBeNaN();
  });

  it('answers without a body too', async () => {
    await app.services.rates.set(operator, { buyRate: '36.50', sellRate: '35.20', sellFeePercent: '1.125' });
    const { body } = await call('POST', '/api/external/home/getRate');
    expect(body.result.period.sellFeePercent).toBe('1.125');
  });

  it('answers 40001 while no rate has been set', async () => {
    const { status, body } = await call('POST', '/api/external/home/getRate', { body: {} });
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: E.BUY_RATE_NOT_FOUND.code, result: null });
  });

  it('rejects a body that is not an object with the invalid-input code', async () => {
    const { status, body } = await call('POST', '/api/external/home/getRate', { body: [1, 2] });
    expect(status).toBe(400);
    expect(body.code).toBe(E.INVALID_INPUT.code);
  });
});

describe('GET /api/external/home/getNews', () => {
  beforeAll(async () => {
    await resetTables(database, 'news');
    await app.events.publish('news.changed'); // the table was emptied behind the services' back
    await app.services.news.publish(operator, {
      titleEn: 'Older',
      titleTh: 'เก่ากว่า',
      bodyEn: '<p>old</p>',
      bodyTh: '<p>เก่า</p>',
    });
    await app.services.news.publish(operator, {
      titleEn: 'Newer',
      titleTh: 'ใหม่กว่า',
      bodyEn: '<p onclick="steal()">new<script>alert(1)</script></p>',
      bodyTh: '<p>ใหม่</p>',
    });
  });

  it('lists published news newest first, in both languages, with sanitised bodies', async () => {
    const { status, body } = await call('GET', '/api/external/home/getNews');
    expect(status).toBe(200);
    const items = body.result.period.items;
    expect(items.map((i: { title: { en: string } }) => i.title.en)).toEqual(['Newer', 'Older']);
    expect(items[0].title.th).toBe('ใหม่กว่า');
    expect(items[0].body.en).toBe('<p>new</p>');
  });

  it('honours limit, and id gives one item', async () => {
    const limited = await call('GET', '/api/external/home/getNews?limit=1');
    expect(limited.body.result.period.items).toHaveLength(1);
    const id = limited.body.result.period.items[0].id;
    const one = await call('GET', `/api/external/home/getNews?id=${id}`);
    expect(one.body.result.period.items.map((i: { id: number }) => i.id)).toEqual([id]);
  });

  it('answers 30016 for an unknown id', async () => {
    const { status, body } = await call('GET', '/api/external/home/getNews?id=999999');
    expect(status).toBe(404);
    expect(body.code).toBe(E.NEWS_NOT_FOUND.code);
  });

  it.each(['limit=0', 'limit=51', 'limit=abc', 'limit=1.5'])('rejects %s with a coded 400', async (query) => {
    const { status, body } = await call('GET', `/api/external/home/getNews?${query}`);
    expect(status).toBe(400);
    expect(body.code).toBe(E.INVALID_INPUT.code);
  });
});

describe('GET /api/external/home/getHtmlPage', () => {
  const link = unique('page-');

  beforeAll(async () => {
    await app.services.pages.publish(operator, {
      link: link.toLowerCase(),
      titleEn: 'Manual',
      titleTh: 'คู่มือ',
      bodyEn:
        '<h2>How to buy</h2><img src="x" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a>',
      bodyTh: '<h2>วิธีซื้อ</h2><a href="https://example.com">ลิงก์</a>',
    });
  });

  it('gives the page in both languages with script, event handlers and javascript: links removed', async () => {
    const { status, body } = await call('GET', `/api/external/home/getHtmlPage?link=${link.toLowerCase()}`);
    expect(status).toBe(200);
    const page = body.result.period;
    expect(page.title).toEqual({ en: 'Manual', th: 'คู่มือ' });
    expect(page.body.en).not.toMatch(/script|onerror|javascript:/i);
    expect(page.body.en).toContain('<h2>How to buy</h2>');
    expect(page.body.th).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">',
    );
  });

  it('answers 30018 for a link no page has', async () => {
    const { status, body } = await call('GET', '/api/external/home/getHtmlPage?link=no-such-page');
    expect(status).toBe(404);
    expect(body.code).toBe(E.HTML_PAGE_NOT_FOUND.code);
  });

  it.each([
    ['without link', ''],
    ['with an empty link', '?link='],
    ['with a link that is not a slug', '?link=../etc/passwd'],
    ['with an upper-case link', '?link=Manual'],
  ])('answers the invalid-page code %s', async (_, query) => {
    const { status, body } = await call('GET', `/api/external/home/getHtmlPage${query}`);
    expect(status).toBe(400);
    expect(body.code).toBe(E.HTML_PAGE_INVALID.code);
  });
});

describe('POST /api/external/user/contactUs', () => {
  beforeEach(async () => {
    await resetTables(database, 'settings');
    await app.events.publish('settings.changed'); // the table was emptied behind the services' back
  });

  it('gives the chat-app link in result.period.line.link', async () => {
    await app.services.settings.set(operator, 'chatLink', 'https://line.me/R/ti/p/@bahtdesk');
    const { status, body } = await call('POST', '/api/external/user/contactUs', { body: {} });
    expect(status).toBe(200);
    expect(body.result.period).toEqual({ line: { link: 'https://line.me/R/ti/p/@bahtdesk' } });
  });

  it('answers 30001 while no link is set', async () => {
    const { status, body } = await call('POST', '/api/external/user/contactUs', { body: {} });
    expect(status).toBe(404);
    expect(body.code).toBe(E.SETTINGS_NOT_FOUND.code);
  });

  it('rejects a body that is not an object', async () => {
    const { status, body } = await call('POST', '/api/external/user/contactUs', {
      body: '"link"',
      headers: { 'content-type': 'application/json' },
    });
    expect(status).toBe(400);
    expect(body.code).toBe(E.INVALID_INPUT.code);
  });
});

describe('POST /api/external/user/getNetwork_bank', () => {
  it('lists the networks, each saying whether the desk takes it, and the Thai banks with codes and account lengths', async () => {
    const { status, body } = await call('POST', '/api/external/user/getNetwork_bank', { body: {} });
    expect(status).toBe(200);
    const { networks, banks } = body.result.period;
    expect(networks.map((n: { id: string; enabled: boolean }) => [n.id, n.enabled])).toEqual([
      ['TRON', true],
      ['BEP20', true],
      ['TETHER', true],
      ['SOLANA', true],
      ['BEP2', false],
    ]);
    expect(banks).toContainEqual(
      expect.objectContaining({ code: 'KBANK', botCode: '004', th: 'ธนาคารกสิกรไทย', accountDigits: 10 }),
    );
  });

  it('rejects a body that is not an object', async () => {
    const { status, body } = await call('POST', '/api/external/user/getNetwork_bank', { body: [] });
    expect(status).toBe(400);
    expect(body.code).toBe(E.INVALID_INPUT.code);
  });
});
