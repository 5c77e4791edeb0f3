import { useEffect, useState } from 'react';

/**
 * `value`, once it has stayed the same for `delayMs`; an empty value passes at once, so clearing
 * the search brings the full list back without a wait. (Ten lines: not worth a dependency and a
 * lock-file change in every branch.)
 */
export function useDebouncedValue(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (value === '') {
      setSettled('');
      return undefined;
    }
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
