import { TRANSACTION_TYPES, type TransactionType } from '@bahtdesk/contract';

/** The query parameter of /transaction that names the direction chosen before it opens. */
const TYPE = 'type';

/** The transaction page with the direction already chosen: `/transaction?type=buy`. */
export function transactionPath(type: TransactionType): string {
  return `/transaction?${TYPE}=${type}`;
}

/** The direction a /transaction address names, or null when it names none (or an unknown one). */
export function transactionTypeOf(search: string): TransactionType | null {
  const type = new URLSearchParams(search).get(TYPE);
  return TRANSACTION_TYPES.find((known) => known === type) ?? null;
}
