import { useCallback, useEffect, useRef, useState } from 'react';

export interface Message {
  kind: 'success' | 'error';
  text: string;
}

/** A form's one status message: shown, then cleared after `ms` (docs/behaviour/timings-and-limits.md#timings-and-limits: success 3 s, errors 2 s) or kept until replaced. */
export function useTimedMessage() {
  const [message, setMessage] = useState<Message | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback((next: Message | null, ms?: number) => {
    clearTimeout(timer.current);
    setMessage(next);
    if (next && ms) timer.current = setTimeout(() => setMessage(null), ms);
  }, []);

  return [message, show] as const;
}
