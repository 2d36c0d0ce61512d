import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as initial from './migrations/20261122_0100_initial.ts';
import * as contractTruth from './migrations/20261123_0100_contract_truth.ts';
import * as rateCounters from './migrations/20261123_0300_rate_counters.ts';
import * as payoutUsableFrom from './migrations/20261123_0400_payout_usable_from.ts';
import * as otpRequestedIp from './migrations/20261123_0500_otp_requested_ip.ts';
import * as staffSecondFactor from './migrations/20261124_0100_staff_second_factor.ts';
import * as identityReview from './migrations/20261125_0100_identity_review.ts';
import * as orderDesk from './migrations/20261126_0100_order_desk.ts';
import * as rateProposals from './migrations/20261127_0100_rate_proposals.ts';
import * as staffSignInAddresses from './migrations/20261127_0200_staff_sign_in_addresses.ts';
import * as orderProofSafety from './migrations/20261127_0300_order_proof_safety.ts';
import * as closedDays from './migrations/20261128_0400_closed_days.ts';
import * as addressCustody from './migrations/20261128_0500_address_custody.ts';
import * as identityDocuments from './migrations/20261128_0600_identity_documents.ts';
import * as slipQrAfterAnswer from './migrations/20261128_0610_slip_qr_after_answer.ts';
import * as firstPayoutDestinations from './migrations/20261128_0700_first_payout_destinations.ts';
import * as memberRisk from './migrations/20261128_0900_member_risk.ts';
import * as memberFlags from './migrations/20261128_1000_member_flags.ts';
import * as complianceReports from './migrations/20261128_1100_compliance_reports.ts';
import * as incomeProofs from './migrations/20261129_0100_income_proofs.ts';
import * as notificationQueue from './migrations/20261129_0400_notification_queue.ts';
import * as noticeChoices from './migrations/20261129_0410_notice_choices.ts';
import * as lineLinks from './migrations/20261129_0500_line_links.ts';
import * as orderWaitAlerts from './migrations/20261129_0600_order_wait_alerts.ts';
import * as memberChangeNotices from './migrations/20261130_0100_member_change_notices.ts';
import * as rateBoundsReference from './migrations/20261202_0100_rate_bounds_reference.ts';
import * as changeProposals from './migrations/20261202_0200_change_proposals.ts';
import * as staffSignInBudgets from './migrations/20261202_0400_staff_sign_in_budgets.ts';
import * as maskAuditAccountNumbers from './migrations/20261202_0500_mask_audit_account_numbers.ts';
import * as outboxSecretsAndSendBegan from './migrations/20261202_0600_outbox_secrets_and_send_began.ts';
import * as recordsOfPaymentAndIdentity from './migrations/20261202_0700_records_of_payment_and_identity.ts';

/**
 * Every migration, by its timestamped name, imported in code rather than found on disk, so
 * the esbuild bundle carries them. Frozen once landed: add a new file and a new line here, and
 * the new columns to schema.ts. Run one SQL statement per `execute` (PGlite prepares each
 * query, and a prepared query holds a single statement).
 */
export const migrations: Record<string, Migration> = {
  '20261122_0100_initial': initial,
  '20261123_0100_contract_truth': contractTruth,
  '20261123_0300_rate_counters': rateCounters,
  '20261123_0400_payout_usable_from': payoutUsableFrom,
  '20261123_0500_otp_requested_ip': otpRequestedIp,
  '20261124_0100_staff_second_factor': staffSecondFactor,
  '20261125_0100_identity_review': identityReview,
  '20261126_0100_order_desk': orderDesk,
  '20261127_0100_rate_proposals': rateProposals,
  '20261127_0200_staff_sign_in_addresses': staffSignInAddresses,
  '20261127_0300_order_proof_safety': orderProofSafety,
  '20261128_0400_closed_days': closedDays,
  '20261128_0500_address_custody': addressCustody,
  '20261128_0600_identity_documents': identityDocuments,
  '20261128_0610_slip_qr_after_answer': slipQrAfterAnswer,
  '20261128_0700_first_payout_destinations': firstPayoutDestinations,
  '20261128_0900_member_risk': memberRisk,
  '20261128_1000_member_flags': memberFlags,
  '20261128_1100_compliance_reports': complianceReports,
  '20261129_0100_income_proofs': incomeProofs,
  '20261129_0400_notification_queue': notificationQueue,
  '20261129_0410_notice_choices': noticeChoices,
  '20261129_0500_line_links': lineLinks,
  '20261129_0600_order_wait_alerts': orderWaitAlerts,
  '20261130_0100_member_change_notices': memberChangeNotices,
  '20261202_0100_rate_bounds_reference': rateBoundsReference,
  '20261202_0200_change_proposals': changeProposals,
  '20261202_0400_staff_sign_in_budgets': staffSignInBudgets,
  '20261202_0500_mask_audit_account_numbers': maskAuditAccountNumbers,
  '20261202_0600_outbox_secrets_and_send_began': outboxSecretsAndSendBegan,
  '20261202_0700_records_of_payment_and_identity': recordsOfPaymentAndIdentity,
};

const provider: MigrationProvider = {
  getMigrations: async () => migrations,
};

/**
 * Applies every pending migration; throws (naming the migration) if one fails. Several processes
 * may start at once against one PostgreSQL database: Kysely's migrator runs them under a session
 * advisory lock (`pg_advisory_lock`, waiting up to an hour), so one process applies each
 * migration and the others wait, then find nothing left to apply. migrate.test.ts holds that to
 * account. PGlite is one process's, and the lock is harmless there.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was, not as schema.ts says.
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error });
  }
  return (results ?? []).map((r) => r.migrationName);
}
