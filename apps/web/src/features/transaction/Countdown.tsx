import { useEffect, useState } from 'react';
import { useT } from '../../lib/i18n.ts';

/** Milliseconds left until `deadline` at `now`, never below zero. */
export function msLeft(deadline: string, now: number): number {
  return Math.max(0, Date.parse(deadline) - now);
}

/** 'm:ss' (or 'h:mm:ss' from an hour) of a duration. */
export function clock(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * The time left to pay a pending order, ticking every second from the server's deadline; calls
 * `onExpired` once when it reaches zero (the page then reads the order again).
 */
export function Countdown({
  deadlineAt,
  onExpired,
  label,
}: {
  deadlineAt: string;
  onExpired: () => void;
  /** What the time is for ('Time left to send USDT'); 'Time left to pay' unless given. */
  label?: string;
}) {
  const t = useT('transaction');
  const [now, setNow] = useState(() => Date.now());
  const left = msLeft(deadlineAt, now);
  useEffect(() => {
    if (left === 0) {
      onExpired();
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), Math.min(1000, left));
    return () => clearTimeout(timer);
  }, [left, onExpired]);
  const urgent = left < 2 * 60_000;
  return (
    <div className={`countdown${urgent ? ' countdown--urgent' : ''}`}>
      <span className="countdown__label">{label ?? t('order.timeLeft')}</span>
      <span className="countdown__clock" role="timer" aria-live="off">
        {clock(left)}
      </span>
    </div>
  );
}
