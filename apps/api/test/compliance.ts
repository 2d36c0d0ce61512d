import { randomInt } from 'node:crypto';
import { ORDER_ID_ALPHABET, type PaymentMethod, type TransactionStatus } from '@bahtdesk/contract';
import type { FastifyInstance } from 'fastify';

/** A completed order written straight to the database at chosen times, for the compliance reports. */
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
  /** When the member confirmed it (default: at completion). */
  confirmedAt?: Date;
  /** A cash deposit's time as the member gave it (default: none). */
  depositAt?: Date;
  /** The desk's bank account a buy was shown (default: none recorded). */
  deskAccount?: { bankCode: string; accountNumber: string };
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
      deposit_at: o.depositAt ?? null,
      desk_bank_code: o.deskAccount?.bankCode ?? null,
      desk_account_number: o.deskAccount?.accountNumber ?? null,
      desk_account_name: o.deskAccount ? 'BahtDesk Co., Ltd.' : null,
      confirmed_at: o.confirmedAt ?? o.completedAt,
      reviewed_at: o.completedAt,
      created_at: o.depositAt ?? o.confirmedAt ?? o.completedAt,
    })
    .execute();
  return id;
}

/** A Bangkok wall-clock time ('2025-03-10T23:50') as an instant. */
export const bangkok = (local: string) => new Date(`${local}:00+07:00`);
