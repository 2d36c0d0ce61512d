import { describe, expect, it } from 'vitest';
import { afterSignIn, redirectFor, withReturn } from './guard.ts';

describe('navigation guard rule (docs/product.md, Member rules)', () => {
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

describe('return to the asked-for page after signing in', () => {
  it('sends a visitor to /login with the page they asked for, path and query', () => {
    expect(withReturn('/login', '/account', '?action=openKyc')).toBe(
      '/login?next=%2Faccount%3Faction%3DopenKyc',
    );
    expect(withReturn('/login', '/transaction-history', '')).toBe('/login?next=%2Ftransaction-history');
  });

  it('takes a member with a token from /login to the remembered page', () => {
    expect(withReturn('/', '/login', '?next=%2Ftransaction')).toBe('/transaction');
    expect(withReturn('/', '/login', '')).toBe('/');
    expect(withReturn('/', '/login/', '?next=%2Faccount')).toBe('/account');
  });

  it('takes a member who has just signed up from /sign-up to its next page', () => {
    expect(withReturn('/', '/sign-up', '?next=%2Fwelcome')).toBe('/welcome');
    expect(withReturn('/', '/sign-up', '')).toBe('/');
  });

  it('sends a page to /maintenance remembering it, and back to it when maintenance ends', () => {
    expect(withReturn('/maintenance', '/account', '?action=openKyc')).toBe(
      '/maintenance?next=%2Faccount%3Faction%3DopenKyc',
    );
    expect(withReturn('/maintenance', '/', '')).toBe('/maintenance');
    expect(withReturn('/maintenance', '/maintenance', '?next=%2Faccount')).toBe(
      '/maintenance?next=%2Faccount',
    );
    expect(withReturn('/', '/maintenance', '?next=%2Ftransaction%3Ftype%3Dsell')).toBe(
      '/transaction?type=sell',
    );
    expect(withReturn('/', '/maintenance', '?next=%2F%2Fevil.example')).toBe('/');
    expect(withReturn('/', '/maintenance', '')).toBe('/');
  });

  it('leaves other redirects as they are', () => {
    expect(withReturn('/', '/news', '?next=%2Ftransaction')).toBe('/');
  });

  it('signs in to the remembered page of this app', () => {
    expect(afterSignIn('?next=%2Faccount%3Faction%3DopenKyc')).toBe('/account?action=openKyc');
    expect(afterSignIn('?next=%2Ftransaction')).toBe('/transaction');
  });

  it('signs in to home without a remembered page, or with one that is not a path of this app', () => {
    for (const search of [
      '',
      '?next=',
      '?next=account',
      '?next=%2F%2Fevil.example',
      '?next=%2F%5Cevil.example',
      '?next=https%3A%2F%2Fevil.example',
      '?next=javascript%3Aalert(1)',
      '?next=%2Fa%0Ab',
    ]) {
      expect(afterSignIn(search), search).toBe('/');
    }
  });
});
