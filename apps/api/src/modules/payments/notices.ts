import type { Lang } from '@bahtdesk/contract';
import type { Notice } from '../../notifications/index.ts';
import type { PaymentEntry, PaymentType } from './repository.ts';

/**
 * The notice a member gets, by email and SMS (a security kind, decision 0078), when a payout
 * destination is added, changed or deleted: if it was not them, they know at once, and a new
 * destination cannot receive a payout before its cooling-off period ends.
 */
export type Verb = 'add' | 'update' | 'delete';

/** The last 4 characters only: a notice never carries a whole account number or address. */
const tail = (s: string) => `…${s.slice(-4)}`;

function describe(type: PaymentType, entry: PaymentEntry): Record<Lang, string> {
  if (type === 'bank' && 'bankCode' in entry) {
    return {
      en: `bank account ${entry.bankCode} ${tail(entry.accountNumber)}`,
      th: `บัญชีธนาคาร ${entry.bankCode} ${tail(entry.accountNumber)}`,
    };
  }
  const address = 'address' in entry ? entry.address : '';
  return { en: `USDT address ${tail(address)}`, th: `ที่อยู่ USDT ${tail(address)}` };
}

const TEMPLATE = { add: 'payoutAdded', update: 'payoutChanged', delete: 'payoutDeleted' } as const;

export function payoutChangeNotice(
  memberId: number,
  verb: Verb,
  type: PaymentType,
  entry: PaymentEntry,
): Notice {
  return {
    memberId,
    template: TEMPLATE[verb],
    params: { what: describe(type, entry), usableFrom: new Date(entry.usableFrom) },
  };
}
