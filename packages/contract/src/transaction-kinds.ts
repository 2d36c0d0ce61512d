/**
 * The kinds and states of an order, apart from the order calls' schemas (endpoints/transaction.ts)
 * so that a page can name them without loading zod.
 */
export const TRANSACTION_TYPES = ['buy', 'sell'] as const;
export const TRANSACTION_STATUSES = ['pending', 'request', 'success', 'reject', 'expired'] as const;
export const PAYMENT_METHODS = ['cash_deposit', 'cash_appointment', 'usdt_transfer'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * The order's state machine (docs/product.md, Orders): who moves an order from which status to which.
 * The server applies each as one conditional update; the member app and the console read it to
 * know which buttons to show.
 */
export const ORDER_TRANSITIONS = {
  confirm: { by: 'member', from: ['pending'], to: 'request' },
  expire: { by: 'system', from: ['pending'], to: 'expired' },
  complete: { by: 'staff', from: ['request'], to: 'success' },
  reject: { by: 'staff', from: ['request'], to: 'reject' },
} as const satisfies Record<
  string,
  { by: 'member' | 'staff' | 'system'; from: readonly TransactionStatus[]; to: TransactionStatus }
>;
export type OrderTransition = keyof typeof ORDER_TRANSITIONS;

/** Whether `transition` may start from `status`. */
export function orderTransitionAllowed(transition: OrderTransition, status: TransactionStatus): boolean {
  return (ORDER_TRANSITIONS[transition].from as readonly TransactionStatus[]).includes(status);
}

/** Statuses that still count against the member's open-order cap. */
export const OPEN_ORDER_STATUSES = ['pending', 'request'] as const satisfies readonly TransactionStatus[];

/**
 * The header that makes a retried create or confirm harmless: the same key from the same member
 * gets the same order back rather than a second one.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** The first letter of an order's readable id. */
export const ORDER_ID_PREFIX = { buy: 'B', sell: 'S' } as const satisfies Record<TransactionType, string>;

/**
 * The letters of an order id's random tail: capitals without the ones read or heard as another
 * character (I L O S Z B V look like 1 1 0 5 2 8 U), so the id reads over the phone (decision 0049).
 */
export const ORDER_ID_ALPHABET = 'ACDEFGHJKMNPQRTUWXY';
export const ORDER_ID_TAIL_LENGTH = 5;

/**
 * An order's readable id: the type's letter, the Bangkok day 'YYMMDD' and a random tail of
 * ORDER_ID_ALPHABET ('B261127KQMXR'): it tells the day, never how many orders came before it.
 */
export const ORDER_ID_PATTERN = new RegExp(`^[BS][0-9]{6}[${ORDER_ID_ALPHABET}]{${ORDER_ID_TAIL_LENGTH}}$`);

/** A cash deposit may be dated this long before its order was created (clocks of banks and phones). */
export const DEPOSIT_BEFORE_ORDER_MS = 10 * 60_000;
/** A deposit time may be this far ahead of the server's clock (phones' clocks drift). */
export const DEPOSIT_CLOCK_ALLOWANCE_MS = 5 * 60_000;

/** Whether a cash deposit at `depositAt` can pay an order created at `createdAt`, seen at `now`. */
export function depositTimeAllowed(depositAt: Date, createdAt: Date, now: Date): boolean {
  const at = depositAt.getTime();
  return (
    at >= createdAt.getTime() - DEPOSIT_BEFORE_ORDER_MS && at <= now.getTime() + DEPOSIT_CLOCK_ALLOWANCE_MS
  );
}
