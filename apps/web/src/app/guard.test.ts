import { describe, expect, it } from 'vitest';
import { redirectFor } from './guard.ts';

describe('navigation guard rule (spec section 4)', () => {
  it('sends every page to /maintenance when the status is off', () => {
    for (const path of ['/', '/news', '/login', '/account', '/nowhere']) {
      expect(redirectFor(path, { status: 'off', signedIn: true })).toBe('/maintenance');
      expect(redirectFor(path, { status: 'off', signedIn: false })).toBe('/maintenance');
    }
    expect(redirectFor('/maintenance', { status: 'off', signedIn: false })).toBeNull();
  });

  it('sends /maintenance home when the status is on', () => {
    expect(redirectFor('/maintenance', { status: 'on', signedIn: false })).toBe('/');
    expect(redirectFor('/maintenance', { status: 'on', signedIn: true })).toBe('/');
  });

  it('keeps /maintenance while the status is unknown', () => {
    expect(redirectFor('/maintenance', { status: undefined, signedIn: false })).toBeNull();
  });

  it('lets a visitor without a token open home, news, sign-up, login and forgot-password only', () => {
    const open = ['/', '/news', '/news/3', '/sign-up', '/login', '/forgot-password'];
    for (const path of open) expect(redirectFor(path, { status: 'on', signedIn: false })).toBeNull();
    const closed = [
      '/account',
      '/transaction',
      '/transaction-history',
      '/transaction-history.vue',
      '/chkver',
      '/inspire',
      '/nowhere',
    ];
    for (const path of closed) expect(redirectFor(path, { status: 'on', signedIn: false })).toBe('/login');
  });

  it('sends a member with a token away from sign-up and login, and nowhere else', () => {
    expect(redirectFor('/sign-up', { status: 'on', signedIn: true })).toBe('/');
    expect(redirectFor('/login', { status: 'on', signedIn: true })).toBe('/');
    for (const path of ['/', '/news', '/account', '/transaction', '/forgot-password', '/chkver']) {
      expect(redirectFor(path, { status: 'on', signedIn: true })).toBeNull();
    }
  });
});
