import { z } from 'zod';
import { BANK_CODES } from './banks.ts';
import { chatLinkSchema, maintenanceStatusSchema } from './endpoints/home.ts';
import { DEFAULT_PAYMENT_DEADLINE_MIN } from './limits.ts';
import { moneyString } from './money.ts';
import { NETWORK_IDS } from './networks.ts';

/**
 * The web settings (design section 5): one value per key, checked by its schema wherever it is
 * written (back office, operator CLI, seed) and again when read. A key never written reads as its
 * default.
 */
const bilingual = z.object({ en: z.string().min(1), th: z.string().min(1) });

export const settingSchemas = {
  /** 'on': the service is up; 'off': maintenance. */
  maintenance: maintenanceStatusSchema,
  /** The chat-app link of the footer contact dialog; '' until staff set one. */
  chatLink: z.union([chatLinkSchema, z.literal('')]),
  /** Minutes a member has to pay a pending order before it expires. */
  paymentDeadlineMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  /** THB above which a buy can only be paid by cash appointment (code 10052). */
  cashDepositCeilingThb: moneyString,
  /** The desk's bank account members deposit cash into. */
  deskBankAccount: z
    .object({ bankCode: z.enum(BANK_CODES), accountNumber: z.string(), accountName: z.string() })
    .nullable(),
  /** The desk's USDT receiving address per network (sell orders). */
  receivingAddresses: z.partialRecord(z.enum(NETWORK_IDS), z.string()),
  /** Where cash appointments take place. */
  locations: z.array(z.object({ id: z.string().min(1), name: bilingual, address: bilingual })),
  /**
   * Hours a bank account or USDT address that a member added or changed waits before it can receive
   * a payout (a stolen session cannot point a payout at a new destination at once). 0: at once.
   */
  payoutCoolingOffHours: z
    .number()
    .int()
    .min(0)
    .max(30 * 24),
  /** When the demo data was seeded; null on a database never seeded. */
  demoSeededAt: z.iso.datetime().nullable(),
} as const;

export type SettingKey = keyof typeof settingSchemas;
export type SettingValue<K extends SettingKey> = z.output<(typeof settingSchemas)[K]>;

export const settingDefaults: { readonly [K in SettingKey]: SettingValue<K> } = {
  maintenance: 'on',
  chatLink: '',
  paymentDeadlineMinutes: DEFAULT_PAYMENT_DEADLINE_MIN,
  cashDepositCeilingThb: '500000.00',
  deskBankAccount: null,
  receivingAddresses: {},
  locations: [],
  payoutCoolingOffHours: 24,
  demoSeededAt: null,
};
