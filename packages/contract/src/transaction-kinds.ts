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
