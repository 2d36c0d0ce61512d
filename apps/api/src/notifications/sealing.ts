import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import type { QueuedMessage } from './queue.ts';

/**
 * Kinds whose text holds a secret (decision 0095): a one-time code (with the username), a username
 * sent on request. They are queued sealed (`MessageSeal.sealed`), their outbox row keeps no readable
 * text, and staff see their kind, channel and state only.
 */
export const SECRET_KINDS: readonly string[] = ['otp', 'username'];

/** Whether a message of `kind` holds a secret. */
export const holdsSecret = (kind: string): boolean => SECRET_KINDS.includes(kind);

/** The format of a sealed message: version, IV and ciphertext with its tag, base64url, dot-separated. */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** What a sealed message is bound to: its row's retry key, channel and recipient (AES-GCM's associated data). */
export interface SealedFor {
  key: string;
  channel: string;
  to: string;
}

/** The text of a message. */
export interface MessageText {
  subject: string;
  text: string;
}

const boundTo = (f: SealedFor) => Buffer.from(`${f.key}\n${f.channel}\n${f.to}`, 'utf8');

/**
 * Seals and opens the text of messages holding a secret (decision 0095): AES-256-GCM with node:crypto,
 * under a key derived (HKDF-SHA256) from `secret` (OUTBOX_SECRET_KEY, or one the desk generated and
 * keeps in `settings`, as the clientSignature key). A sealed text is bound to its row's retry key,
 * channel and recipient, so it cannot be opened as another row's or sent to someone else.
 */
export function createMessageSeal(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'bahtdesk', 'outbox message seal v1', 32));

  function seal(content: MessageText, f: SealedFor): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(boundTo(f));
    const data = Buffer.concat([cipher.update(JSON.stringify(content), 'utf8'), cipher.final()]);
    return [
      VERSION,
      iv.toString('base64url'),
      Buffer.concat([data, cipher.getAuthTag()]).toString('base64url'),
    ].join('.');
  }

  return {
    seal,

    /** The text sealed for `f`; throws when it was sealed under another key, or for another row. */
    open(sealed: string, f: SealedFor): MessageText {
      const [version, iv, data] = sealed.split('.');
      try {
        if (version !== VERSION || !iv || !data) throw new Error('unknown format');
        const bytes = Buffer.from(data, 'base64url');
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(boundTo(f));
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
        const text = Buffer.concat([
          decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)),
          decipher.final(),
        ]);
        return JSON.parse(text.toString('utf8')) as MessageText;
      } catch {
        throw new Error('the sealed message cannot be opened (sealed under another OUTBOX_SECRET_KEY?)');
      }
    },

    /** `message` ready to queue: its text sealed to a retry key made here, its readable text empty. */
    sealed(message: QueuedMessage): QueuedMessage {
      const retryKey = randomUUID();
      return {
        ...message,
        subject: '',
        text: '',
        key: retryKey,
        sealed: seal(
          { subject: message.subject, text: message.text },
          { key: retryKey, channel: message.channel, to: message.to },
        ),
      };
    },
  };
}

export type MessageSeal = ReturnType<typeof createMessageSeal>;
