import { teamContract } from '@sk/shared/org/team.contract';
import { PROVIDER_SETTLE_STATES, type ProviderOrderRow } from '@sk/shared/settle/provider.contract';
import { Card, Form } from 'antd';
import { DateRangePicker, FilterSelect, ListPage } from '../../../components';
import { labelOptions } from '../../../lib/options';
import { useApi } from '../../../lib/query';
import { fetchManagement, periodQuery } from '../api';
import { PROVIDER_ORDER_CARD, providerOrderColumns } from '../columns';

const COLUMNS = providerOrderColumns();

/** 工单管理: every provider order of the enterprise with its fee and where it stands in settlement. */
export default function OrderManagement() {
  const providers = useApi(teamContract.providerSimpleList, {});
  return (
    <Card title="工单管理" size="small">
      <ListPage<ProviderOrderRow>
        title="工单管理"
        columns={COLUMNS}
        defaultColumns={['orderNo', 'title', 'state', 'providerName', 'feeCents', 'settleState', 'slaState', 'finish_time', 'serviceUserName']}
        fetch={fetchManagement}
        sort={false}
        keywordPlaceholder="工单编号、标题、客户、电话"
        phoneCard={PROVIDER_ORDER_CARD}
        mapFilters={periodQuery}
        filters={
          <>
            <FilterSelect name="providerId" label="服务商" width={200} options={(providers.data ?? []).map((p) => ({ value: p.id, label: p.name }))} />
            <Form.Item name="period" label="完成时间">
              <DateRangePicker />
            </Form.Item>
            <FilterSelect name="settleState" label="结算状态" width={130} options={labelOptions(PROVIDER_SETTLE_STATES)} />
          </>
        }
      />
    </Card>
  );
}
