import { randomInt } from 'node:crypto';
import { ORDER_ID_ALPHABET, type PaymentMethod, type TransactionStatus } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';

/** A completed order written straight to the database at a chosen time, for the compliance reports. */
export interface PastOrder {
  memberId: number;
  type?: 'buy' | 'sell';
  status?: TransactionStatus;
  method?: PaymentMethod;
  amountThb: string;
  amountUsdt?: string;
  network?: string;
  /** When staff completed it. */
  completedAt: Date;
  location?: { en: string; th: string };
}

const tail = () =>
  Array.from({ length: 5 }, () => ORDER_ID_ALPHABET[randomInt(ORDER_ID_ALPHABET.length)]).join('');

/** Writes the order and answers its public id. */
export async function pastOrder(app: FastifyInstance, o: PastOrder): Promise<string> {
  const type = o.type ?? 'buy';
  const id = `${type === 'buy' ? 'B' : 'S'}251101${tail()}`;
  await app.database.db
    .insertInto('transactions')
    .values({
      public_id: id,
      member_id: o.memberId,
      type,
      status: o.status ?? 'success',
      rate: '35.00',
      amount_thb: o.amountThb,
      amount_usdt: o.amountUsdt ?? '100.00',
      total: o.amountThb,
      deadline_at: o.completedAt,
      payment_method: o.method ?? 'cash_deposit',
      network: o.network ?? 'TETHER',
      appointment_location: o.location
        ? JSON.stringify({ id: 'silom', name: o.location, address: o.location })
        : null,
      confirmed_at: o.completedAt,
      reviewed_at: o.completedAt,
      created_at: o.completedAt,
    })
    .execute();
  return id;
}

/** A Bangkok wall-clock time ('2025-03-10T23:50') as an instant. */
export const bangkok = (local: string) => new Date(`${local}:00+07:00`);
