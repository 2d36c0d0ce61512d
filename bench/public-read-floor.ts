// The floor of the http section's public reads: a Fastify app with only what the project's rules
// ask of every answer (the API's own request line, at info, to stdout; its security headers and
// no-store; a request id), answering the two public reads with a body kept in memory, as the API
// does. Run by bench/run.mjs as its own process beside bare Fastify and the API, in the same rounds.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { loggingOptions } from '../apps/api/src/plugins/logging.ts';
import { securityHeaders } from '../apps/api/src/plugins/security-headers.ts';

const headers = { ...securityHeaders(''), 'cache-control': 'no-store' };
const app = Fastify({ ...loggingOptions({ logLevel: 'info' }), genReqId: () => randomUUID() });
app.addHook('onRequest', (req, reply, done) => {
  reply.headers(headers).header('x-request-id', req.id);
  done();
});
const kept = (period: unknown) => JSON.stringify({ code: 0, message: 'Succeed', result: { period } });
const status = kept({ status: 'on', header: { country: '' } });
const rate = kept({
  buyRate: '36.50',
  sellRate: '35.20',
  sellFeePercent: '1.00',
  buyRange: { min: '1000.00', max: '3000000.00' },
  sellRange: { min: '100.00', max: '100000.00' },
  updatedAt: new Date().toISOString(),
});
const JSON_TYPE = 'application/json; charset=utf-8';
app.get('/api/external/home/maintenanceStatus', (_req, reply) => reply.type(JSON_TYPE).send(status));
app.post('/api/external/home/getRate', (_req, reply) => reply.type(JSON_TYPE).send(rate));
app.get('/', (_req, reply) => reply.type(JSON_TYPE).send(status));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
