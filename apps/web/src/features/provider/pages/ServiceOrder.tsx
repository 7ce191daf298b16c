import { SERVICE_ORDER_TABS, type ProviderOrderRow, type ServiceOrderTab } from '@sk/shared/settle/provider.contract';
import { Card, Tabs } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ListPage } from '../../../components';
import { usePhone } from '../../../lib/phone';
import { fetchServiceOrders } from '../api';
import { PROVIDER_ORDER_CARD, providerOrderColumns } from '../columns';

const TABS = Object.keys(SERVICE_ORDER_TABS) as ServiceOrderTab[];
const COLUMNS = providerOrderColumns();

/**
 * 服务单: the orders given to a provider, as his users see them (the server keeps a provider's user to his own), with
 * the SLA at a glance, the old parts still owed and the fee; a row opens the order (/serviceOrderDetail).
 */
export default function ServiceOrder() {
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab') as ServiceOrderTab | null;
  const tab: ServiceOrderTab = asked && TABS.includes(asked) ? asked : 'open';
  const params = useMemo(() => ({ tab }), [tab]);
  const phone = usePhone();
  return (
    <Card title={phone ? undefined : '服务单'} size="small">
      <Tabs activeKey={tab} onChange={(k) => setSearch({ tab: k }, { replace: true })} items={TABS.map((k) => ({ key: k, label: SERVICE_ORDER_TABS[k] }))} />
      <ListPage<ProviderOrderRow>
        title="服务单"
        columns={COLUMNS}
        defaultColumns={['orderNo', 'title', 'state', 'slaState', 'feeCents', 'settleState', 'partsToReturn', 'serviceUserName', 'customName']}
        fetch={fetchServiceOrders}
        params={params}
        sort={false}
        keywordPlaceholder="工单编号、标题、客户、电话"
        phoneCard={PROVIDER_ORDER_CARD}
      />
    </Card>
  );
}
