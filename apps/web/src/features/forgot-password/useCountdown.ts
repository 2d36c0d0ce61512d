import { useEffect, useState } from 'react';

/** Whole seconds left until `deadline` (ms since the epoch), ticking every second; 0 once passed. */
export function useCountdown(deadline: number): number {
  const left = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads only the deadline
  useEffect(() => {
    setSeconds(left());
    const timer = setInterval(() => {
      const now = left();
      setSeconds(now);
      if (now === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return seconds;
}
