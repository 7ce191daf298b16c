import { PlusOutlined } from '@ant-design/icons';
import type { Address } from '@sk/shared/customers/customers.schema';
import { App, Button, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { EmptyState } from '../../../../components';
import { call } from '../../../../lib/api';
import { customerPartsContract, refreshCustomers } from '../../api';
import { usePaidAction } from '../../hooks';
import { AddressFormDialog } from '../AddressFormDialog';

/** A point's coordinates, or a dash. */
export const coordText = (a: Pick<Address, 'latitude' | 'longitude'>): string =>
  a.latitude != null && a.longitude != null ? `${a.longitude}, ${a.latitude}` : '—';

/** The customer's addresses: add, edit, set default, delete (address management is free-locked). */
export function AddressesTab({ customerId, addresses, editable }: { customerId: number; addresses: Address[]; editable: boolean }) {
  const { modal } = App.useApp();
  const paid = usePaidAction();
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const open = (a: Address | 'new') => paid('addressManage') && setEditing(a);

  const setDefault = (a: Address) => {
    if (!paid('addressManage')) return;
    call(customerPartsContract.addressSetDefault, { id: a.id }, { successToast: true }).then(refreshCustomers, () => {});
  };
  const remove = (a: Address) => {
    if (!paid('addressManage')) return;
    modal.confirm({
      title: '删除地址',
      content: `确认删除地址“${a.fullAddress}”吗？`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => call(customerPartsContract.addressDelete, { id: a.id }, { successToast: true }).then(refreshCustomers, () => {}),
    });
  };

  return (
    <>
      {editable ? (
        <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => open('new')} style={{ marginBottom: 12 }}>
          新增地址
        </Button>
      ) : null}
      <Table<Address>
        rowKey="id"
        size="small"
        dataSource={addresses}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyState /> }}
        columns={[
          {
            key: 'fullAddress',
            dataIndex: 'fullAddress',
            title: '地址',
            render: (v: string, a) => (
              <Space>
                {v}
                {a.isDefault ? <Tag color="blue">默认</Tag> : null}
              </Space>
            ),
          },
          { key: 'mapName', dataIndex: 'mapName', title: '地图位置', render: (v: string | null) => v || '—' },
          { key: 'coords', title: '经纬度', render: (_: unknown, a) => <Typography.Text type="secondary">{coordText(a)}</Typography.Text> },
          {
            key: 'actions',
            title: '操作',
            width: 200,
            hidden: !editable,
            render: (_: unknown, a) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => open(a)}>
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
        ]}
      />
      <AddressFormDialog open={editing !== null} address={editing === 'new' ? null : editing} customerId={customerId} onClose={() => setEditing(null)} />
    </>
  );
}
