import { useCallback, useRef, useState } from 'react';

/** Runs one send at a time; `sending` drives the submit button. */
export function useSend() {
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  const send = useCallback(async (task: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    try {
      await task();
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }, []);
  return { sending, send };
}
