import { describe, expect, it } from 'vitest';
import { can, screensFor } from './access.ts';

const keys = (role: Parameters<typeof screensFor>[0]) => screensFor(role).map((s) => s.key);

describe('role-based navigation, read from the access the contract declares', () => {
  it('shows an admin every screen', () => {
    expect(keys('admin')).toEqual([
      'dashboard',
      'rates',
      'news',
      'pages',
      'settings',
      'members',
      'kyc',
      'proofs',
      'orders',
      'reports',
      'amlo',
      'closes',
      'bans',
      'outbox',
      'audit',
      'staff',
    ]);
  });

  it('hides staff management from operators, and the outbox too from viewers', () => {
    expect(keys('operator')).not.toContain('staff');
    expect(keys('operator')).toContain('outbox');
    expect(keys('viewer')).not.toContain('staff');
    expect(keys('viewer')).not.toContain('outbox');
    expect(keys('viewer')).toContain('settings');
    // Identity documents are for operators and admins only.
    expect(keys('operator')).toContain('kyc');
    expect(keys('viewer')).not.toContain('kyc');
    // Every staff member reads the order desk.
    expect(keys('viewer')).toContain('orders');
    // The AMLO queue carries identity data for reporting: operators and admins; every staff reads closes.
    expect(keys('operator')).toContain('amlo');
    expect(keys('viewer')).not.toContain('amlo');
    expect(keys('viewer')).toContain('closes');
    expect(keys(undefined)).toEqual([]);
  });

  it('lets only admins write settings, rates and news, and admins and operators act on members', () => {
    for (const name of ['saveSetting', 'setRates', 'createNews', 'savePage', 'createStaff'] as const) {
      expect([can('admin', name), can('operator', name), can('viewer', name)]).toEqual([true, false, false]);
    }
    for (const name of ['revealBankAccount', 'endMemberSessions', 'unban'] as const) {
      expect([can('admin', name), can('operator', name), can('viewer', name)]).toEqual([true, true, false]);
    }
  });
});
