import { useEffect, useRef, useState } from 'preact/hooks';

/**
 * The `timeout` option: seconds from opening until the checkout closes by itself. Counts down once
 * a second (null when there is no timeout) and calls `onExpired` once at zero.
 */
export function useCountdown(seconds: number, onExpired: () => void): number | null {
  const [left, setLeft] = useState<number | null>(seconds > 0 ? Math.ceil(seconds) : null);
  const expired = useRef(onExpired);
  expired.current = onExpired;
  useEffect(() => {
    if (seconds <= 0) return;
    const closesAt = Date.now() + seconds * 1000;
    const timer = setInterval(() => {
      const remaining = Math.max(0, Math.ceil((closesAt - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        clearInterval(timer);
        expired.current();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return left;
}
