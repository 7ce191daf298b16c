// 维保合同's menu badge, and so a salesperson's home to-do: the maintenance contracts of his customers due for renewal
// (in force, ending within RENEWAL_DAYS; docs/decisions.md). The list's 即将到期 filter shows the same contracts.
import { CUSTOMER_POWERS, hasPower } from '@sk/shared';
import { registerBadgeCount, withPower } from '../menu/index';
import { renewalCount } from './contracts.repo';

export function wireRenewalBadge(): void {
  // Renewing is for those who may edit contracts; the others who read the page have nothing to do there (0).
  registerBadgeCount(
    '/contract/maintain/todoCount',
    withPower(CUSTOMER_POWERS.customer, async (ex, a) => (hasPower(a.powers, CUSTOMER_POWERS.contractEdit) ? renewalCount(ex, a) : 0)),
  );
}
