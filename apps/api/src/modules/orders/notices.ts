import {
  formatMoney,
  networkById,
  networkLabel,
  ORDER_REJECT_REASONS,
  type OrderRejectReason,
} from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Notice, Notices } from '../../notifications/index.ts';
import type { OrderRow } from './repository.ts';

/**
 * The member's message for an order in its new status (decision 0078): placed (amounts, how to
 * pay, the deadline), being checked, complete (the payout reference), rejected (the reason and
 * what happens to money or USDT already sent, as the order page says it), expired.
 */
export function orderNotice(row: OrderRow): Notice {
  const sell = row.type === 'sell';
  const params = {
    id: row.public_id,
    thb: formatMoney(sell ? row.total : row.amount_thb),
    usdt: formatMoney(row.amount_usdt),
    // The network as the app shows it ('Ethereum (ERC-20)'), never its internal id ('TETHER').
    network: networkLabel(networkById(row.network ?? ''), row.network ?? ''),
    deadline: row.deadline_at,
  };
  const memberId = row.member_id;
  switch (row.status) {
    case 'pending':
      return { memberId, template: sell ? 'orderCreatedSell' : 'orderCreatedBuy', params };
    case 'request':
      return { memberId, template: 'orderReceived', params };
    case 'success':
      return {
        memberId,
        template: sell ? 'orderCompletedSell' : 'orderCompletedBuy',
        params: { ...params, reference: row.payout_reference ?? '' },
      };
    case 'reject': {
      const reason = ORDER_REJECT_REASONS[row.reason_code as OrderRejectReason] ?? ORDER_REJECT_REASONS.other;
      const note = { en: row.reason ?? row.reason_th ?? '', th: row.reason_th ?? row.reason ?? '' };
      const withNote = (lang: 'en' | 'th') => (note[lang] ? `${reason[lang]} ${note[lang]}` : reason[lang]);
      return {
        memberId,
        template: sell ? 'orderRejectedSell' : 'orderRejectedBuy',
        params: { ...params, reason: { en: withNote('en'), th: withNote('th') } },
      };
    }
    case 'expired':
      return { memberId, template: 'orderExpired', params };
  }
}

/**
 * Runs an order change in a transaction with the members' messages for the rows it changed, so a
 * message is queued if and only if the change commits.
 */
export function notifying(db: Kysely<DB>, notices: Pick<Notices, 'send'>) {
  return async <R extends OrderRow | OrderRow[] | undefined>(
    change: (t: Kysely<DB>) => Promise<R>,
  ): Promise<R> =>
    db.transaction().execute(async (t) => {
      const changed = await change(t);
      const rows: OrderRow[] =
        changed === undefined ? [] : Array.isArray(changed) ? changed : [changed as OrderRow];
      await notices.send(t, rows.map(orderNotice));
      return changed;
    });
}
