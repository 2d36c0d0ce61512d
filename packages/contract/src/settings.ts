import { z } from 'zod';
import { chatLinkSchema, maintenanceStatusSchema } from './endpoints/home.ts';
import { E } from './errors.ts';
import { DEFAULT_PAYMENT_DEADLINE_MIN } from './limits.ts';
import { moneyString } from './money.ts';
import { DEFAULT_ENABLED_NETWORKS, NETWORK_IDS } from './networks.ts';
import { type TradeLimits, tradeLimitsSchema } from './trade-limits.ts';
import {
  accountNameSchema,
  bankAccountNumberSchema,
  bankCodeSchema,
  withBankAccountCheck,
} from './validators/bankAccount.ts';
import { codeMessage } from './validators/messages.ts';
import { cappedString } from './validators/text.ts';
import { isValidUsdtAddress, usdtAddressSchema } from './validators/usdtAddress.ts';

/**
 * The web settings (docs/back-office.md, Web settings): one value per key, checked by its schema wherever it is
 * written (back office, operator CLI, seed) and again when read. A key never written reads as its
 * default.
 */
const text = (max: number, invalid: string) =>
  cappedString(2 * max, invalid)
    .trim()
    .min(1, invalid)
    .max(max, invalid);
const bilingual = (max: number, invalid: string) =>
  z.object({ en: text(max, invalid), th: text(max, invalid) });

export const MAX_DESK_BANK_ACCOUNTS = 10;
export const MAX_LOCATIONS = 20;

/** A bank account of the desk that members deposit cash into. */
export const deskBankAccountSchema = withBankAccountCheck(
  z.object({
    bankCode: bankCodeSchema,
    accountNumber: bankAccountNumberSchema,
    /** The name on the account as the bank writes it in English (Latin letters). */
    accountName: accountNameSchema,
    /** The same name as the bank writes it in Thai, shown to members reading Thai; left empty, they see the English. */
    accountNameTh: z.union([z.literal(''), accountNameSchema]).optional(),
  }),
);

const clockTime = cappedString(16, codeMessage(E.LOCATION_INVALID)).regex(
  /^(?:[01][0-9]|2[0-3]):[0-5][0-9]$/,
  codeMessage(E.LOCATION_INVALID),
);

/** A place where cash appointments happen. */
export const locationSchema = z
  .object({
    id: cappedString(64, codeMessage(E.LOCATION_INVALID)).regex(
      /^[a-z0-9-]{1,40}$/,
      codeMessage(E.LOCATION_INVALID),
    ),
    name: bilingual(120, codeMessage(E.LOCATION_INVALID)),
    address: bilingual(400, codeMessage(E.LOCATION_INVALID)),
    /** Free text in both languages ('Mon-Fri 09:00-17:00'). */
    openingHours: bilingual(200, codeMessage(E.LOCATION_INVALID)),
    /** Bangkok time from which appointments may be booked on a business day ('09:00'). */
    opens: clockTime.default('09:00'),
    /** Bangkok time by which an appointment must start ('16:00'). */
    closes: clockTime.default('16:00'),
  })
  .refine((l) => l.opens < l.closes, codeMessage(E.LOCATION_INVALID));
export type Location = z.infer<typeof locationSchema>;

/** The desk's receiving USDT address per network, each valid for its network (30008 otherwise). */
export const receivingAddressesSchema = z
  .partialRecord(z.enum(NETWORK_IDS, { error: codeMessage(E.NETWORK_NOT_FOUND) }), usdtAddressSchema)
  .superRefine((v, ctx) => {
    for (const [network, address] of Object.entries(v)) {
      if (typeof address === 'string' && !isValidUsdtAddress(network, address)) {
        ctx.addIssue({ code: 'custom', path: [network], message: codeMessage(E.RECEIVE_ADDRESS_INVALID) });
      }
    }
  });

/** A whole per cent from 1 to 100. */
const wholePercent = z
  .number({ error: codeMessage(E.SETTINGS_INVALID) })
  .int(codeMessage(E.SETTINGS_INVALID))
  .min(1, codeMessage(E.SETTINGS_INVALID))
  .max(100, codeMessage(E.SETTINGS_INVALID));

export const settingSchemas = {
  /** 'on': the service is up; 'off': maintenance. */
  maintenance: maintenanceStatusSchema,
  /** The chat-app link of the footer contact dialog; '' until staff set one. */
  chatLink: z.union([chatLinkSchema, z.literal('')]),
  /** Minutes a member has to pay a pending order before it expires. */
  paymentDeadlineMinutes: z
    .number({ error: codeMessage(E.PAYMENT_DEADLINE_INVALID) })
    .int(codeMessage(E.PAYMENT_DEADLINE_INVALID))
    .min(1, codeMessage(E.PAYMENT_DEADLINE_INVALID))
    .max(24 * 60, codeMessage(E.PAYMENT_DEADLINE_INVALID)),
  /** THB above which a buy can only be paid by cash appointment (code 10052). */
  cashDepositCeilingThb: moneyString,
  /** The desk's bank accounts members deposit cash into: at least one (30004). */
  deskBankAccounts: z
    .array(deskBankAccountSchema)
    .min(1, codeMessage(E.SETTINGS_ACCOUNT_REQUIRED))
    .max(MAX_DESK_BANK_ACCOUNTS, codeMessage(E.SETTINGS_INVALID)),
  /** The desk's USDT receiving address per network (sell orders). */
  receivingAddresses: receivingAddressesSchema,
  /**
   * The networks the desk takes USDT on (decision 0060): new addresses and sell orders only on
   * these; entries saved on another stay readable. At least one (30002), each once.
   */
  enabledNetworks: z
    .array(z.enum(NETWORK_IDS, { error: codeMessage(E.SETTINGS_INVALID) }), {
      error: codeMessage(E.SETTINGS_INVALID),
    })
    .min(1, codeMessage(E.SETTINGS_INVALID))
    .max(NETWORK_IDS.length, codeMessage(E.SETTINGS_INVALID))
    .refine((ids) => new Set(ids).size === ids.length, codeMessage(E.SETTINGS_INVALID)),
  /** Where cash appointments take place. */
  locations: z.array(locationSchema).max(MAX_LOCATIONS, codeMessage(E.SETTINGS_INVALID)),
  /** Orders a member may have open (pending or request) at once. */
  openOrderCap: z
    .number({ error: codeMessage(E.SETTINGS_INVALID) })
    .int(codeMessage(E.SETTINGS_INVALID))
    .min(1, codeMessage(E.SETTINGS_INVALID))
    .max(100, codeMessage(E.SETTINGS_INVALID)),
  /**
   * Hours a bank account or USDT address that a member added or changed waits before it can receive
   * a payout (a stolen session cannot point a payout at a new destination at once). 0: at once.
   */
  payoutCoolingOffHours: z
    .number()
    .int()
    .min(0)
    .max(30 * 24),
  /**
   * Per cent by which a rate change may move buy or sell from the rates in force without the
   * staff member confirming it (code 40011; decision 0045).
   */
  rateChangeConfirmPercent: wholePercent,
  /** Per cent beyond which a rate change is only a proposal until a second admin approves it. */
  rateChangeMaxPercent: wholePercent,
  /**
   * THB-equivalent each member level may buy and sell per Bangkok day and calendar month
   * (50051, 50052; decision 0067).
   */
  tradeLimits: tradeLimitsSchema,
  /** THB at or above which an order's payout is completed in two steps by two staff (decision 0068). */
  payoutApprovalThb: moneyString,
  /** Minutes after which a prepared payout still not approved shows on the dashboard. */
  payoutApprovalAlertMinutes: z
    .number({ error: codeMessage(E.SETTINGS_INVALID) })
    .int(codeMessage(E.SETTINGS_INVALID))
    .min(1, codeMessage(E.SETTINGS_INVALID))
    .max(7 * 24 * 60, codeMessage(E.SETTINGS_INVALID)),
  /**
   * Minutes an order may wait for staff (confirmed by the member, no payout prepared yet) before
   * the desk alert channel is told, once per order (decision 0082). One minute to one day.
   */
  orderWaitAlertMinutes: z
    .number({ error: codeMessage(E.SETTINGS_INVALID) })
    .int(codeMessage(E.SETTINGS_INVALID))
    .min(1, codeMessage(E.SETTINGS_INVALID))
    .max(24 * 60, codeMessage(E.SETTINGS_INVALID)),
  /** When the demo data was seeded; null on a database never seeded. */
  demoSeededAt: z.iso.datetime().nullable(),
} as const;

/** Decision 0067 says why: level 1 stays well under the cash-report threshold, level 2 fits the largest order. */
const DEFAULT_TRADE_LIMITS: TradeLimits = {
  level1: {
    buyDayThb: '200000.00',
    buyMonthThb: '1000000.00',
    sellDayThb: '200000.00',
    sellMonthThb: '1000000.00',
  },
  level2: {
    buyDayThb: '3000000.00',
    buyMonthThb: '20000000.00',
    sellDayThb: '3000000.00',
    sellMonthThb: '20000000.00',
  },
};

export type SettingKey = keyof typeof settingSchemas;
export type SettingValue<K extends SettingKey> = z.output<(typeof settingSchemas)[K]>;

export const settingDefaults: { readonly [K in SettingKey]: SettingValue<K> } = {
  maintenance: 'on',
  chatLink: '',
  paymentDeadlineMinutes: DEFAULT_PAYMENT_DEADLINE_MIN,
  cashDepositCeilingThb: '500000.00',
  deskBankAccounts: [],
  receivingAddresses: {},
  enabledNetworks: [...DEFAULT_ENABLED_NETWORKS],
  locations: [],
  openOrderCap: 3,
  payoutCoolingOffHours: 24,
  rateChangeConfirmPercent: 3,
  rateChangeMaxPercent: 15,
  tradeLimits: DEFAULT_TRADE_LIMITS,
  payoutApprovalThb: '500000.00',
  payoutApprovalAlertMinutes: 60,
  orderWaitAlertMinutes: 10,
  demoSeededAt: null,
};
