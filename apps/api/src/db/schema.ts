import type {
  IncomeProofStatus,
  KycDocumentType,
  KycStatus,
  MemberFlag,
  PaymentMethod,
  StaffRole,
  TransactionStatus,
  TransactionType,
} from '@bahtdesk/contract';
import type { ColumnType, Generated } from 'kysely';

/**
 * The Kysely view of the tables created by the migrations in ./migrations. Keep in step with
 * them: a new migration that adds a column adds it here too.
 *
 * Read types: `bigint` ids and counts are JS numbers, `numeric` is a decimal string (never a
 * float), `timestamptz` is a Date, `jsonb` is parsed JSON, `bytea` is a Uint8Array (Buffer on pg).
 */
type Id = Generated<number>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Time = ColumnType<Date, Date | string, Date | string>;
/** A numeric column: read as a decimal string; written from a decimal string. */
type Money = ColumnType<string, string, string>;
/** jsonb: written as a JSON string (JSON.stringify) so both drivers store the same thing. */
type Json<T = unknown> = ColumnType<T, string, string>;

/** A submission's own status: a member with none is 'unverified'. */
type KycSubmissionStatus = Exclude<KycStatus, 'unverified'>;
export type ActorType = 'member' | 'staff' | 'system' | 'operator';

export interface MembersTable {
  id: Id;
  /** The language the member last used the app in (decision 0078). */
  lang: Generated<'en' | 'th'>;
  username: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  phone: string;
  /** Always lower-case (a CHECK holds it). */
  email: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** When the member first saved a bank account / USDT address (null: never); the first is usable at once. */
  first_bank_account_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  first_usdt_address_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A member's risk state (decision 0067): the level staff set; flags and holds sit beside it. */
export interface MemberRiskTable {
  member_id: number;
  /** 1 or 2 as staff set it; null: the level identity verification gives (1). */
  level: number | null;
  level_note: string | null;
  level_set_by: number | null;
  level_set_at: Date | null;
  updated_at: UpdatedAt;
}

export interface MemberSessionsTable {
  id: Id;
  member_id: number;
  token_hash: string;
  created_at: CreatedAt;
  last_seen_at: UpdatedAt;
  expires_at: Time;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
}

export interface StaffTable {
  id: Id;
  username: string;
  password_hash: string;
  /** The TOTP secret in force (base32); null until enrolment is confirmed. */
  totp_secret: string | null;
  /** A secret made at enrolment, waiting for a code from it to confirm it. */
  totp_pending_secret: string | null;
  /** The newest TOTP time step accepted: a code of that step or older is refused. */
  totp_last_step: number | null;
  /**
   * Sign-in attempts against the account from addresses without a recent sign-in, and wrong codes,
   * since the last completed sign-in (decision 0019); from STAFF_SLOW_AFTER_FAILURES on, such
   * addresses are slowed down.
   */
  failed_sign_ins: Generated<number>;
  /** While slowed down: no password check from an address without a recent sign-in before this. */
  locked_until: Date | null;
  /** The account still has the one-time password an admin gave it. */
  must_change_password: Generated<boolean>;
  role: ColumnType<StaffRole, StaffRole | undefined, StaffRole>;
  disabled: Generated<boolean>;
  last_login_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface StaffSessionsTable {
  id: Id;
  staff_id: number;
  token_hash: string;
  second_factor_at: Date | null;
  created_at: CreatedAt;
  last_seen_at: UpdatedAt;
  expires_at: Time;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
}

/**
 * The client addresses of a staff account (decision 0019): `signed_in_at`, its last completed
 * sign-in (password and second factor) from the address, spares the address the slow-down.
 */
export interface StaffSignInAddressesTable {
  staff_id: number;
  /** The limits' key of the address: IPv4, or the IPv6 /64. */
  ip: string;
  /** No longer counted (staff_sign_in_attempts counts since 20261202_0400); kept for older versions. */
  attempts: number;
  window_started_at: Date;
  /** The last completed sign-in (password and second factor) from this address. */
  signed_in_at: Date | null;
}

/**
 * Staff sign-in attempts per name and source, taken before each check (decision 0019), for any
 * name typed, an account's or not.
 */
export interface StaffSignInAttemptsTable {
  /** The username as typed, in lower case. */
  name: string;
  /** `ip:<address>` (IPv4, or the IPv6 /64) or `device:<staff_devices.id>`. */
  source: string;
  /** Attempts taken in the current window (a right password gives its own back). */
  attempts: number;
  window_started_at: Date;
}

/** A browser a staff account completed a sign-in from, known by its device cookie (decision 0019). */
export interface StaffDevicesTable {
  id: Id;
  staff_id: number;
  /** SHA-256 (hex) of the device cookie; a new one is given at each completed sign-in. */
  token_hash: string;
  /** The last completed sign-in with it: it counts as the account's for STAFF_DEVICE_DAYS after. */
  signed_in_at: Date;
  created_at: CreatedAt;
}

export interface StaffRecoveryCodesTable {
  id: Id;
  staff_id: number;
  /** SHA-256 (hex) of the normalised code: lower case, no dashes. */
  code_hash: string;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface FilesTable {
  id: Id;
  owner_member_id: number | null;
  /** What the file is for: 'kyc', 'slip', 'proof', 'qr', ... */
  purpose: string;
  mime: 'image/jpeg' | 'image/png';
  size: number;
  sha256: string;
  bytes: Uint8Array;
  /** A photo staged for an identity submission (stageKycImage) waits until then; null once used, and for every other file. */
  expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
}

export interface BankAccountsTable {
  id: Id;
  member_id: number;
  bank_code: string;
  account_number: string;
  account_name: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** From when payouts may go here (a new or changed entry waits out the cooling-off period). */
  usable_from: UpdatedAt;
}

export interface UsdtAddressesTable {
  id: Id;
  member_id: number;
  network: string;
  address: string;
  nickname: string | null;
  /** On an exchange or in the member's own wallet (decision 0031); older entries are 'exchange'. */
  custody: ColumnType<'exchange' | 'wallet', 'exchange' | 'wallet' | undefined, 'exchange' | 'wallet'>;
  /** The member's user id on the exchange platform (decision 0031); null for a personal wallet and older entries. */
  uid: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** From when payouts may go here (a new or changed entry waits out the cooling-off period). */
  usable_from: UpdatedAt;
}

export interface KycSubmissionsTable {
  id: Id;
  member_id: number;
  status: ColumnType<KycSubmissionStatus, KycSubmissionStatus | undefined, KycSubmissionStatus>;
  passport_file_id: number;
  holding_file_id: number;
  screenshot1_file_id: number;
  screenshot2_file_id: number;
  document_type: ColumnType<KycDocumentType, KycDocumentType | undefined, never>;
  /** A Thai ID card's 13 digits; null for a passport. */
  id_card_number: ColumnType<string | null, string | null | undefined, never>;
  /** A passport's number (upper case, no spaces); null for a Thai ID card and where none was sent (decision 0096). */
  passport_number: ColumnType<string | null, string | null | undefined, never>;
  /** One of the contract's KYC_REJECT_REASONS when failed; `reason` holds the staff's note. */
  reason_code: string | null;
  reason: string | null;
  reviewed_by: number | null;
  reviewed_at: Date | null;
  created_at: CreatedAt;
}

export interface IncomeProofsTable {
  id: Id;
  member_id: number;
  /** One of the contract's INCOME_PROOF_KINDS. */
  kind: string;
  status: ColumnType<IncomeProofStatus, IncomeProofStatus | undefined, IncomeProofStatus>;
  page1_file_id: number;
  page2_file_id: number | null;
  page3_file_id: number | null;
  /** One of the contract's INCOME_PROOF_REFUSE_REASONS when refused; `reason` holds the staff's note. */
  reason_code: string | null;
  reason: string | null;
  reviewed_by: number | null;
  reviewed_at: Date | null;
  created_at: CreatedAt;
}

export interface TransactionsTable {
  id: Id;
  public_id: string;
  member_id: number;
  type: TransactionType;
  status: ColumnType<TransactionStatus, TransactionStatus | undefined, TransactionStatus>;
  currency: Generated<string>;
  rate: Money;
  amount_thb: Money;
  amount_usdt: Money;
  fee_percent: ColumnType<string, string | undefined, string>;
  fee: ColumnType<string, string | undefined, string>;
  total: Money;
  deadline_at: Time;
  payment_method: PaymentMethod | null;
  deposit_amount: string | null;
  deposit_at: Date | null;
  slip_file_id: number | null;
  appointment_location: string | null;
  appointment_at: Date | null;
  network: string | null;
  usdt_address_id: number | null;
  usdt_address: string | null;
  bank_account_id: number | null;
  bank_code: string | null;
  bank_account_number: string | null;
  bank_account_name: string | null;
  /**
   * The desk's bank account a buy was shown to deposit into, kept when it was placed (decision
   * 0096); null on a sell and on orders placed before it was recorded.
   */
  desk_bank_code: string | null;
  desk_account_number: string | null;
  desk_account_name: string | null;
  /** The account's Thai name as the web setting held it; null where it had none. */
  desk_account_name_th: string | null;
  /** The desk's receiving address a sell was shown, kept when it was placed; null on a buy and on earlier orders. */
  desk_address: string | null;
  /** The USDT transfer's hash in its network's spelling (normaliseTxHash); unique among live orders. */
  proof_hash: string | null;
  proof_file_id: number | null;
  confirmed_at: Date | null;
  slip_name_checked: Generated<boolean>;
  payout_reference: string | null;
  /** One of the contract's ORDER_REJECT_REASONS when rejected; `reason` / `reason_th` hold the staff's note. */
  reason_code: string | null;
  reason: string | null;
  reason_th: string | null;
  idempotency_key: string | null;
  /** SHA-256 of the canonical create body sent with `idempotency_key`. */
  idempotency_sha256: string | null;
  confirm_key: string | null;
  /** SHA-256 of the canonical confirm body sent with `confirm_key`. */
  confirm_sha256: string | null;
  proof_sha256: string | null;
  slip_qr: string | null;
  /** When the slip's QR code was read (after the confirm answered); null while the read is to come. */
  slip_qr_read_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  reviewed_by: number | null;
  reviewed_at: Date | null;
  /** A large payout recorded by this staff member, waiting for another's approval (decision 0068). */
  payout_prepared_by: number | null;
  payout_prepared_at: Date | null;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface RatesTable {
  id: Id;
  buy_rate: Money;
  sell_rate: Money;
  sell_fee_percent: Money;
  set_by_staff_id: number | null;
  /** Who set it, for people: 'staff:<username>', 'operator:<os user>' or 'seed'. */
  set_by: string;
  /**
   * Put in force by a second admin's approval, by the system or as the first rates ever, not by
   * one person's change: later changes are measured against it too (decision 0090).
   */
  bounds_reference: Generated<boolean>;
  created_at: CreatedAt;
}

/** Staff notes on a member: append-only (a trigger refuses update and delete). */
export interface MemberNotesTable {
  id: Id;
  member_id: number;
  staff_id: number;
  body: string;
  created_at: CreatedAt;
}

/** Flags on a member; active while `lifted_at` is null, at most one active of each kind. */
export interface MemberFlagsTable {
  id: Id;
  member_id: number;
  flag: MemberFlag;
  reason: string;
  set_by: number;
  set_at: CreatedAt;
  lifted_by: number | null;
  lifted_at: Date | null;
  lift_reason: string | null;
}

/** A rate change past rateChangeMaxPercent waiting for a second admin (decisions 0045, 0090). */
export interface RateProposalsTable {
  id: Id;
  buy_rate: Money;
  sell_rate: Money;
  sell_fee_percent: Money;
  from_buy_rate: Money;
  from_sell_rate: Money;
  from_sell_fee_percent: Money;
  /** The reference it was also measured against, when not the rates in force (decision 0090). */
  reference_buy_rate: string | null;
  reference_sell_rate: string | null;
  reference_sell_fee_percent: string | null;
  reference_at: Date | null;
  proposed_by_staff_id: number | null;
  /** Who proposed it, as `rates.set_by` records a setter. */
  proposed_by: string;
  status: ColumnType<RateProposalStatus, RateProposalStatus | undefined, RateProposalStatus>;
  decided_by_staff_id: number | null;
  decided_by: string | null;
  decided_at: Date | null;
  created_at: CreatedAt;
}

export type RateProposalStatus = 'pending' | 'approved' | 'discarded' | 'superseded';

/** A change waiting for a second admin (decision 0091): a guarded web setting, or a staff change. */
export interface ChangeProposalsTable {
  id: Id;
  kind: 'setting' | 'staff';
  /** The setting's key, `staff:<id>`, or `staff:new:<username>`. */
  target: string;
  value: Json;
  /** What the change replaces, as JSON; null for a new account (nothing replaced). */
  replaces: ColumnType<string | number | boolean | object | null, string | null | undefined, never>;
  proposed_by_staff_id: number | null;
  /** Who proposed it, as `rates.set_by` records a setter. */
  proposed_by: string;
  status: ColumnType<RateProposalStatus, RateProposalStatus | undefined, RateProposalStatus>;
  decided_by_staff_id: ColumnType<number | null, never, number | null>;
  decided_by: ColumnType<string | null, never, string | null>;
  decided_at: ColumnType<Date | null, never, Date | null>;
  created_at: CreatedAt;
}

export interface NewsTable {
  id: Id;
  title_en: string;
  title_th: string;
  body_en: string;
  body_th: string;
  /** null: a draft, not shown. */
  published_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface HtmlPagesTable {
  id: Id;
  link: string;
  title_en: string;
  title_th: string;
  body_en: string;
  body_th: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SettingsTable {
  key: string;
  value: Json;
  updated_at: UpdatedAt;
}

/** The desk's closed days (decision 0058); a removed row is a day staff opened again. */
export interface ClosedDaysTable {
  day: string;
  name_en: string;
  name_th: string;
  source: 'library' | 'official' | 'staff';
  removed_at: Date | null;
  updated_at: UpdatedAt;
}

/** The channels a member chose for one kind of message (decision 0078). */
export interface NoticeChoicesTable {
  member_id: number;
  kind: string;
  channels: Json<('email' | 'sms' | 'line')[]>;
  updated_at: UpdatedAt;
}

/** `unknown`: the send began and its outcome was never recorded; not sent again (decision 0095). */
export type OutboxState = 'pending' | 'sending' | 'sent' | 'failed' | 'unknown';

/** The notification queue (decision 0077). */
export interface OutboxTable {
  id: Id;
  channel: 'email' | 'sms' | 'line';
  recipient: string;
  subject: ColumnType<string, string | undefined, string>;
  body: string;
  state: Generated<OutboxState>;
  kind: Generated<string>;
  member_id: number | null;
  lang: Generated<'en' | 'th'>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  last_error: string | null;
  claimed_by: string | null;
  claimed_at: Date | null;
  /** Sent as X-Line-Retry-Key on every attempt (decision 0079), and as every provider's key (decision 0095). */
  retry_key: Generated<string>;
  created_at: CreatedAt;
  sent_at: Date | null;
  /** A message holding a secret, AES-256-GCM sealed until it is settled, then erased (decision 0095). */
  sealed: string | null;
  /** When the worker began handing it to its provider, written in its own commit first (decision 0095). */
  send_began_at: Date | null;
}

/** A member's linked LINE account (decision 0079). */
export interface LineLinksTable {
  member_id: number;
  line_user_id: string;
  linked_at: CreatedAt;
}

/** One-time codes that link a LINE account, kept as an HMAC (decision 0079). */
export interface LineLinkCodesTable {
  id: Id;
  member_id: number;
  code_hash: string;
  lang: 'en' | 'th';
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

/** Orders the desk alert channel was told waited too long: one row per order (decision 0082). */
export interface OrderWaitAlertsTable {
  transaction_id: number;
  alerted_at: CreatedAt;
}

export interface AuditLogTable {
  id: Id;
  actor_type: ActorType;
  actor_id: string | null;
  action: string;
  target: string | null;
  before: Json | null;
  after: Json | null;
  reason: string | null;
  ip: string | null;
  outcome: ColumnType<'success' | 'failure', 'success' | 'failure' | undefined, never>;
  created_at: CreatedAt;
}

export interface IpBansTable {
  ip: string;
  until: Time;
  reason: string;
  created_at: CreatedAt;
}

export interface OtpCodesTable {
  id: Id;
  member_id: number;
  purpose: string;
  channel: 'email' | 'sms';
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Time;
  used_at: Date | null;
  created_at: CreatedAt;
  /** The limits key of the address that asked for an OTP; null on tickets and older rows. */
  requested_ip: ColumnType<string | null, string | null | undefined, never>;
}

export interface RateCountersTable {
  key: string;
  /** The counting window: floor(time / window length). */
  slot: number;
  hits: number;
  expires_at: Time;
}

/** An AMLO queue entry staff filed (decision 0069): 'order:<id>' or 'day:<member>:<date>'. */
export interface AmloFilingsTable {
  entry_key: string;
  member_id: number;
  /** The Bangkok day of the entry, 'YYYY-MM-DD'. */
  day: string;
  /** The public ids of the orders the entry held when filed. */
  order_ids: Json<string[]>;
  total_thb: Money;
  reference: string;
  filed_by: number;
  filed_at: CreatedAt;
}

/** A Bangkok day's close of one desk channel (CLOSE_CHANNEL_PATTERN; decisions 0069, 0096). */
export interface DailyClosesTable {
  day: string;
  channel: string;
  orders: number;
  expected: Money;
  statement_total: Money;
  difference: Money;
  closed_by: number;
  closed_at: CreatedAt;
}

export interface DB {
  members: MembersTable;
  member_risk: MemberRiskTable;
  member_sessions: MemberSessionsTable;
  staff: StaffTable;
  staff_sessions: StaffSessionsTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_sign_in_addresses: StaffSignInAddressesTable;
  staff_sign_in_attempts: StaffSignInAttemptsTable;
  staff_devices: StaffDevicesTable;
  files: FilesTable;
  bank_accounts: BankAccountsTable;
  usdt_addresses: UsdtAddressesTable;
  kyc_submissions: KycSubmissionsTable;
  income_proofs: IncomeProofsTable;
  transactions: TransactionsTable;
  rates: RatesTable;
  rate_proposals: RateProposalsTable;
  change_proposals: ChangeProposalsTable;
  member_notes: MemberNotesTable;
  member_flags: MemberFlagsTable;
  news: NewsTable;
  html_pages: HtmlPagesTable;
  settings: SettingsTable;
  outbox: OutboxTable;
  audit_log: AuditLogTable;
  ip_bans: IpBansTable;
  otp_codes: OtpCodesTable;
  rate_counters: RateCountersTable;
  closed_days: ClosedDaysTable;
  amlo_filings: AmloFilingsTable;
  daily_closes: DailyClosesTable;
  notice_choices: NoticeChoicesTable;
  line_links: LineLinksTable;
  line_link_codes: LineLinkCodesTable;
  order_wait_alerts: OrderWaitAlertsTable;
}
