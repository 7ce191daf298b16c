import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `ms` (search boxes ask the server once per pause, not per key). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}
