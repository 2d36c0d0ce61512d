import { E } from '@bahtdesk/contract';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * /api/docs/openapi.json: the OpenAPI 3.1 document, generated from the contract's zod schemas of
 * every route registered with defineRoute. /api/docs: a server-rendered page listing every
 * operation with its method, path, summary, access and JSON schemas. The page has no script at
 * all (its stylesheet is ours), so it passes the same strict CSP as the rest of the site.
 */

interface Operation {
  summary?: string;
  'x-access'?: string;
  parameters?: unknown[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

interface OpenApiDoc {
  info: { title: string; version: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const schemaBlock = (title: string, schema: unknown) =>
  schema === undefined
    ? ''
    : `<details><summary>${escapeHtml(title)}</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`;

/** The error catalogue as a table: every body code with its HTTP status and both messages. */
function errorTable(): string {
  const rows = Object.values(E)
    .sort((a, b) => a.code - b.code)
    .map(
      (d) =>
        `<tr><td>${d.code}</td><td>${d.status}</td><td>${escapeHtml(d.en)}</td><td lang="th">${escapeHtml(d.th)}</td></tr>`,
    )
    .join('');
  return `<details class="codes"><summary>Body codes (${Object.keys(E).length})</summary><table><thead><tr><th scope="col">code</th><th scope="col">HTTP</th><th scope="col">English</th><th scope="col">Thai</th></tr></thead><tbody>${rows}</tbody></table></details>`;
}

function renderDocsPage(doc: OpenApiDoc): string {
  const rows: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(methods)) {
      const id = `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, '-');
      const query = op.parameters?.length ? schemaBlock('Query parameters', op.parameters) : '';
      const body = schemaBlock('Request body', op.requestBody?.content?.['application/json']?.schema);
      const response = schemaBlock(
        'Response (200)',
        op.responses?.['200']?.content?.['application/json']?.schema,
      );
      rows.push(
        `<section class="op" id="${id}"><h2><span class="method ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path)}</code></h2>` +
          `<p>${escapeHtml(op.summary ?? '')}</p><p class="access">Access: <strong>${escapeHtml(op['x-access'] ?? 'public')}</strong></p>` +
          `${query}${body}${response}</section>`,
      );
    }
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} API</title><link rel="stylesheet" href="/api/docs/docs.css"></head>
<body><header><h1>${escapeHtml(doc.info.title)} API <small>${escapeHtml(doc.info.version)}</small></h1>
<p>${escapeHtml(doc.info.description ?? '')}</p>
<p>Machine-readable document: <a href="/api/docs/openapi.json">OpenAPI 3.1 (JSON)</a>. ${rows.length} operations.</p>${errorTable()}</header>
<main>${rows.join('\n')}</main></body></html>`;
}

const CSS = `body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:1rem;color:#1a1a1a}
h1 small{font-weight:normal;color:#666;font-size:.6em}h2{font-size:1.05rem;margin:0 0 .25rem}
.op{border:1px solid #ddd;border-radius:6px;padding:.75rem 1rem;margin:.75rem 0}
.method{display:inline-block;min-width:3.5em;text-align:center;border-radius:4px;color:#fff;padding:0 .4em;font-size:.85em}
.get{background:#1f6feb}.post{background:#1a7f37}.put,.patch{background:#9a6700}.delete{background:#cf222e}
.access{color:#555;margin:.25rem 0}pre{background:#f6f8fa;padding:.5rem;overflow:auto;font-size:13px}
summary{cursor:pointer}code{font-size:.95em}
table{border-collapse:collapse;width:100%;font-size:13px}th,td{border:1px solid #ddd;padding:.2rem .4rem;text-align:left;vertical-align:top}`;

export const docsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'BahtDesk',
          version: '1.0.0',
          description:
            'Every response is the envelope {code, message, result: {period} | null}; code 0 is success, any other code is an entry of the error catalogue, with message in the Accept-Language (th or en).',
        },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      },
      transform: jsonSchemaTransform,
    });

    let page: string | undefined;
    const hidden = { schema: { hide: true }, config: { access: 'public' as const } };

    app.get('/api/docs/openapi.json', hidden, async () => app.swagger());

    app.get('/api/docs', hidden, async (_req, reply) => {
      page ??= renderDocsPage(app.swagger() as unknown as OpenApiDoc);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
    });

    app.get('/api/docs/docs.css', hidden, async (_req, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(CSS),
    );
  },
  { name: 'docs' },
);
