import { centsText } from '@sk/shared/settle/settle.constants';
import { type FeeStandardRow, feeStandardContract, type SettlementLineRow, type SettlementRow, settleContract } from '@sk/shared/settle/settle.contract';
import { contractFetcher } from '../../components';
import { staleAfter } from '../../lib/query';

export { feeStandardContract as F, settleContract as C };

staleAfter([feeStandardContract.create, feeStandardContract.update, feeStandardContract.remove], [feeStandardContract.list]);
staleAfter(
  [settleContract.create, settleContract.remove, settleContract.action, settleContract.dispute, settleContract.resolve],
  [settleContract.list, settleContract.detail, settleContract.lines, feeStandardContract.orderFee],
);

export const fetchStandards = contractFetcher<FeeStandardRow>(feeStandardContract.list);
export const fetchStatements = contractFetcher<SettlementRow>(settleContract.list);
export const fetchLines = contractFetcher<SettlementLineRow>(settleContract.lines);

/** ¥ and two decimals of integer cents. */
export const yuan = (cents: number): string => `¥${centsText(cents)}`;
