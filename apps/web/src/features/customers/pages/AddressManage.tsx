import { PlusOutlined } from '@ant-design/icons';
import type { Address } from '@sk/shared/customers/customers.schema';
import { App, Button, Card, Form, Input, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { type ListColumn, ListPage } from '../../../components';
import { call } from '../../../lib/api';
import { useCan } from '../../../lib/session';
import { CUSTOMER_POWERS as P } from '@sk/shared/customers/customers.contract';
import { addressFetcher, customerPartsContract } from '../api';
import { AddressFormDialog } from '../components/AddressFormDialog';
import { AreaCascader } from '../components/AreaCascader';
import { coordText } from '../components/detail/AddressesTab';
import { customerPath } from '../options';

/** The area cascader's codes as the list's province/city/district filters. */
export const areaFilters = ({ area, ...rest }: Record<string, unknown>) => {
  const [provinceCode, cityCode, districtCode] = (area as string[] | undefined) ?? [];
  return { ...rest, provinceCode, cityCode, districtCode };
};

/** 地址管理: every customer's addresses with their map points; add, edit, set default, delete (free-locked). */
export default function AddressManage() {
  const { modal } = App.useApp();
  const editable = useCan()(P.addressEdit);
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const fetch = useMemo(() => addressFetcher(), []);

  const setDefault = (a: Address) => call(customerPartsContract.addressSetDefault, { id: a.id }, { successToast: true }).catch(() => {});
  const remove = (a: Address) =>
    modal.confirm({
      title: '删除地址',
      content: `确认删除地址“${a.fullAddress}”吗？`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => call(customerPartsContract.addressDelete, { id: a.id }, { successToast: true }).catch(() => {}),
    });

  const columns: ListColumn<Address>[] = [
    {
      key: 'fullAddress',
      dataIndex: 'fullAddress',
      title: '地址',
      width: 280,
      render: (v: string, a) =>
        a.isDefault ? (
          <Space>
            {v}
            <Tag color="blue">默认</Tag>
          </Space>
        ) : (
          v
        ),
    },
    { key: 'customerName', dataIndex: 'customerName', title: '客户', render: (v: string, a) => <Link to={customerPath(a.customerId)}>{v}</Link> },
    { key: 'mapName', dataIndex: 'mapName', title: '地图位置', render: (v: string | null) => v || '—' },
    { key: 'coords', title: '经纬度', render: (_: unknown, a) => <Typography.Text type="secondary">{coordText(a)}</Typography.Text> },
    { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 190,
      render: (_: unknown, a) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(a)}>
            编辑
          </Button>
          {a.isDefault ? null : (
            <Button type="link" size="small" onClick={() => setDefault(a)}>
              设为默认
            </Button>
          )}
          <Button type="link" size="small" danger onClick={() => remove(a)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card title="地址管理" size="small">
      <ListPage<Address>
        title="地址"
        columns={editable ? columns : columns.filter((c) => c.key !== 'actions')}
        fetch={fetch}
        sort={false}
        selectable={false}
        keywordPlaceholder="请输入地址"
        filters={
          <>
            <Form.Item name="customerName" label="客户名称">
              <Input allowClear style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="area" label="省市区">
              <AreaCascader style={{ width: 260 }} />
            </Form.Item>
          </>
        }
        mapFilters={areaFilters}
        toolbar={
          editable ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增地址
            </Button>
          ) : null
        }
      />
      <AddressFormDialog open={editing !== null} address={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
