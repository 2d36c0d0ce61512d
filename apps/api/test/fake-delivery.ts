import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * Copies received per message key, for counting duplicates (decision 0095): the worker passes each
 * outbox row's retry key to the provider (an email's Message-ID, an SMS's Idempotency-Key), so a
 * message delivered twice is a key counted twice. A message without a key counts under ''.
 */
function copyCounter() {
  const copies = new Map<string, number>();
  return {
    /** Copies received per key. */
    copies,
    count(key: string): void {
      copies.set(key, (copies.get(key) ?? 0) + 1);
    },
    /** Keys received more than once, with how many copies of each. */
    duplicates(): Map<string, number> {
      return new Map([...copies].filter(([, n]) => n > 1));
    },
  };
}

/** The headers and the body of a raw email. */
function parts(data: string): { headers: string; body: string } {
  const end = data.search(/\r?\n\r?\n/);
  return end < 0
    ? { headers: data, body: '' }
    : { headers: data.slice(0, end), body: data.slice(end).trimStart() };
}

/** The key of an email: its Message-ID header's local part (`<key@domain>`), or '' without one. */
function messageKey(data: string): string {
  return /^message-id:\s*<([^@>]+)@[^>]*>/im.exec(parts(data).headers)?.[1] ?? '';
}

/** The text of a single-part email as its reader sees it: quoted-printable or base64 decoded. */
function plainText(data: string): string {
  const { headers, body } = parts(data);
  const encoding = /^content-transfer-encoding:\s*([\w-]+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8').trimEnd();
  if (encoding !== 'quoted-printable') return body.trimEnd();
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8').trimEnd();
}

/**
 * A local SMTP server on a free port that keeps every message it receives (raw, and its text as
 * its reader sees it) and counts copies per message key (`copies`, `duplicates()`; the key is the Message-ID's local part, the outbox row's
 * retry key). Like a real mail server it drops nothing: a message sent twice arrives twice.
 */
export async function startFakeSmtp() {
  const received: { to: string[]; data: string; text: string; key: string }[] = [];
  const counter = copyCounter();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString();
      });
      stream.on('end', () => {
        const key = messageKey(data);
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
          text: plainText(data),
          key,
        });
        counter.count(key);
        callback();
      });
    },
  });
  // A client gone in the middle of a message (its process killed) is that connection's error only:
  // like a real mail server, the stand-in goes on serving the others.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    copies: counter.copies,
    duplicates: counter.duplicates,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeSmtp = Awaited<ReturnType<typeof startFakeSmtp>>;

/**
 * A local SMS gateway on a free port that keeps every request (its basic auth, Idempotency-Key and
 * JSON body), counts copies per Idempotency-Key (`copies`, `duplicates()`) and answers with
 * `status` (200 unless a test changes it). Like a gateway that does not honour the key, it sends
 * every copy. `host` is `127.0.0.1:<port>`.
 */
export async function startFakeSmsGateway() {
  const counter = copyCounter();
  const gateway = {
    host: '',
    status: 200,
    requests: [] as { auth: string | undefined; key: string | undefined; body: unknown }[],
    copies: counter.copies,
    duplicates: counter.duplicates,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      const key = req.headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' ? key : undefined;
      gateway.requests.push({ auth: req.headers.authorization, key: idempotencyKey, body: JSON.parse(body) });
      res.statusCode = gateway.status;
      if (gateway.status >= 200 && gateway.status < 300) counter.count(idempotencyKey ?? '');
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gateway.host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return gateway;
}

export type FakeSmsGateway = Awaited<ReturnType<typeof startFakeSmsGateway>>;
