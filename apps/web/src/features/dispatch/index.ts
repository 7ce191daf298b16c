// What other parts may use of the dispatch area: the assign dialog (an order's 派单, 全部工单's 批量派单) and the
// assistant's graded candidates for one order (the map's and the board's 智能推荐).
export { AssignDialog, type AssignTarget } from './AssignDialog';
export { Suggestions } from './Suggestions';
