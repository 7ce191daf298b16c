import { type FreeFeature, isPaid } from '@sk/shared/auth/plans';
import { showFreeNotice } from '../../components';
import { useUser } from '../../lib/session';

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
