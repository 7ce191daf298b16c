import { teamContract } from '@sk/shared/org/team.contract';
import { PROVIDER_SETTLE_STATES, type ProviderOrderRow } from '@sk/shared/settle/provider.contract';
import { Card, Form, Select } from 'antd';
import { DateRangePicker, ListPage } from '../../../components';
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
            <Form.Item name="providerId" label="服务商">
              <Select
                allowClear
                placeholder="全部"
                style={{ width: 200 }}
                aria-label="服务商筛选"
                options={(providers.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              />
            </Form.Item>
            <Form.Item name="period" label="完成时间">
              <DateRangePicker />
            </Form.Item>
            <Form.Item name="settleState" label="结算状态">
              <Select
                allowClear
                placeholder="全部"
                style={{ width: 130 }}
                aria-label="结算状态筛选"
                options={Object.entries(PROVIDER_SETTLE_STATES).map(([v, label]) => ({ value: Number(v), label }))}
              />
            </Form.Item>
          </>
        }
      />
    </Card>
  );
}
