import { readSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

/** Asks a question on the terminal and reads the answer, without echoing it when `hidden`. */
function askOnTerminal(question: string, hidden: boolean): Promise<string> {
  process.stdout.write(question);
  let muted = hidden;
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) process.stdout.write(chunk);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question('', (answer) => {
      muted = false;
      rl.close();
      if (hidden) process.stdout.write('\n');
      resolve(answer);
    });
  });
}

/** Asks for a secret on the terminal without echoing it. */
export const readSecret = (question: string) => askOnTerminal(question, true);

/** Asks a question on the terminal, echoing the answer. */
export const readAnswer = (question: string) => askOnTerminal(question, false);

/** The longest line the command line reads from standard input (a password is at most 128 characters). */
const MAX_LINE_BYTES = 4096;
const NEWLINE = 0x0a;

/**
 * Reads file descriptor `fd` (standard input: 0) one line at a time, without its line end;
 * undefined once it has ended. It reads one byte at a time, so nothing past the line is taken: a
 * script can pipe the password of `staff:create --password-stdin` and then more, for whoever reads
 * next. A line longer than MAX_LINE_BYTES is an error.
 */
export function lineReader(fd: number): () => Promise<string | undefined> {
  const byte = Buffer.alloc(1);
  let ended = false;
  return async () => {
    if (ended) return undefined;
    const bytes: number[] = [];
    for (;;) {
      const n = await readByte(fd, byte);
      if (n === 0) {
        ended = true;
        if (bytes.length === 0) return undefined;
        break;
      }
      if (byte[0] === NEWLINE) break;
      if (bytes.length >= MAX_LINE_BYTES) throw new Error('a line of standard input is too long');
      bytes.push(byte[0] ?? 0);
    }
    return Buffer.from(bytes).toString('utf8').replace(/\r$/, '');
  };
}

/** One byte of `fd` into `into`: 1, or 0 at its end. A descriptor left non-blocking is waited on. */
async function readByte(fd: number, into: Buffer): Promise<number> {
  for (;;) {
    try {
      return readSync(fd, into, 0, 1, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EOF') return 0;
      if (code !== 'EAGAIN') throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}
