import {
  type GoodsOrder,
  goodsContract,
  type OldPartReturn,
  type SpareDocRow,
  type SpareRow,
  sparesContract,
  type StockLog,
  type StockRow,
  type Warehouse,
} from '@sk/shared/spares/spares.contract';
import { contractFetcher } from '../../components';
import { staleAfter } from '../../lib/query';

export { goodsContract as G, sparesContract as S };

const C = sparesContract;
// Writes that move stock make every stock and ledger read stale.
staleAfter(
  [C.docApprove, C.docReject, C.docWithdraw, C.docSave, C.orderUse, C.orderCancel, C.oldSave, C.setSafety],
  [
    C.stockList,
    C.warningList,
    C.mine,
    C.mineOptions,
    C.logList,
    C.stockLogList,
    C.docList,
    C.docDetail,
    C.orderParts,
    C.oldList,
    C.oldDetail,
    C.spareList,
    C.unitOptions,
  ],
);
staleAfter([C.spareSave, C.spareRemove, C.typeSave, C.typeRemove], [C.spareList, C.typeTree, C.spareOptions]);
staleAfter([C.warehouseSave], [C.warehouseList, C.warehouseOptions]);

export const fetchSpares = contractFetcher<SpareRow>(C.spareList);
export const fetchStock = contractFetcher<StockRow>(C.stockList);
export const fetchWarnings = contractFetcher<StockRow>(C.warningList);
export const fetchLogs = contractFetcher<StockLog>(C.logList);
export const fetchStockLogs = contractFetcher<StockLog>(C.stockLogList);
export const fetchDocs = contractFetcher<SpareDocRow>(C.docList);
export const fetchWarehouses = contractFetcher<Warehouse>(C.warehouseList);
export const fetchOldParts = contractFetcher<OldPartReturn>(C.oldList);
staleAfter([goodsContract.apply, goodsContract.step], [goodsContract.list, goodsContract.detail, C.stockList, C.mine, C.logList, C.unitOptions]);
export const fetchGoods = contractFetcher<GoodsOrder>(goodsContract.list);
