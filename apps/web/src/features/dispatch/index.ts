// What other parts may use of the dispatch area: the assign dialog (an order's 派单, 全部工单's 批量派单).
export { AssignDialog, type AssignTarget } from './AssignDialog';
