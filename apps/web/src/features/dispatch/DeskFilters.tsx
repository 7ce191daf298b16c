// The desk's filter panel: only the filters /order/unDeliverOrderList takes.
import { formsContract } from '@sk/shared/forms/forms.contract';
import { teamContract } from '@sk/shared/org/team.contract';
import { ORDER_PRIORITIES } from '@sk/shared/orders/orders.constants';
import { Form, Select } from 'antd';
import { FilterSelect } from '../../components';
import { labelOptions } from '../../lib/options';
import { useApi } from '../../lib/query';

export function DeskFilters() {
  const types = useApi(formsContract.orderTypeList);
  const groups = useApi(teamContract.groupList, { pageSize: 1000 });
  return (
    <>
      <Form.Item name="orderType" label="工单类型">
        <Select
          allowClear
          placeholder="全部"
          style={{ minWidth: 160 }}
          options={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
          aria-label="工单类型筛选"
        />
      </Form.Item>
      <FilterSelect name="priority" label="优先级" width={120} options={labelOptions(ORDER_PRIORITIES)} />
      <Form.Item name="serviceGroupId" label="服务团队">
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="全部"
          style={{ minWidth: 160 }}
          options={(groups.data?.list ?? []).map((g) => ({ value: g.id, label: g.name }))}
          aria-label="服务团队筛选"
        />
      </Form.Item>
    </>
  );
}
