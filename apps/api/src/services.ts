import { createDeskAlerts } from './alerts/index.ts';
import type { Config } from './config.ts';
import type { Database } from './db/connection.ts';
import type { EventBus } from './events/bus.ts';
import { createKeptMemberReads } from './http/kept-member-reads.ts';
import { createAccountService, createLookupBudget, type LookupLimiter } from './modules/account/index.ts';
import { createAuditLog } from './modules/audit/index.ts';
import { createAuthService, createClientSignatures } from './modules/auth/index.ts';
import { createBansService } from './modules/bans/index.ts';
import { createCalendarService } from './modules/calendar/index.ts';
import { createAmloQueue, createDailyCloses } from './modules/compliance/index.ts';
import { createDashboardService } from './modules/dashboard/index.ts';
import { createFlagsService } from './modules/flags/index.ts';
import { createPublicReads } from './modules/home/index.ts';
import { createIncomeProofsService } from './modules/income-proofs/index.ts';
import { createKycService } from './modules/kyc/index.ts';
import { createLineService } from './modules/line/index.ts';
import { createMembersService } from './modules/members/index.ts';
import { createNewsService } from './modules/news/index.ts';
import { createOrdersService } from './modules/orders/index.ts';
import { createOutboxService } from './modules/outbox/index.ts';
import { createPagesService } from './modules/pages/index.ts';
import { createPasswordResetService } from './modules/password-reset/index.ts';
import {
  createPasswordHasher,
  createStepUp,
  type PasswordAttempts,
  PRODUCTION_ARGON2,
} from './modules/passwords/index.ts';
import { createPaymentsService } from './modules/payments/index.ts';
import { createProposalStore, createProposalsService } from './modules/proposals/index.ts';
import { createRatesService } from './modules/rates/index.ts';
import { createRiskService } from './modules/risk/index.ts';
import { createSessionService } from './modules/sessions/index.ts';
import { createSettingsService } from './modules/settings/index.ts';
import { createSetupService } from './modules/setup/index.ts';
import { createStaffService, createStaffSignIn } from './modules/staff/index.ts';
import { createMessageSeal, createNotices } from './notifications/index.ts';
import type { Limiter } from './plugins/limits/limiter.ts';

/** How long a clientSignature stays valid. */
const CLIENT_SIGNATURE_TTL_MS = 10 * 60_000;

/** Staff sessions end after 30 minutes without a call, and 12 hours after sign-in at the latest. */
export const STAFF_SESSION = { idleMs: 30 * 60_000, absoluteMs: 12 * 60 * 60_000 };

export interface ServiceDeps {
  config: Config;
  database: Database;
  events: EventBus;
  passwordAttempts: PasswordAttempts;
  /** The request limiter, which also counts answers that tell whether a member exists. */
  lookupLimiter: LookupLimiter;
  /** The request limiter again, for lifting a ban in this process at once. */
  bans: Pick<Limiter, 'forgetBan'>;
}

/**
 * Every module's service, wired once (the composition root). Each factory is given only what it
 * uses; a module reaches another module through the service passed to it, never its repository.
 */
export async function createServices({
  config,
  database,
  events,
  passwordAttempts,
  lookupLimiter,
  bans,
}: ServiceDeps) {
  const { db } = database;
  const { accounts } = config;
  const passwords = createPasswordHasher({ ...PRODUCTION_ARGON2, memoryCost: accounts.argon2MemoryKib });
  const settings = createSettingsService(db, events);
  const rates = createRatesService(db, events, settings);
  const news = createNewsService(db, events);
  const pages = createPagesService(db, events);
  const sessions = createSessionService(
    db,
    {
      member: {
        idleMs: accounts.sessionIdleMinutes * 60_000,
        absoluteMs: accounts.sessionAbsoluteMinutes * 60_000,
      },
      staff: STAFF_SESSION,
    },
    events,
  );
  const line = createLineService({ db, line: config.line });
  const notices = createNotices({ db, line });
  const stepUp = createStepUp({ db, passwords, passwordAttempts });
  const payments = createPaymentsService({ db, settings, stepUp, notices });
  const lookups = createLookupBudget({ db, limits: lookupLimiter });
  const kyc = createKycService({ db, events, payments, notices });
  const keptMemberReads = createKeptMemberReads(events);
  const account = createAccountService({
    kept: keptMemberReads,
    db,
    passwords,
    sessions,
    payments,
    stepUp,
    lookups,
    events,
    notices,
  });
  const auditLog = createAuditLog(db);
  const messageSeal = createMessageSeal(
    config.notifications.secretKey ?? (await settings.messageSealSecret()),
  );
  const signatures = createClientSignatures(
    accounts.clientSignatureSecret ?? (await settings.signatureSecret()),
    CLIENT_SIGNATURE_TTL_MS,
  );
  const publicReads = createPublicReads({ rates, news, pages, settings, events });
  const calendar = createCalendarService(db, events);
  const risk = createRiskService({ db, events, reads: publicReads, notices });
  const orders = createOrdersService({
    kept: keptMemberReads,
    db,
    events,
    kyc,
    payments,
    risk,
    reads: publicReads,
    auditLog,
    calendar,
    notices,
    alerts: createDeskAlerts(config.deskAlerts),
  });
  const staff = createStaffService(db, passwords, sessions, events);
  const setup = createSetupService({ settings, rates, staff });
  return {
    notices,
    messageSeal,
    line,
    passwords,
    settings,
    rates,
    news,
    pages,
    sessions,
    payments,
    kyc,
    orders,
    calendar,
    risk,
    incomeProofs: createIncomeProofsService({ db, events, risk }),
    account,
    auth: createAuthService({ db, passwords, account, sessions, passwordAttempts, signatures, notices }),
    passwordReset: createPasswordResetService({
      db,
      account,
      sessions,
      hashPassword: passwords.hash,
      notices,
      seal: messageSeal,
      channels: { email: config.smtpUrl !== undefined, sms: config.smsGatewayUrl !== undefined },
    }),
    staff,
    proposals: createProposalsService({
      db,
      store: createProposalStore(db, events),
      staff,
      apply: { setting: settings.applyProposal, staff: staff.applyProposal },
    }),
    setup,
    staffSignIn: createStaffSignIn({ db, passwords, sessions, passwordAttempts }),
    dashboard: createDashboardService(db, rates, setup, staff),
    auditLog,
    members: createMembersService({ db, sessions, auditLog, kyc, events }),
    flags: createFlagsService({ db, events, notices }),
    bans: createBansService(db, bans),
    amlo: createAmloQueue(db),
    closes: createDailyCloses(db, publicReads),
    outbox: createOutboxService(db),
    publicReads,
    keptMemberReads,
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
