import type { StaffRole } from '@bahtdesk/contract';
import { type EndpointName, roles } from './endpoints.ts';

/**
 * Whether a role may call an endpoint, read from the access the contract declares for it (the
 * same table the server enforces): the console hides what a role cannot do.
 */
export function can(role: StaffRole | undefined, name: EndpointName): boolean {
  return role !== undefined && roles[name].includes(role);
}

/** The screens of the side navigation, each shown to the roles that may make its main read. */
export const SCREENS = [
  { path: '/', key: 'dashboard', read: 'dashboard' },
  { path: '/rates', key: 'rates', read: 'rateHistory' },
  { path: '/news', key: 'news', read: 'listNews' },
  { path: '/pages', key: 'pages', read: 'listPages' },
  { path: '/settings', key: 'settings', read: 'getSettings' },
  { path: '/members', key: 'members', read: 'searchMembers' },
  { path: '/kyc', key: 'kyc', read: 'kycQueue' },
  { path: '/proofs', key: 'proofs', read: 'incomeProofQueue' },
  { path: '/orders', key: 'orders', read: 'orderQueue' },
  { path: '/reports', key: 'reports', read: 'ordersReport' },
  { path: '/amlo', key: 'amlo', read: 'amloQueue' },
  { path: '/closes', key: 'closes', read: 'dailyClose' },
  { path: '/bans', key: 'bans', read: 'listBans' },
  { path: '/outbox', key: 'outbox', read: 'outbox' },
  { path: '/audit', key: 'audit', read: 'auditLog' },
  { path: '/staff', key: 'staff', read: 'listStaff' },
] as const satisfies readonly { path: string; key: string; read: EndpointName }[];

export type Screen = (typeof SCREENS)[number];

export function screensFor(role: StaffRole | undefined): Screen[] {
  return SCREENS.filter((s) => can(role, s.read));
}
