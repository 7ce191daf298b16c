// 关联记录: the customer, the installed product, and the other orders of either.
import type { OrderDetail } from '@sk/shared/orders/order.detail.contract';
import { Descriptions, List, Space, Spin, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useApi } from '../../../../lib/query';
import { orderDetailContract as K } from '../api';

export const orderPath = (id: number) => `/allOrder/orderDetail/${id}`;

export function RelatedTab({ d }: { d: OrderDetail }) {
  const related = useApi(K.relatedList, { orderId: d.id }, { staleTime: 0 });
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Descriptions size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="客户">
          <Link to={`/allOrder/customerDetail/${d.customer.id}/${d.id}`}>{d.customer.name}</Link>
        </Descriptions.Item>
        <Descriptions.Item label="产品">{d.product ? <Link to={`/productManage/detail/${d.product.id}`}>{d.product.name}</Link> : '—'}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {d.product ? '该客户及产品的其他工单' : '该客户的其他工单'}
      </Typography.Title>
      {related.isPending ? (
        <Spin />
      ) : (
        <List
          size="small"
          locale={{ emptyText: '暂无其他工单' }}
          dataSource={related.data ?? []}
          renderItem={(o) => (
            <List.Item>
              <Space wrap size={6}>
                <Link to={orderPath(o.id)}>{o.orderNo}</Link>
                <span>{o.title}</span>
                <Tag color={o.stateColor}>{o.stateName}</Tag>
                {o.sameProduct ? <Tag color="blue">同一产品</Tag> : null}
                <Typography.Text type="secondary">
                  {o.serviceUserName ? `${o.serviceUserName} · ` : ''}
                  {o.createTime}
                </Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      )}
    </Space>
  );
}
