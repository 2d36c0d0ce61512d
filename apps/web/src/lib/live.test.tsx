import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, publicServer, RATES, renderApp } from '../../test/app.tsx';

/** A stand-in for the browser's EventSource: the test dispatches the server's events. */
class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  emit(name: string) {
    this.dispatchEvent(new MessageEvent(name, { data: '{}' }));
  }
}

afterEach(() => {
  FakeEventSource.opened = [];
  vi.unstubAllGlobals();
});

async function homeWithRates(rates: () => string) {
  vi.stubGlobal('EventSource', FakeEventSource);
  let served = 0;
  mockApi({
    ...publicServer(),
    getRate: () => {
      served += 1;
      return ok({ ...RATES, buyRate: rates() });
    },
  });
  await renderApp('/');
  const source = FakeEventSource.opened.at(-1);
  if (!source) throw new Error('no live stream opened');
  return { source, served: () => served };
}

describe('live refresh of the public reads', () => {
  it('opens the public live stream when the app starts', async () => {
    const { source } = await homeWithRates(() => '35.50');
    expect(source.url).toBe('/api/live');
  });

  it('shows new rates on the home page when the server says the rates changed, without a reload', async () => {
    let buy = '35.50';
    const { source } = await homeWithRates(() => buy);
    expect(await screen.findByText('35.50')).toBeTruthy();
    buy = '36.25';
    act(() => source.emit('rates.changed'));
    expect(await screen.findByText('36.25')).toBeTruthy();
  });

  it('reads everything again when the stream comes back after a drop', async () => {
    const { source, served } = await homeWithRates(() => '35.50');
    expect(await screen.findByText('35.50')).toBeTruthy();
    const before = served();
    act(() => {
      source.emit('error');
      source.emit('open');
    });
    await vi.waitFor(() => expect(served()).toBe(before + 1));
  });

  it('does not read the rates again for an event about something else', async () => {
    const { source, served } = await homeWithRates(() => '35.50');
    expect(await screen.findByText('35.50')).toBeTruthy();
    const before = served();
    act(() => source.emit('pages.changed'));
    act(() => source.emit('rates.changed'));
    await vi.waitFor(() => expect(served()).toBe(before + 1));
  });
});
