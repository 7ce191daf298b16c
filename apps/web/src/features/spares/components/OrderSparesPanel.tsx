import type { OrderSpare } from '@sk/shared/spares/spares.contract';
import { orderMoneyContract } from '@sk/shared/orders/order.money.contract';
import { App, Button, Card, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useApi, useApiMutation } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { S } from '../api';
import { DocDialog } from './DocDialog';
import { UsePartDialog } from './UsePartDialog';

/** Parts used on an order (mounted in the order detail's fees tab): record one from my stock (UsePartDialog), or cancel it. */
export function OrderSparesPanel({ orderId, state }: { orderId: number; state: number }) {
  const { modal } = App.useApp();
  const parts = useApi(S.orderParts, { orderId });
  const [adding, setAdding] = useState(false);
  const [returning, setReturning] = useState(false);
  const can = useCan();
  // The fees panel beside this one shows the parts' amount and the total: it follows without a reload.
  const cancel = useApiMutation(S.orderCancel, { invalidates: [S.orderParts, S.mineOptions, orderMoneyContract.fees] });
  const open = (state === 3 || state === 4) && can('menu_SpareMine');
  const confirmCancel = (p: OrderSpare) =>
    modal.confirm({
      title: '取消备件',
      content: `确认取消“${p.spareName}”吗？备件将退回您的库存。`,
      okText: '确定',
      cancelText: '取消',
      onOk: () => cancel.mutateAsync({ id: p.id }),
    });
  const columns = [
    { key: 'spareName', dataIndex: 'spareName', title: '备件' },
    { key: 'quantity', dataIndex: 'quantity', title: '数量' },
    { key: 'serialIn', dataIndex: 'serialIn', title: '新件序列号', render: (v: string | null) => v ?? '—' },
    { key: 'serialOut', dataIndex: 'serialOut', title: '旧件序列号', render: (v: string | null) => v ?? '—' },
    {
      key: 'chargeable',
      dataIndex: 'chargeable',
      title: '收费',
      render: (v: boolean, p: OrderSpare) => (v ? `¥${p.price}` : <Tag color="blue">保内免费</Tag>),
    },
    { key: 'state', dataIndex: 'state', title: '状态', render: (v: number) => (v === 1 ? '已使用' : <Tag>已取消</Tag>) },
    {
      key: 'actions',
      title: '操作',
      render: (_: unknown, p: OrderSpare) =>
        open && p.state === 1 ? (
          <Button type="link" size="small" onClick={() => confirmCancel(p)}>
            取消
          </Button>
        ) : null,
    },
  ];
  return (
    <Card
      size="small"
      title="备件使用"
      extra={
        <>
          <Link to={`/oldPartReturn`}>旧件返还</Link>
          {open ? (
            <>
              <Button type="link" onClick={() => setAdding(true)}>
                登记备件
              </Button>
              <Button type="link" onClick={() => setReturning(true)}>
                退回未用备件
              </Button>
            </>
          ) : null}
        </>
      }
    >
      <Table<OrderSpare> size="small" rowKey="id" pagination={false} columns={columns} dataSource={parts.data ?? []} scroll={{ x: 'max-content' }} />
      <UsePartDialog orderId={orderId} open={adding} onClose={() => setAdding(false)} />
      {returning ? <DocDialog kind={9} orderId={orderId} open onClose={() => setReturning(false)} /> : null}
    </Card>
  );
}
