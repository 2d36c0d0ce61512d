import type { Waiting } from '@bahtdesk/contract';
import { useEffect, useRef, useState } from 'react';
import { useApi } from './api.ts';
import { useT } from './i18n.ts';

const SOUND_KEY = 'bahtdesk.console.sound';

/**
 * What waits for staff now (`waiting`), kept current by the live stream: every `order.updated`
 * and `kyc.updated`, and `members.changed` (a proof of income sent or decided), fetches it again
 * (lib/api.ts). Null until the first answer.
 */
export function useWaiting(): Waiting | null {
  // A failure is not worth a dialog: the menu simply shows no count until the next answer.
  const state = useApi('waiting', { dialog: false });
  return state.status === 'ready' ? state.data : null;
}

/** The count shown beside a menu entry, or 0 for entries nothing waits on. */
export function waitingFor(key: string, waiting: Waiting | null): number {
  if (!waiting) return 0;
  if (key === 'orders') return waiting.orders + waiting.approvals;
  if (key === 'kyc') return waiting.kyc;
  if (key === 'proofs') return waiting.proofs;
  return 0;
}

/** The tab title: "(5) BahtDesk back office" while anything waits, else the plain title. */
export function useWaitingTitle(waiting: Waiting | null): void {
  const t = useT('common');
  const total = waiting ? waiting.orders + waiting.approvals + waiting.kyc + waiting.proofs : 0;
  useEffect(() => {
    document.title = total > 0 ? `(${total}) ${t('app.title')}` : t('app.title');
  }, [total, t]);
}

/** Whether this browser plays a sound for a new waiting order (off until staff turn it on). */
export function useSoundChoice(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => localStorage.getItem(SOUND_KEY) === 'on');
  return [
    on,
    (next) => {
      localStorage.setItem(SOUND_KEY, next ? 'on' : 'off');
      setOn(next);
      // Turning it on is a click: the browser lets the page make sound from then on.
      if (next) void chime();
    },
  ];
}

/** Plays the chime when the count of waiting orders goes up (not on the first count). */
export function useChimeOnNewOrder(waiting: Waiting | null, on: boolean): void {
  const last = useRef<number | null>(null);
  const orders = waiting?.orders ?? null;
  useEffect(() => {
    if (orders === null) return;
    if (on && last.current !== null && orders > last.current) void chime();
    last.current = orders;
  }, [orders, on]);
}

/** Two short tones made with Web Audio (no sound file to load); silent where audio is blocked. */
async function chime(): Promise<void> {
  const Context = window.AudioContext;
  if (!Context) return;
  try {
    const audio = new Context();
    await audio.resume();
    for (const [i, frequency] of [880, 1320].entries()) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = frequency;
      const start = audio.currentTime + i * 0.18;
      gain.gain.setValueAtTime(0.15, start);
      gain.gain.exponentialRampToValueAtTime(0.001, start + 0.16);
      tone.connect(gain).connect(audio.destination);
      tone.start(start);
      tone.stop(start + 0.16);
    }
    setTimeout(() => void audio.close(), 600);
  } catch {
    // No audio device, or the browser refused: the count and the title still say it.
  }
}
