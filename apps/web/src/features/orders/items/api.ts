// The service-item catalogue's calls: its list fetcher and which reads its writes make stale.
import { orderCreateContract as K, type ServiceItemRow } from '@sk/shared/orders/order.create.contract';
import { type ListQuery, type ListResult, withReads } from '../../../components';
import { call } from '../../../lib/api';
import { staleAfter } from '../../../lib/query';

export { K };

// An item or a type saved or deleted refreshes the list, the types (their 服务项目数) and the order form's picker.
staleAfter([K.itemSave, K.itemDelete, K.itemTypeSave, K.itemTypeDelete], [K.itemList, K.itemTypeList]);

/** The management list pages like any list; its keyword is the item name. */
export const fetchItems = withReads(
  ({ keyword, sortType: _s, ...q }: ListQuery): Promise<ListResult<ServiceItemRow>> => call(K.itemList, { ...q, name: keyword } as never),
  K.itemList,
);
