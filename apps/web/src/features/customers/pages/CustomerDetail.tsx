import { ArrowLeftOutlined } from '@ant-design/icons';
import { CUSTOMER_LEVELS, CUSTOMER_SOURCES } from '@sk/shared/customers/customers.constants';
import type { CustomerDetail as Detail } from '@sk/shared/customers/customers.schema';
import { App, Button, Card, Descriptions, Space, Spin, Tabs } from 'antd';
import { Suspense, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState, PersonLink } from '../../../components';
import { ExtFieldView } from '../../../components/forms';
import { call } from '../../../lib/api';
import { invalidate, useApi } from '../../../lib/query';
import { customerContract, refreshCustomers } from '../api';
import { MaintainContractList, SaleContractList } from '../components/ContractLists';
import { CustomerFormDialog } from '../components/CustomerFormDialog';
import { AddressesTab } from '../components/detail/AddressesTab';
import { ContactsTab } from '../components/detail/ContactsTab';
import { PermissionDialog } from '../components/detail/PermissionDialog';
import { ProductsTab } from '../components/detail/ProductsTab';
import { TagList } from '../components/TagSelect';
import { usePaidAction } from '../hooks';
import { labelOf } from '../options';
import { useCan } from '../../../lib/session';
import { CUSTOMER_POWERS as P } from '@sk/shared/customers/customers.contract';
import { EVENT_POWERS } from '@sk/shared/events/events.contract';
import { CreateOrderButton } from '../../../components/CreateOrderButton';
import { DialButton } from '../../calls';
import { slot } from '../../../lib/slots';

function Profile({ d }: { d: Detail }) {
  const address = d.addresses.find((a) => a.isDefault) ?? d.addresses[0];
  return (
    <>
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
        <Descriptions.Item label="客户编号">{d.code || '—'}</Descriptions.Item>
        <Descriptions.Item label="主联系人">
          {[d.linkperson, d.phone].filter(Boolean).join(' ') || '—'}
          {d.phone ? <DialButton number={d.phone} customerId={d.id} /> : null}
        </Descriptions.Item>
        <Descriptions.Item label="默认地址">{address?.fullAddress ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="客户等级">{labelOf(CUSTOMER_LEVELS, d.level)}</Descriptions.Item>
        <Descriptions.Item label="客户来源">{labelOf(CUSTOMER_SOURCES, d.source)}</Descriptions.Item>
        <Descriptions.Item label="负责销售">{d.businessUserId ? <PersonLink id={d.businessUserId} name={d.businessUserName} /> : '—'}</Descriptions.Item>
        <Descriptions.Item label="服务团队">{d.serviceGroupName || '—'}</Descriptions.Item>
        <Descriptions.Item label="创建人">{d.createUserName || '—'}</Descriptions.Item>
        <Descriptions.Item label="创建时间">{d.create_time}</Descriptions.Item>
        {d.external_userid ? <Descriptions.Item label="外部联系人">{d.external_userid}</Descriptions.Item> : null}
        <Descriptions.Item label="备注" span="filled">
          {d.remark || '—'}
        </Descriptions.Item>
      </Descriptions>
      <ExtFieldView fields={d.extFields as never} title="自定义字段" />
    </>
  );
}

/** A tab of an area built on customers (orders, events, projects), filled in by app/slots.tsx and loaded on first show. */
function AreaTab({ name, customerId }: { name: 'customerOrders' | 'customerEvents' | 'customerProjects'; customerId: number }) {
  const Tab = slot(name);
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: 24 }} />}>
      <Tab customerId={customerId} />
    </Suspense>
  );
}

function Contracts({ customerId }: { customerId: number }) {
  return (
    <Tabs
      size="small"
      items={[
        { key: 'sale', label: '销售合同', children: <SaleContractList customerId={customerId} routeKey="customerDetail:sale" /> },
        { key: 'maintain', label: '维保合同', children: <MaintainContractList customerId={customerId} routeKey="customerDetail:maintain" /> },
      ]}
    />
  );
}

/** /allOrder/customerDetail/:id/:oid? — a customer: profile, contacts, addresses, products, contracts and the later areas' tabs. */
export default function CustomerDetail() {
  const params = useParams();
  const id = Number(params.id);
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const paid = usePaidAction();
  const [editing, setEditing] = useState(false);
  const [granting, setGranting] = useState(false);
  const can = useCan();
  const detail = useApi(customerContract.detail, { id }, { enabled: id > 0, staleTime: 0 });
  if (detail.isPending && id > 0) return <Spin style={{ display: 'block', margin: 48 }} />;
  const d = detail.data;
  if (!d) return <EmptyState description="客户不存在或已删除" />;

  const remove = () =>
    modal.confirm({
      title: '删除客户',
      content: `确认删除“${d.name}”吗？该客户的联系人和地址将一并删除。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () =>
        call(customerContract.deleteCustomer, { id }, { successToast: true }).then(
          () => refreshCustomers().then(() => navigate('/allCustomer')),
          () => {},
        ),
    });

  const tabs = [
    {
      key: 'contacts',
      label: `联系人（${d.contacts.length}）`,
      children: <ContactsTab customerId={id} contacts={d.contacts} editable={d.abilities.edit && can(P.contactEdit)} />,
    },
    {
      key: 'addresses',
      label: `地址（${d.addresses.length}）`,
      children: <AddressesTab customerId={id} addresses={d.addresses} editable={d.abilities.edit && can(P.addressEdit)} />,
    },
    { key: 'products', label: `设备（${d.productCount}）`, children: <ProductsTab customerId={id} editable={d.abilities.edit && can(P.productEdit)} /> },
    { key: 'contracts', label: `合同（${d.saleContractCount + d.maintainContractCount}）`, children: <Contracts customerId={id} /> },
    { key: 'orders', label: '工单', children: <AreaTab name="customerOrders" customerId={id} /> },
    ...(can(EVENT_POWERS.mine) ? [{ key: 'events', label: '事件', children: <AreaTab name="customerEvents" customerId={id} /> }] : []),
    { key: 'projects', label: '项目', children: <AreaTab name="customerProjects" customerId={id} /> },
  ];

  return (
    <Space orientation="vertical" style={{ width: '100%' }} className="sk-customer-detail">
      <Card
        size="small"
        title={
          <Space wrap>
            {params.oid ? (
              <Link to={`/allOrder/orderDetail/${params.oid}`} aria-label="返回工单">
                <ArrowLeftOutlined />
              </Link>
            ) : null}
            <span>{d.name}</span>
            <TagList tags={d.tags} empty={null} />
          </Space>
        }
        extra={
          <Space>
            <CreateOrderButton customerId={id} />
            {d.abilities.edit ? <Button onClick={() => setEditing(true)}>编辑</Button> : null}
            {d.abilities.permission ? <Button onClick={() => paid('permission') && setGranting(true)}>数据权限</Button> : null}
            {d.abilities.delete ? (
              <Button danger onClick={remove}>
                删除
              </Button>
            ) : null}
          </Space>
        }
      >
        <Profile d={d} />
      </Card>
      <Card size="small">
        <Tabs items={tabs} />
      </Card>
      <CustomerFormDialog open={editing} customerId={id} onClose={() => setEditing(false)} onSaved={() => invalidate(customerContract.detail)} />
      <PermissionDialog open={granting} customerId={id} onClose={() => setGranting(false)} />
    </Space>
  );
}
