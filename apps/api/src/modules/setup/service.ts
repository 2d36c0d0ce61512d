import { SETUP_ITEMS, type SetupItem } from '@bahtdesk/contract';
import type { RatesService } from '../rates/index.ts';
import type { SettingsService } from '../settings/index.ts';
import type { StaffService } from '../staff/index.ts';

/**
 * What a real desk must set before it opens (decision 0055): read by the dashboard, by
 * `npm run desk -- check` and at the server's start. Nothing here stops the site: a desk missing
 * an item still serves (`/readyz` stays ready); members simply cannot pay where nothing is set.
 */
export function createSetupService(deps: {
  settings: Pick<SettingsService, 'get'>;
  rates: Pick<RatesService, 'history'>;
  staff: Pick<StaffService, 'hasAdmin'>;
}) {
  return {
    /** The items still missing, in SETUP_ITEMS order; empty once the desk may open. */
    async missing(): Promise<SetupItem[]> {
      const [adminAccount, rates, accounts, addresses, locations] = await Promise.all([
        deps.staff.hasAdmin(),
        deps.rates.history({ page: 1, pageSize: 1 }),
        deps.settings.get('deskBankAccounts'),
        deps.settings.get('receivingAddresses'),
        deps.settings.get('locations'),
      ]);
      const done: Record<SetupItem, boolean> = {
        adminAccount,
        rates: rates.items.length > 0,
        deskBankAccounts: accounts.length > 0,
        receivingAddresses: Object.values(addresses).some(Boolean),
        locations: locations.length > 0,
      };
      return SETUP_ITEMS.filter((item) => !done[item]);
    },
  };
}

export type SetupService = ReturnType<typeof createSetupService>;
