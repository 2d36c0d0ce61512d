import { authEndpoints } from './auth.ts';
import { homeEndpoints } from './home.ts';
import { paymentsEndpoints } from './payments.ts';
import { transactionEndpoints } from './transaction.ts';
import { userEndpoints } from './user.ts';

// Schemas and types of the public read calls and of the staff inputs behind them.
export * from './home.ts';
// Schemas and types of the member account calls (accounts engineer).
export * from './auth.ts';
export * from './payments.ts';
export * from './user.ts';

/** Every API call of the product (spec section 7 plus this project's additions), by name. */
export const endpoints = {
  ...homeEndpoints,
  ...authEndpoints,
  ...userEndpoints,
  ...paymentsEndpoints,
  ...transactionEndpoints,
} as const;

export type EndpointName = keyof typeof endpoints;
