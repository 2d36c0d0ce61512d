import { randomBytes } from 'node:crypto';
import {
  type ChangeProposal,
  DESK_SETTING_KEYS,
  type DeskSettingsResult,
  E,
  isGuardedSetting,
  type SettingKey,
  type SettingProposal,
  type SettingValue,
  settingDefaults,
  settingSchemas,
} from '@bahtdesk/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { EventBus } from '../../events/bus.ts';
import { AppError, parsedOrRefused } from '../../http/app-error.ts';
import { type Actor, recordAudit } from '../audit/index.ts';
import { type Applied, boundByTwoPersonRules, createProposalStore } from '../proposals/index.ts';
import { twoPersonRules } from '../staff/index.ts';
import {
  findSettingRows,
  findSettingValue,
  insertSettingIfAbsent,
  lockSettingValue,
  upsertSetting,
} from './repository.ts';

/** The key of the clientSignature HMAC secret when CLIENT_SIGNATURE_SECRET is not set. */
const SIGNATURE_SECRET_KEY = 'clientSignatureSecret';
/** The key of the outbox's message seal when OUTBOX_SECRET_KEY is not set. */
const MESSAGE_SEAL_SECRET_KEY = 'outboxSecretKey';

/**
 * The web settings (contract settings.ts). Every write is validated by the contract's schema,
 * audited with before and after in one transaction, and announced on the event bus. A staff
 * member's change of a setting that guards money (GUARDED_SETTING_KEYS) is only a proposal while
 * two-person rules hold (decision 0091); the approving admin's `applyProposal` puts it in force.
 */
export function createSettingsService(db: Kysely<DB>, events: Pick<EventBus, 'publish'>) {
  const proposals = createProposalStore(db, events);
  /** A stored value as its schema reads it; the default when absent or no longer valid. */
  function readValue<K extends SettingKey>(key: K, stored: unknown): SettingValue<K> {
    if (stored === undefined) return settingDefaults[key];
    const parsed = settingSchemas[key].safeParse(stored);
    return (parsed.success ? parsed.data : settingDefaults[key]) as SettingValue<K>;
  }

  async function get<K extends SettingKey>(key: K, trx: Kysely<DB> = db): Promise<SettingValue<K>> {
    return readValue(key, await findSettingValue(trx, key));
  }

  /**
   * Writes a checked value with its audit row (before and after) in `trx`, which holds the
   * setting's row, so two saves of one key run one after the other and each records what it
   * replaced; a pending proposal of the key is superseded by it.
   */
  async function write<K extends SettingKey>(
    trx: Kysely<DB>,
    actor: Actor,
    key: K,
    checked: SettingValue<K>,
  ): Promise<boolean> {
    const before = readValue(key, await lockSettingValue(trx, key, settingDefaults[key]));
    await upsertSetting(trx, key, checked);
    await recordAudit(trx, actor, { action: 'settings.set', target: key, before, after: checked });
    if (!isGuardedSetting(key)) return false;
    return proposals.supersede(trx, actor, key);
  }

  /**
   * A setting that guards money: a proposal of a staff member while two-person rules hold, else
   * written (by one admin alone: audited so). Guarded changes run one at a time.
   */
  async function setGuarded<K extends SettingKey>(
    trx: Kysely<DB>,
    actor: Actor,
    key: K,
    checked: SettingValue<K>,
  ): Promise<{ proposal: SettingProposal | null; superseded: boolean }> {
    await proposals.lock(trx);
    const rules = await twoPersonRules(trx);
    const bound = boundByTwoPersonRules(actor);
    if (bound && rules.hold) {
      const replaces = await get(key, trx);
      const proposal = await proposals.propose(trx, actor, {
        kind: 'setting',
        target: key,
        value: checked,
        replaces,
      });
      return { proposal: proposal as SettingProposal, superseded: true };
    }
    const superseded = await write(trx, actor, key, checked);
    if (bound) await proposals.recordAlone(trx, actor, key, rules);
    return { proposal: null, superseded };
  }

  return {
    get,

    /** The settings the back office edits, with when each was last written (null: never). */
    async readDesk(): Promise<DeskSettingsResult> {
      const rows = new Map((await findSettingRows(db, DESK_SETTING_KEYS)).map((r) => [r.key, r]));
      const values: Record<string, unknown> = {};
      const updatedAt: Record<string, string | null> = {};
      for (const key of DESK_SETTING_KEYS) {
        const row = rows.get(key);
        values[key] = readValue(key, row?.value);
        updatedAt[key] = row?.updated_at.toISOString() ?? null;
      }
      return { values: values as DeskSettingsResult['values'], updatedAt };
    },

    /**
     * Writes one setting, checked by its schema, with its audit row in one transaction; then
     * announces `settings.changed`. A staff member's change of a guarded setting, while two-person
     * rules hold, is only proposed: the value in force stays, and the proposal is answered.
     */
    async set<K extends SettingKey>(
      actor: Actor,
      key: K,
      value: SettingValue<K>,
    ): Promise<SettingProposal | null> {
      const checked = settingSchemas[key].parse(value) as SettingValue<K>;
      const { proposal, superseded } = await db.transaction().execute(async (trx) => {
        if (isGuardedSetting(key)) return setGuarded(trx, actor, key, checked);
        await write(trx, actor, key, checked);
        return { proposal: null, superseded: false };
      });
      if (!proposal) await events.publish('settings.changed', { key });
      if (superseded) await proposals.announce();
      return proposal;
    },

    /**
     * Puts an approved setting proposal in force in the approval's transaction, checked again by
     * the setting's schema (ProposalApplier).
     */
    async applyProposal(trx: Kysely<DB>, actor: Actor, proposal: ChangeProposal): Promise<Applied> {
      const key = proposal.target;
      if (proposal.kind !== 'setting' || !isGuardedSetting(key)) throw new AppError(E.SETTINGS_INVALID);
      await write(
        trx,
        actor,
        key,
        parsedOrRefused(settingSchemas[key], proposal.value) as SettingValue<typeof key>,
      );
      return { afterCommit: () => events.publish('settings.changed', { key }) };
    },

    /**
     * Writes several settings that are not there yet, in the caller's transaction (the demo seed):
     * a value already set is kept.
     */
    async setDefaults(trx: Kysely<DB>, values: { [K in SettingKey]?: SettingValue<K> }): Promise<void> {
      for (const [key, value] of Object.entries(values)) {
        await insertSettingIfAbsent(trx, key, settingSchemas[key as SettingKey].parse(value));
      }
    },

    /** Claims a one-time marker (e.g. 'demoSeededAt') in the caller's transaction; false if already set. */
    claimMarker(trx: Kysely<DB>, key: 'demoSeededAt', now = new Date()): Promise<boolean> {
      return insertSettingIfAbsent(trx, key, now.toISOString());
    },

    /**
     * The clientSignature key: a random one made once and kept, so every process on the same
     * database shares it and it survives restarts.
     */
    signatureSecret: () => keptSecret(SIGNATURE_SECRET_KEY),

    /** The key that seals messages holding a secret in the outbox (decision 0095), made and kept the same way. */
    messageSealSecret: () => keptSecret(MESSAGE_SEAL_SECRET_KEY),
  };

  /** A random secret made once under `key` and kept, so every process on the database shares it. */
  async function keptSecret(key: string): Promise<string> {
    await insertSettingIfAbsent(db, key, randomBytes(32).toString('base64url'));
    return String(await findSettingValue(db, key));
  }
}

export type SettingsService = ReturnType<typeof createSettingsService>;
