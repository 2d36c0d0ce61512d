import { NOTICE_KINDS, type OutboxMessage } from '@bahtdesk/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, profile, renderConsole } from '../../../test/app.tsx';
import en from '../../locales/en/members.json';
import th from '../../locales/th/members.json';

const row = (id: number, kind: string, patch: Partial<OutboxMessage> = {}): OutboxMessage => ({
  id,
  channel: 'line',
  recipient: `U${'a'.repeat(32)}`,
  subject: '',
  body: 'ข้อความ',
  state: 'sent',
  kind,
  lang: 'th',
  attempts: 1,
  nextAttemptAt: null,
  lastError: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  sentAt: '2026-11-26T10:00:01.000Z',
  ...patch,
});

describe('the outbox names each message kind in words', () => {
  it('shows the kind in Thai on the Thai console, the stored kind in its tooltip, and an unnamed kind as stored', async () => {
    const items = [row(3, 'orderCompleted'), row(2, 'desk.orderWaiting'), row(1, 'somethingNew')];
    mockApi({
      me: () => ok(profile('operator')),
      outbox: () => ok({ items, total: items.length, page: 1, pageSize: 20 }),
    });
    localStorage.setItem('adminLanguage', 'th');
    await renderConsole('/outbox', 'tok');
    const completed = await screen.findByText(th.outbox.kinds.orderCompleted);
    expect(completed.getAttribute('title')).toBe('orderCompleted');
    expect(screen.getByText(th.outbox.kinds.desk.orderWaiting).getAttribute('title')).toBe(
      'desk.orderWaiting',
    );
    expect(screen.getByText('somethingNew')).toBeTruthy();
    expect(screen.queryByText('orderCompleted')).toBeNull();
  });

  it('shows a message holding a secret by kind and state only, saying its text is withheld, and an unknown outcome in words, in English and Thai', async () => {
    const items = [
      row(2, 'otp', { channel: 'sms', recipient: '0812345678', subject: null, body: null, state: 'pending' }),
      row(1, 'orderCompleted', { state: 'unknown', lastError: 'unknown: send began, outcome not recorded' }),
    ];
    for (const [lang, words] of [
      ['en', en],
      ['th', th],
    ] as const) {
      mockApi({
        me: () => ok(profile('operator')),
        outbox: () => ok({ items, total: items.length, page: 1, pageSize: 20 }),
      });
      localStorage.setItem('adminLanguage', lang);
      const { unmount } = await renderConsole('/outbox', 'tok');
      expect(await screen.findByText(words.outbox.withheld)).toBeTruthy();
      expect(screen.getByText(words.outbox.kinds.otp)).toBeTruthy();
      expect(screen.getByText(words.outbox.states.unknown)).toBeTruthy();
      expect(screen.getAllByText(words.outbox.withheld)).toHaveLength(1);
      unmount();
    }
  });

  it('has a name for every kind of member notice', () => {
    const named: Record<string, unknown> = en.outbox.kinds;
    expect(NOTICE_KINDS.filter((kind) => typeof named[kind] !== 'string')).toEqual([]);
  });
});
