// Where goods orders keep their state and its log (the state-change helper's table).
import type { StateTable } from '../../platform/state';

export const GOODS_STATE: StateTable = {
  table: 'goods_orders',
  stateColumn: 'state',
  touchColumn: 'updated_at',
  log: { table: 'spare_state_logs', recordColumn: 'record_id', fixed: { kind: 'goods' } },
};
