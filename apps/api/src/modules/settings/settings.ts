import {
  BANK_CODES,
  chatLinkSchema,
  DEFAULT_PAYMENT_DEADLINE_MIN,
  maintenanceStatusSchema,
  moneyString,
  NETWORK_IDS,
} from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { type Actor, recordAudit } from '../audit/audit.ts';

/**
 * The web settings (design section 5): one row per key in `settings`, its value JSON checked by
 * the schema below on the way in and on the way out. A key never written reads as its default.
 */
const bilingual = z.object({ en: z.string().min(1), th: z.string().min(1) });

const settingSchemas = {
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
  /** When the demo data was seeded (seed.ts); null on a database never seeded. */
  demoSeededAt: z.iso.datetime().nullable(),
} as const;

export type SettingKey = keyof typeof settingSchemas;
export type SettingValue<K extends SettingKey> = z.output<(typeof settingSchemas)[K]>;

const settingDefaults: { [K in SettingKey]: SettingValue<K> } = {
  maintenance: 'on',
  chatLink: '',
  paymentDeadlineMinutes: DEFAULT_PAYMENT_DEADLINE_MIN,
  cashDepositCeilingThb: '500000.00',
  deskBankAccount: null,
  receivingAddresses: {},
  locations: [],
  demoSeededAt: null,
};

export async function getSetting<K extends SettingKey>(db: Kysely<DB>, key: K): Promise<SettingValue<K>> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  if (!row) return settingDefaults[key];
  const parsed = settingSchemas[key].safeParse(row.value);
  return (parsed.success ? parsed.data : settingDefaults[key]) as SettingValue<K>;
}

/**
 * Writes a setting and its audit row in one transaction. The value must already be valid
 * (validated with the contract by the caller); it is checked again here.
 */
export async function setSetting<K extends SettingKey>(
  db: Kysely<DB>,
  actor: Actor,
  key: K,
  value: SettingValue<K>,
): Promise<void> {
  const checked = settingSchemas[key].parse(value);
  await db.transaction().execute(async (trx) => {
    const before = await getSetting(trx, key);
    await trx
      .insertInto('settings')
      .values({ key, value: JSON.stringify(checked) })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({ value: JSON.stringify(checked), updated_at: new Date() }),
      )
      .execute();
    await recordAudit(trx, actor, { action: 'settings.set', target: key, before, after: checked });
  });
}
