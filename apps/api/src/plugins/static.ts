import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { RUNTIME_CONFIG_PATH, type RuntimeConfig } from '@bahtdesk/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface StaticOptions {
  /** Built member app (apps/web/dist), served at `/`. */
  webDistDir: string;
  /** Built back office (apps/admin/dist), served at `/admin/` when it exists. */
  adminDistDir: string;
  /** API_URL for `/config.json`; '' means the same origin. */
  apiUrl: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Hashed build output under `assets/` never changes, so it is cached for a year; everything
 * else (index.html above all) is revalidated on every load so a new release shows at once.
 * Brotli and gzip come from the `.br` and `.gz` files scripts/build.mjs writes beside each asset.
 */
function setCacheHeaders(res: { setHeader(name: string, value: string): unknown }, filePath: string): void {
  res.setHeader('cache-control', filePath.includes(`${sep}assets${sep}`) ? IMMUTABLE : 'no-cache');
  res.setHeader('vary', 'accept-encoding');
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>BahtDesk</title></head>
<body><h1>BahtDesk API is running</h1>
<p>The member app has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds what is missing) and reload.</p>
<p>API documentation: <a href="/api/docs">/api/docs</a>.</p></body></html>`;

export const staticPlugin = fp<StaticOptions>(
  async (app: FastifyInstance, opts) => {
    const config = JSON.stringify({ API_URL: opts.apiUrl } satisfies RuntimeConfig);
    app.get(RUNTIME_CONFIG_PATH, { schema: { hide: true } }, async (_req, reply) =>
      reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(config),
    );

    const fronts = [
      { prefix: '/', dir: opts.webDistDir },
      // Without the trailing slash, @fastify/static also redirects /admin to /admin/.
      { prefix: '/admin', dir: opts.adminDistDir },
    ].filter((f) => existsSync(join(f.dir, 'index.html')));

    for (const [i, front] of fronts.entries()) {
      await app.register(fastifyStatic, {
        root: front.dir,
        prefix: front.prefix,
        decorateReply: i === 0,
        preCompressed: true,
        cacheControl: false,
        etag: true,
        lastModified: true,
        redirect: front.prefix !== '/',
        setHeaders: setCacheHeaders,
      });
    }

    if (!fronts.some((f) => f.prefix === '/')) {
      app.log.warn({ dir: opts.webDistDir }, 'member app not built; / shows a notice');
      app.get('/', { schema: { hide: true } }, async (_req, reply) =>
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(NOT_BUILT_PAGE),
      );
    }
  },
  { name: 'static' },
);
