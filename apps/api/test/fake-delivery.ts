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

/** The key of an email: its Message-ID header's local part (`<key@domain>`), or '' without one. */
function messageKey(data: string): string {
  const header = /^message-id:\s*<([^@>]+)@[^>]*>/im.exec(data.split(/\r?\n\r?\n/)[0] ?? '');
  return header?.[1] ?? '';
}

/**
 * A local SMTP server on a free port that keeps every message it receives and counts copies per
 * message key (`copies`, `duplicates()`; the key is the Message-ID's local part, the outbox row's
 * retry key). Like a real mail server it drops nothing: a message sent twice arrives twice.
 */
export async function startFakeSmtp() {
  const received: { to: string[]; data: string; key: string }[] = [];
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
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data, key });
        counter.count(key);
        callback();
      });
    },
  });
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
