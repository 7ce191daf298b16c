import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Link } from 'react-router';
import { createOrderPath } from '../lib/orderPaths';
import { useCan } from '../lib/session';

/** 新建工单 for a customer (and one of its products), shown to those who may create orders. */
export function CreateOrderButton({
  customerId,
  customerProductId,
  type,
}: {
  customerId?: number | null;
  customerProductId?: number | null;
  type?: 'primary' | 'default';
}) {
  const can = useCan();
  if (!can('menu_CreateOrder')) return null;
  return (
    <Link to={createOrderPath(customerId, customerProductId)}>
      <Button type={type ?? 'primary'} icon={<PlusOutlined />}>
        新建工单
      </Button>
    </Link>
  );
}
