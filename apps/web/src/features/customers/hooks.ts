import { type FreeFeature, isPaid } from '@sk/shared/auth/plans';
import { useEffect, useState } from 'react';
import { showFreeNotice } from '../../components';
import { useUser } from '../../lib/session';

/** The value once it has stopped changing for `ms` (search boxes ask the server once per pause, not per key). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/**
 * Guards actions of free-locked features (contact, address and product management, tags …): on the free plan
 * the action shows the upgrade notice instead and the guard answers false.
 */
export function usePaidAction(): (feature: FreeFeature) => boolean {
  const user = useUser();
  return (feature) => {
    if (isPaid(user.isChargeUser)) return true;
    showFreeNotice(feature, user.customServicePhone);
    return false;
  };
}
