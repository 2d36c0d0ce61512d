import type { SetupItem } from '@bahtdesk/contract';

/** Each setup item for the operator (CLI and start output): what it is and how to set it. */
export const SETUP_GUIDE: Record<SetupItem, { what: string; how: string }> = {
  adminAccount: {
    what: 'an admin staff account',
    how: 'npm run desk -- staff:create <username> (then sign in at /admin/)',
  },
  rates: {
    what: 'buy and sell rates',
    how: 'npm run desk -- rates:set --buy <THB> --sell <THB> --fee <percent>, or the console: Rates and fee',
  },
  deskBankAccounts: {
    what: 'a desk bank account members pay into',
    how: 'the console: Web settings, Desk bank accounts',
  },
  receivingAddresses: {
    what: 'a receiving USDT address for sell orders',
    how: 'the console: Web settings, Receiving USDT addresses',
  },
  locations: {
    what: 'a cash-appointment location',
    how: 'the console: Web settings, Cash-appointment locations',
  },
};
