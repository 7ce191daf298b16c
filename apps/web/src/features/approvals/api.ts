import { type ApprovalInstanceRow, approvalsContract } from '@sk/shared/approvals/approvals.contract';
import { badgeCountContract } from '@sk/shared/menu/badge.contract';
import { contractFetcher } from '../../components';
import { staleAfter } from '../../lib/query';

export { approvalsContract as A };
const C = approvalsContract;
staleAfter([C.approve, C.reject, C.withdraw, C.transfer], [C.list, C.counts, C.detail, badgeCountContract.approvalTodoCount]);
staleAfter([C.flowSave, C.flowRemove], [C.flowList]);
staleAfter([C.delegationSave, C.delegationRemove], [C.delegations, C.list, C.counts, badgeCountContract.approvalTodoCount]);

export const fetchInbox = contractFetcher<ApprovalInstanceRow>(C.list);
