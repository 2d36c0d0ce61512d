import { describe, expect, it } from 'vitest';
import { chatAppOf } from './chatApp.ts';

describe('the contact link names LINE and its ID, or another chat app', () => {
  it('reads the LINE ID of an official or a personal account link', () => {
    expect(chatAppOf('https://line.me/R/ti/p/@bahtdesk')).toEqual({ app: 'line', id: '@bahtdesk' });
    expect(chatAppOf('https://line.me/R/ti/p/%40bahtdesk?from=page')).toEqual({
      app: 'line',
      id: '@bahtdesk',
    });
    expect(chatAppOf('https://line.me/ti/p/~somchai.j')).toEqual({ app: 'line', id: 'somchai.j' });
  });

  it('knows a short LINE link has no readable ID', () => {
    expect(chatAppOf('https://lin.ee/AbC123')).toEqual({ app: 'line', id: null });
  });

  it('falls back to another chat app for any other link', () => {
    expect(chatAppOf('https://t.me/bahtdesk')).toEqual({ app: 'other' });
    expect(chatAppOf('https://evil.example/line.me/R/ti/p/@x')).toEqual({ app: 'other' });
    expect(chatAppOf('not a link')).toEqual({ app: 'other' });
  });
});
