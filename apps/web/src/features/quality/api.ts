import type { ComplaintRow } from '@sk/shared/quality/complaint.contract';
import { complaintContract } from '@sk/shared/quality/complaint.contract';
import { faultContract } from '@sk/shared/quality/fault.contract';
import { type ExchangeRow, exchangeContract, type RepairRow, repairContract } from '@sk/shared/quality/repair.contract';
import { contractFetcher } from '../../components';
import { staleAfter } from '../../lib/query';

export const C = complaintContract;
export const F = faultContract;

// A complaint's change moves its detail, the list and the report; a fault-mode change the trees and the order's picker.
staleAfter([C.create, C.update, C.action], [C.list, C.detail, C.report]);
staleAfter([C.saveLevel], [C.levels]);
staleAfter([F.create, F.update, F.remove], [F.list, F.ofOrder, F.ofModel]);
staleAfter([F.setOrder], [F.ofOrder]);

export const fetchComplaints = contractFetcher<ComplaintRow>(C.list);

/** Cents as yuan with two decimals. */
export const yuan = (cents: number) => (cents / 100).toFixed(2);

// Repair-sent and exchange/return orders: a change moves their lists and details (and the complaint's or order's panel).
export const R = repairContract;
export const X = exchangeContract;
staleAfter([R.create, R.update, R.action], [R.list, R.detail, X.list]);
staleAfter([X.create, X.action], [X.list, X.detail]);
export const fetchRepairs = contractFetcher<RepairRow>(R.list);
export const fetchExchanges = contractFetcher<ExchangeRow>(X.list);
export const repairPath = (id: number) => `/repairOrderDetail?id=${id}`;
export const exchangePath = (id: number) => `/exchangeOrderDetail?id=${id}`;
