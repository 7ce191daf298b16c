import { DeleteOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Card, Modal } from 'antd';
import { useRef } from 'react';
import { type ListColumn, type ListPageHandle, toast } from '../../../../components';
import { call } from '../../../../lib/api';
import type { OrderRow } from '@sk/shared/orders/order.list.contract';
import { orderBatch } from '../api';
import { OrderList } from '../OrderList';

const EXTRA: ListColumn<OrderRow>[] = [{ key: 'delete_time', dataIndex: 'delete_time', title: '删除时间' }];

/** 工单回收站: deleted orders; batch 还原 (back in the state they had) or 彻底删除 (for good, after a confirmation). */
export default function OrderRubbish() {
  const list = useRef<ListPageHandle>(null);
  const [modal, holder] = Modal.useModal();
  const picked = (): number[] | null => {
    const ids = (list.current?.selectedKeys ?? []).map(Number);
    if (!ids.length) {
      toast.warning('请选择工单');
      return null;
    }
    return ids;
  };
  const restore = async () => {
    const ids = picked();
    if (!ids) return;
    await call(orderBatch.restore, { orderIds: ids }).then(
      () => toast.success('还原成功'),
      () => {},
    );
  };
  const purge = () => {
    const ids = picked();
    if (!ids) return;
    modal.confirm({
      title: '彻底删除',
      content: `确认彻底删除选中的${ids.length}个工单吗？删除后无法恢复。`,
      okText: '彻底删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () =>
        call(orderBatch.purge, { orderIds: ids }).then(
          () => toast.success('删除成功'),
          () => {},
        ),
    });
  };
  return (
    <Card title="工单回收站" size="small">
      {holder}
      <OrderList
        ref={list}
        scope="rubbish"
        title="工单回收站"
        extraColumns={EXTRA}
        toolbar={
          <>
            <Button icon={<UndoOutlined />} onClick={restore}>
              还原
            </Button>
            <Button danger icon={<DeleteOutlined />} onClick={purge}>
              彻底删除
            </Button>
          </>
        }
      />
    </Card>
  );
}
