import { chmodSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import path from 'node:path';

/**
 * A running server on PGlite holds its data folder alone (one process per folder), so the
 * command line cannot read it. The server therefore answers backups itself, on a Unix socket in
 * the data folder (`bahtdesk.sock`, readable by the folder's owner only): whoever may read the
 * folder may read its data anyway, and nothing of it is reachable over the network. One request,
 * `POST /dump`, answers the consistent dump the server takes in its own process (decision 0056).
 */

export const DUMP_SOCKET = 'bahtdesk.sock';

/** Unix socket paths are limited to 107 bytes on Linux (108 with the final zero). */
const MAX_SOCKET_PATH = 107;

export function dumpSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), DUMP_SOCKET);
}

/**
 * Serves `dump()` on the data folder's socket until the returned `close` is called. A socket left
 * by a process that was killed is removed first (the caller holds the folder's lock, so it is not
 * another live server's). Answers undefined when the folder's path is too long for a socket.
 */
export async function serveDumps(
  dataDir: string,
  dump: () => Promise<Uint8Array>,
  onError: (error: Error) => void,
): Promise<(() => Promise<void>) | undefined> {
  const socket = dumpSocketPath(dataDir);
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH) return undefined;
  rmSync(socket, { force: true });
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/dump') {
      res.writeHead(404).end();
      return;
    }
    dump().then(
      (bytes) => {
        res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': bytes.byteLength });
        res.end(bytes);
      },
      (error: Error) => {
        onError(error);
        res.writeHead(500, { 'content-type': 'text/plain' }).end(error.message);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(socket, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => {
        rmSync(socket, { force: true });
        resolve();
      });
      server.closeAllConnections();
    });
}

/**
 * Asks the server holding `dataDir` for a dump. Answers undefined when no server listens there
 * (no socket, or one left by a process that is gone); throws when one answers with an error.
 */
export function requestDump(dataDir: string): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: dumpSocketPath(dataDir), method: 'POST', path: '/dump' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode === 200) resolve(body);
        else reject(new Error(`the running server could not take the dump: ${body.toString('utf8')}`));
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
    req.end();
  });
}
