import { defineSignal } from '../../platform/signals';

/**
 * A maintenance contract in force that ends within RENEWAL_DAYS, told by the daily contract job (each run, in its own
 * transaction): a subscriber that reminds someone keys the reminder by contract and end date, so a contract reminds
 * once per end date however often it is told (a renewed contract with a new end reminds again).
 */
export interface ContractRenewalDue {
  enterpriseId: number;
  contractId: number;
  contractNo: string;
  name: string;
  customerName: string;
  endDate: string;
  /** Who owns the contract (its creator), or null. */
  ownerId: number | null;
}
export const contractRenewalDue = defineSignal<ContractRenewalDue>('contract renewal due');
