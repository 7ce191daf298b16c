import { centsText } from '@sk/shared/settle/settle.constants';
import { type FeeStandardRow, feeStandardContract, type SettlementLineRow, type SettlementRow, settleContract } from '@sk/shared/settle/settle.contract';
import { claimsContract, type FeeClaimRow } from '@sk/shared/settle/claims.contract';
import { type RewardRow, rewardsContract } from '@sk/shared/settle/rewards.contract';
import { contractFetcher, pairFetcher } from '../../components';
import { staleAfter } from '../../lib/query';

export { claimsContract as K, feeStandardContract as F, rewardsContract as R, settleContract as C };

staleAfter([feeStandardContract.create, feeStandardContract.update, feeStandardContract.remove], [feeStandardContract.list]);
staleAfter(
  [settleContract.create, settleContract.remove, settleContract.action, settleContract.dispute, settleContract.resolve],
  [settleContract.list, settleContract.detail, settleContract.lines, settleContract.pending, feeStandardContract.orderFee],
);

staleAfter(
  [claimsContract.create, claimsContract.decide, claimsContract.check],
  [claimsContract.list, claimsContract.detail, claimsContract.checkList, settleContract.lines, settleContract.pending],
);

staleAfter(
  [rewardsContract.create, rewardsContract.action],
  [rewardsContract.list, rewardsContract.count, rewardsContract.detail, rewardsContract.approvalProcess, settleContract.pending],
);
staleAfter([settleContract.create, settleContract.remove], [rewardsContract.list, rewardsContract.detail]);

export const fetchRewards = pairFetcher<RewardRow>(rewardsContract.list, rewardsContract.count);
export const fetchClaims = contractFetcher<FeeClaimRow>(claimsContract.list);
export const fetchCostChecks = contractFetcher<FeeClaimRow>(claimsContract.checkList);
export const fetchStandards = contractFetcher<FeeStandardRow>(feeStandardContract.list);
export const fetchStatements = contractFetcher<SettlementRow>(settleContract.list);
export const fetchLines = contractFetcher<SettlementLineRow>(settleContract.lines);

/** ¥ and two decimals of integer cents. */
export const yuan = (cents: number): string => `¥${centsText(cents)}`;

/** Kilometres of metres, one decimal: 10019 → '10.0 公里'; unknown → '未知'. */
export const km = (m: number | null): string => (m == null ? '未知' : `${(m / 1000).toFixed(1)} 公里`);
