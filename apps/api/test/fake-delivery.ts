import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A local SMTP server on a free port that keeps every message it receives. */
export async function startFakeSmtp() {
  const received: { to: string[]; data: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString();
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A local SMS gateway on a free port that keeps every request (its basic auth and JSON body) and
 * answers with `status` (200 unless a test changes it). `host` is `127.0.0.1:<port>`.
 */
export async function startFakeSmsGateway() {
  const gateway = {
    host: '',
    status: 200,
    requests: [] as { auth: string | undefined; body: unknown }[],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      gateway.requests.push({ auth: req.headers.authorization, body: JSON.parse(body) });
      res.statusCode = gateway.status;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gateway.host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return gateway;
}
