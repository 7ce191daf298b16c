// A repair-sent unit moves through the spare area's stock (its ledger and serial units, no second ledger): received
// into the enterprise's 寄修仓 (warehouse kind 6, made on first use) as one unit of a serial-tracked spare standing for
// the product model (寄修品, disabled so no picker offers it), sent back out when the repair ends.
import type { Executor } from '../../db/client';
import { invalid } from '../../platform/errors';
import { postMovement } from '../spares/index';
import { receiveUnits } from '../spares/index';
import { claimExchangeStock, ensureRepairSpare, ensureRepairWarehouse, modelName, repairWarehouseId, shipUnit, shipUnitFrom, unitIn } from './stock.repo';

const REPAIR_WAREHOUSE_NAME = '寄修仓';

/** The enterprise's 寄修仓, made on first use (parallel first uses meet on the unique name). */
export async function repairWarehouse(ex: Executor, ep: number): Promise<number> {
  await ensureRepairWarehouse(ex, ep, REPAIR_WAREHOUSE_NAME);
  const id = await repairWarehouseId(ex, ep);
  if (id == null) throw invalid(`仓库：已有名为“${REPAIR_WAREHOUSE_NAME}”的其他仓库，请改名后重试`);
  return id;
}

/** The serial-tracked spare standing for a product model in the 寄修仓 (code JX-<model id>; JX-0 without a model). */
export async function repairSpare(ex: Executor, ep: number, modelId: number | null): Promise<number> {
  const code = `JX-${modelId ?? 0}`;
  const model = modelId ? await modelName(ex, ep, modelId) : undefined;
  return ensureRepairSpare(ex, ep, code, `寄修品-${model ?? '未知型号'}`);
}

export interface RepairUnit {
  repairId: number;
  serial: string;
  modelId: number | null;
  userId: number;
}

/** Receives the unit (入库, one serial unit); a serial already in stock or installed is refused by the units. */
export async function receiveRepairUnit(ex: Executor, ep: number, u: RepairUnit): Promise<{ warehouseId: number; spareId: number }> {
  const warehouseId = await repairWarehouse(ex, ep);
  const spareId = await repairSpare(ex, ep, u.modelId);
  await receiveUnits(ex, ep, warehouseId, spareId, [u.serial]);
  await postMovement(ex, ep, { warehouseId, spareId, change: 1, type: 3, userId: u.userId, docKind: 'repair', docId: u.repairId, serialIn: u.serial });
  return { warehouseId, spareId };
}

/** Sends the unit back to the customer (出库; the unit leaves as shipped out). */
export async function sendBackRepairUnit(ex: Executor, ep: number, u: RepairUnit & { warehouseId: number; spareId: number }): Promise<void> {
  if (!(await shipUnitFrom(ex, ep, u))) throw invalid(`序列号：${u.serial}已不在寄修仓，请先在备件库存中核对`);
  await postMovement(ex, ep, {
    warehouseId: u.warehouseId,
    spareId: u.spareId,
    change: -1,
    type: 4,
    userId: u.userId,
    docKind: 'repair',
    docId: u.repairId,
    serialOut: u.serial,
  });
}

/**
 * An approved exchange/return moves stock, in the approval's transaction and once (stock_moved_at is the guard: a second
 * call finds it set and moves nothing): every returned unit comes into the 寄修仓 as a unit of the model's 寄修品 (入库;
 * one already there, e.g. in a repair, stays), and a 换货's replacement unit leaves the warehouse holding it (出库, the
 * unit shipped out). A replacement not in stock refuses the approval (the caller's transaction rolls back).
 */
export async function moveExchangeStock(ex: Executor, ep: number, exchangeId: number, userId: number): Promise<void> {
  const x = await claimExchangeStock(ex, ep, exchangeId);
  if (!x) return;
  const warehouseId = await repairWarehouse(ex, ep);
  const spareId = await repairSpare(ex, ep, x.product_model_id);
  const doc = { docKind: 'exchange', docId: exchangeId, userId };
  for (const serial of x.serial_numbers) {
    if (await unitIn(ex, ep, { spareId, serial, warehouseId })) continue;
    await receiveUnits(ex, ep, warehouseId, spareId, [serial]);
    await postMovement(ex, ep, { warehouseId, spareId, change: 1, type: 3, serialIn: serial, ...doc });
  }
  if (x.kind !== 1 || !x.replacement_serial) return;
  const from = await shipUnit(ex, ep, spareId, x.replacement_serial);
  if (from == null) throw invalid(`换新序列号：${x.replacement_serial}不在库存中，或已被待审批单据占用`);
  await postMovement(ex, ep, { warehouseId: from, spareId, change: -1, type: 4, serialOut: x.replacement_serial, ...doc });
}
