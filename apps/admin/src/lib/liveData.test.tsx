import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventStream, mockApi, ok, profile, renderConsole } from '../../test/app.tsx';

const entry = (id: number, buyRate: string) => ({
  id,
  buyRate,
  sellRate: '30.00',
  sellFeePercent: '1.00',
  setBy: 'admin',
  createdAt: '2026-11-22T01:00:00.000Z',
});

const historyTable = async () => within(await screen.findByRole('table', { name: 'History' }));

describe('live lists', () => {
  it('fetch their data again when an event they name arrives, and not for other events', async () => {
    const stream = eventStream();
    let history = [entry(1, '35.00')];
    const api = mockApi({
      me: () => ok(profile('viewer')),
      events: () => stream.response(),
      rateHistory: () => ok({ items: history, total: history.length, page: 1, pageSize: 500 }),
    });
    await renderConsole('/rates', 'tok');
    await (await historyTable()).findByRole('cell', { name: '35.00' });
    await waitFor(() => expect(api.called('events')).toHaveLength(1));
    expect(api.called('events')[0]?.headers.Authorization).toBe('Bearer tok');

    stream.send('news.changed');
    history = [entry(2, '36.00'), ...history];
    stream.send('rates.changed');
    await (await historyTable()).findByRole('cell', { name: '36.00' });
    expect(api.called('rateHistory')).toHaveLength(2);
    stream.close();
  });
});
