import { authEndpoints } from './auth.ts';
import { homeEndpoints } from './home.ts';
import { paymentsEndpoints } from './payments.ts';
import { transactionEndpoints } from './transaction.ts';
import { userEndpoints } from './user.ts';

// The schemas and types of each domain's calls.
export * from './auth.ts';
export * from './home.ts';
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
