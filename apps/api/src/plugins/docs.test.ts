import {
  adminEndpoints,
  E,
  type Endpoint,
  fileEndpoints,
  memberEndpoints,
  memberLiveEndpoints,
  publicLiveEndpoints,
} from '@bahtdesk/contract';
import { compileErrors, validate } from '@readme/openapi-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/harness.ts';

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await testApp());
});

afterAll(async () => {
  await app.close();
});

interface Doc {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        operationId?: string;
        summary?: string;
        'x-access'?: string;
        'x-response'?: string;
        responses?: object;
      }
    >
  >;
}

/** The contract endpoints (member, admin and the public live stream) this app serves (modules register theirs as they land). */
const served = (): Endpoint[] =>
  [
    ...Object.values(memberEndpoints),
    ...Object.values(adminEndpoints),
    ...Object.values(publicLiveEndpoints),
    ...Object.values(memberLiveEndpoints),
    ...Object.values(fileEndpoints),
  ].filter((e) => app.hasRoute({ method: e.method, url: e.path }));

/** A contract path as OpenAPI writes it: `/api/admin/news/:id` -> `/api/admin/news/{id}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/**
 * The 27 calls the member app makes at the paths the product fixes (docs/product.md, The API),
 * copied by hand.
 */
const SPEC_CALLS = [
  'GET /config.json',
  'GET /api/external/home/maintenanceStatus',
  'POST /api/external/auth/auth',
  'GET /api/clientSignature',
  'POST /api/external/auth/logout',
  'POST /api/external/user/profile',
  'POST /api/external/user/uploadKyc',
  'POST /api/external/user/forgotPassword',
  'POST /api/external/user/signUp',
  'POST /api/external/user/confirmOtp',
  'POST /api/external/user/changePassword',
  'POST /api/external/user/editProfile',
  'POST /api/external/user/changePasswordProfile',
  'POST /api/external/user/updatePayment',
  'POST /api/external/user/addPayment',
  'POST /api/external/user/deletePayment',
  'POST /api/external/user/contactUs',
  'POST /api/external/user/getNetwork_bank',
  'POST /api/external/user/uploadImgFile',
  'POST /api/external/home/getRate',
  'GET /api/external/home/getNews',
  'GET /api/external/home/getHtmlPage',
  'POST /api/external/transaction/getTransactionList',
  'POST /api/external/transaction/getTransaction',
  'POST /api/external/transaction/createTransaction',
  'POST /api/external/transaction/confrimTransaction',
  'POST /api/external/transaction/getReceivePayment',
];

describe("the spec's calls", () => {
  it('rule: every one of the 27 calls the member app makes is served (none answers 404) and, but /config.json, documented', async () => {
    expect(SPEC_CALLS).toHaveLength(27);
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json<Doc>();
    const unknown = (
      await app.inject({ method: 'POST', url: '/api/external/user/noSuchCall', payload: {} })
    ).json();
    for (const call of SPEC_CALLS) {
      const [method, url] = call.split(' ') as ['GET' | 'POST', string];
      expect(app.hasRoute({ method, url }), call).toBe(true);
      const res = await app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      // A call may answer a coded 404 of its own (no contact link set yet), never the unknown-route one.
      if (url !== '/config.json') expect(res.json(), call).not.toEqual(unknown);
      if (url !== '/config.json') expect(doc.paths[url]?.[method.toLowerCase()], call).toBeDefined();
    }
  });
});

describe('/api/docs', () => {
  it('serves an OpenAPI 3.1 document with every contract endpoint the app serves, and nothing else', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<Doc>();
    expect(doc.openapi).toBe('3.1.0');
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const expected = served().map((e) => `${e.method} ${openApiPath(e.path)}`);
    expect(expected.length).toBeGreaterThan(0);
    expect(listed.sort()).toEqual(expected.sort());
  });

  it('documents each operation with its summary, access and response envelope (or media type)', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json<Doc>();
    for (const e of served()) {
      const op = doc.paths[openApiPath(e.path)]?.[e.method.toLowerCase()];
      expect(op?.summary).toBe(e.summary);
      expect(op?.['x-access']).toBe(
        typeof e.access === 'object' ? `staff: ${e.access.staff.join(', ')}` : e.access,
      );
      if (e.response === undefined || e.response === 'json') {
        expect(JSON.stringify(op?.responses)).toContain('"period"');
      } else {
        expect(op?.['x-response']).toMatch(e.response === 'events' ? 'text/event-stream' : /./);
      }
    }
  });

  it('rule: the served document (member and staff calls) is valid by an outside OpenAPI validator, every operationId unique', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json<Doc>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/external/home/getRate', '/api/admin/rates']),
    );
    const result = await validate(structuredClone(doc) as Parameters<typeof validate>[0]);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
  });

  it("names each operation after its contract name, a staff call's after admin.", async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json<Doc>();
    const op = (path: string, method: string) => doc.paths[path]?.[method]?.operationId;
    expect(op('/api/external/home/getRate', 'post')).toBe('getRate');
    expect(op('/api/external/auth/logout', 'post')).toBe('logout');
    expect(op('/api/admin/auth/logout', 'post')).toBe('admin.staffLogout');
    expect(op('/api/admin/rates', 'post')).toBe('admin.setRates');
  });

  it('lists the member calls and the staff calls apart: every admin path is under /api/admin/', () => {
    for (const e of Object.values(adminEndpoints)) expect(e.path).toMatch(/^\/api\/admin\//);
    for (const e of Object.values(memberEndpoints)) expect(e.path).not.toMatch(/^\/api\/admin\//);
  });

  it('serves a browsable page with every operation and no script', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    for (const e of served()) expect(res.body).toContain(`<code>${openApiPath(e.path)}</code>`);
    expect(res.body).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
    expect(res.body).toContain(`<td>${E.IP_BANNED.code}</td><td>429</td>`);
    const css = await app.inject({ method: 'GET', url: '/api/docs/docs.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });
});
