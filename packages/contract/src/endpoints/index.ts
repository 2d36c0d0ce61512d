import { accountEndpoints } from './account.ts';
import { adminEndpoints } from './admin/index.ts';
import { authEndpoints } from './auth.ts';
import { homeEndpoints } from './home.ts';
import { incomeProofEndpoints } from './income-proofs.ts';
import { kycEndpoints } from './kyc.ts';
import { limitsEndpoints } from './limits.ts';
import { lineEndpoints } from './line.ts';
import { noticeEndpoints } from './notices.ts';
import { passwordResetEndpoints } from './password-reset.ts';
import { paymentsEndpoints } from './payments.ts';
import { transactionEndpoints } from './transaction.ts';

// The schemas and types of each domain's calls.
export * from './account.ts';
export * from './admin/index.ts';
export * from './auth.ts';
export * from './current-password.ts';
export * from './files.ts';
export * from './home.ts';
export * from './income-proofs.ts';
export * from './kyc.ts';
export * from './limits.ts';
export * from './line.ts';
export * from './notices.ts';
export * from './password-reset.ts';
export * from './payments.ts';
export * from './transaction.ts';
export * from './uploads.ts';

/** The member app's calls: exactly the API paths the product fixes (docs/product.md, The API), by name. */
export const memberEndpoints = {
  ...homeEndpoints,
  ...authEndpoints,
  ...accountEndpoints,
  ...passwordResetEndpoints,
  ...paymentsEndpoints,
  ...kycEndpoints,
  ...transactionEndpoints,
  ...limitsEndpoints,
  ...incomeProofEndpoints,
  ...noticeEndpoints,
  ...lineEndpoints,
} as const;

export type MemberEndpointName = keyof typeof memberEndpoints;

/**
 * The member calls that keep answering while the site is in maintenance (decision 0020): the
 * public reads, so the maintenance page and a page left open still show what the desk says. Every
 * other member call answers 997 then; staff calls, the public live stream, `/config.json` and the
 * health probes are not member calls and keep working.
 */
export const MAINTENANCE_OPEN_CALLS = [
  'maintenanceStatus',
  'getRate',
  'getNews',
  'getHtmlPage',
  'contactUs',
  'getNetworkBank',
] as const satisfies readonly MemberEndpointName[];

export { adminEndpoints };
export type AdminEndpointName = keyof typeof adminEndpoints;
