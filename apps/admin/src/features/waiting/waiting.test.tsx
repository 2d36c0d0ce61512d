import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventStream, mockApi, ok, profile, renderConsole } from '../../../test/app.tsx';
import en from '../../locales/en/common.json';
import th from '../../locales/th/common.json';

const history = () => ok({ items: [], total: 0, page: 1, pageSize: 500 });

/** A stand-in for the browser's AudioContext that counts the tones started. */
class FakeAudio {
  static tones = 0;
  state = 'running';
  currentTime = 0;
  destination = {};
  resume = async () => {};
  createOscillator() {
    return {
      frequency: { value: 0 },
      connect: (next: unknown) => next,
      start: () => {
        FakeAudio.tones += 1;
      },
      stop: () => {},
    };
  }
  createGain() {
    return {
      gain: { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} },
      connect: (next: unknown) => next,
    };
  }
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('what waits for staff', () => {
  it('rule: the menu names how many orders and identity reviews wait, and the tab title carries the total, live from the event stream', async () => {
    const stream = eventStream();
    let counts = { orders: 3, awaitingApproval: 1, identity: 2 };
    const api = mockApi({
      me: () => ok(profile('operator')),
      events: () => stream.response(),
      rateHistory: history,
      waitingCounts: () => ok(counts),
    });
    await renderConsole('/rates', 'tok');
    const nav = within(screen.getByRole('navigation', { name: en.nav.label }));
    expect(await nav.findByRole('link', { name: 'Orders, 3 waiting' })).toBeTruthy();
    expect(nav.getByRole('link', { name: 'Identity reviews, 2 waiting' })).toBeTruthy();
    expect(nav.getByRole('link', { name: en.nav.dashboard })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`(5) ${en.app.title}`));

    counts = { orders: 4, awaitingApproval: 1, identity: 2 };
    stream.send('order.updated');
    expect(await nav.findByRole('link', { name: 'Orders, 4 waiting' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`(6) ${en.app.title}`));

    counts = { orders: 0, awaitingApproval: 0, identity: 0 };
    stream.send('kyc.updated');
    expect(await nav.findByRole('link', { name: en.nav.orders })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(en.app.title));
    expect(api.called('waitingCounts')).toHaveLength(3);
    stream.close();
  });

  it('rule: the counts and the title follow the language', async () => {
    localStorage.setItem('adminLanguage', 'th');
    mockApi({
      me: () => ok(profile('viewer')),
      rateHistory: history,
      waitingCounts: () => ok({ orders: 2, awaitingApproval: 0, identity: 0 }),
    });
    await renderConsole('/rates', 'tok');
    const nav = within(screen.getByRole('navigation', { name: th.nav.label }));
    expect(await nav.findByRole('link', { name: `${th.nav.orders}, รอ 2 รายการ` })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`(2) ${th.app.title}`));
  });

  it('rule: the sound is off by default; once turned on (remembered), a tone plays only when waiting orders go up', async () => {
    vi.stubGlobal('AudioContext', FakeAudio);
    FakeAudio.tones = 0;
    const stream = eventStream();
    let orders = 1;
    mockApi({
      me: () => ok(profile('viewer')),
      events: () => stream.response(),
      rateHistory: history,
      waitingCounts: () => ok({ orders, awaitingApproval: 0, identity: 0 }),
    });
    await renderConsole('/rates', 'tok');
    const toggle = screen.getByRole('button', { name: en.topbar.orderSound });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    const nav = within(screen.getByRole('navigation', { name: en.nav.label }));
    await nav.findByRole('link', { name: 'Orders, 1 waiting' });

    orders = 2;
    stream.send('order.updated');
    await nav.findByRole('link', { name: 'Orders, 2 waiting' });
    expect(FakeAudio.tones).toBe(0);

    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem('adminOrderSound')).toBe('on');
    orders = 1;
    stream.send('order.updated');
    await nav.findByRole('link', { name: 'Orders, 1 waiting' });
    expect(FakeAudio.tones).toBe(0);
    orders = 3;
    stream.send('order.updated');
    await nav.findByRole('link', { name: 'Orders, 3 waiting' });
    expect(FakeAudio.tones).toBe(2);
    stream.close();
  });
});
