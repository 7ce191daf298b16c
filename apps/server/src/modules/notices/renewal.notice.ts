// The maintenance-contract renewal reminder as a notice: the contract's owner (its creator) is told once per contract
// and end date (the dedupe key), beside the banner on 维保合同 that everyone who sees the contracts gets.
import { RENEWAL_DAYS } from '@sk/shared';
import { type ContractRenewalDue, contractRenewalDue } from '../customers/index';
import { addNotices } from './notices.repo';

export const RENEWAL_NOTICE_KIND = 'contract_renewal';

export function wireRenewalNotice(): void {
  contractRenewalDue.subscribe('notices.contract-renewal', async (tx, c: ContractRenewalDue) => {
    if (c.ownerId == null) return;
    await addNotices(tx, {
      enterpriseId: c.enterpriseId,
      userIds: [c.ownerId],
      kind: RENEWAL_NOTICE_KIND,
      title: `维保合同${c.contractNo}将于${c.endDate}到期，请及时续签`,
      content: `客户“${c.customerName}”的维保合同“${c.name}”将在${RENEWAL_DAYS}天内到期（${c.endDate}），请及时联系客户续签。`,
      link: `/maintainContract?expiring=1`,
      dedupeKey: `contract_renewal:${c.contractId}:${c.endDate}`,
    });
  });
}
