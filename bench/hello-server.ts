// The baseline of the HTTP bench: a bare Fastify hello-world, optionally with the API's
// security-headers hook, so the hook's cost per request can be measured on the same route.
// bench/run.mjs bundles this file with esbuild and runs it as its own process.
import Fastify from 'fastify';
import { securityHeadersPlugin } from '../apps/api/src/plugins/security-headers.ts';

const app = Fastify({ logger: false });
if (process.argv.includes('--security-headers')) {
  await app.register(securityHeadersPlugin, { apiUrl: '' });
}
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
