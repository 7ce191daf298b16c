import { PlusOutlined } from '@ant-design/icons';
import { WARRANTY_STATES } from '@sk/shared/customers/customers.constants';
import { type DeskCustomer, deskContract } from '@sk/shared/events/desk.contract';
import { ORDER_STATES } from '@sk/shared/orders/orders.constants';
import { Button, Card, Col, Descriptions, Input, List, Row, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components';
import { useApi } from '../../../lib/query';
import { customerPath } from '../../customers';
import { eventPath, stateOf } from '../api';
import '../events.css';

const WARRANTY_COLORS: Record<number, string> = { 0: 'default', 1: 'green', 2: 'red', 3: 'blue' };

function newEventUrl(d: DeskCustomer, product?: DeskCustomer['products'][number]): string {
  const q = new URLSearchParams({ customerId: String(d.customer.id), customerName: d.customer.name });
  if (product) {
    q.set('customerProductId', String(product.id));
    q.set('customerProductName', product.name);
  }
  return `/newEvent?${q}`;
}

function EventLinks({ list, empty }: { list: DeskCustomer['openEvents']; empty: string }) {
  if (list.length === 0) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return (
    <List
      size="small"
      dataSource={list}
      renderItem={(e) => (
        <List.Item>
          <Space wrap>
            <Tag color={stateOf(e.state).color}>{stateOf(e.state).label}</Tag>
            <Link to={eventPath(e.id)}>{e.title}</Link>
            <Typography.Text type="secondary">{e.create_time}</Typography.Text>
          </Space>
        </List.Item>
      )}
    />
  );
}

/** One customer at a glance: contacts, products with warranty, open events and orders, the latest events. */
function Glance({ customerId }: { customerId: number }) {
  const navigate = useNavigate();
  const q = useApi(deskContract.customer, { customerId });
  const d = q.data;
  if (q.isError) return <EmptyState description="客户不存在或无权查看" />;
  if (!d) return <Spin style={{ margin: 32 }} />;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card
        size="small"
        title={<Link to={customerPath(d.customer.id)}>{d.customer.name}</Link>}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(newEventUrl(d))}>
            新建事件
          </Button>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label="主联系人">{[d.customer.linkperson, d.customer.phone].filter(Boolean).join(' ') || '—'}</Descriptions.Item>
          <Descriptions.Item label="默认地址">{d.customer.address ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="联系人">{d.contacts.map((k) => `${k.name} ${k.phone ?? ''}`).join('、') || '—'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={12}>
          <Card size="small" title={`未完成事件（${d.openEvents.length}）`}>
            <EventLinks list={d.openEvents} empty="暂无未完成事件" />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={`未完成工单（${d.openOrders.length}）`}>
            {d.openOrders.length ? (
              <List
                size="small"
                dataSource={d.openOrders}
                renderItem={(o) => (
                  <List.Item>
                    <Space wrap>
                      <Tag>{ORDER_STATES[o.state as keyof typeof ORDER_STATES]?.label ?? o.state}</Tag>
                      {o.orderNo} {o.title}
                    </Space>
                  </List.Item>
                )}
              />
            ) : (
              <Typography.Text type="secondary">暂无未完成工单</Typography.Text>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={`客户产品（${d.products.length}）`}>
            {d.products.length ? (
              <List
                size="small"
                dataSource={d.products}
                renderItem={(p) => (
                  <List.Item
                    actions={[
                      <Button key="new" type="link" size="small" onClick={() => navigate(newEventUrl(d, p))}>
                        报事件
                      </Button>,
                    ]}
                  >
                    <Space wrap>
                      {p.name}
                      <Typography.Text type="secondary">{p.serialNumber ?? ''}</Typography.Text>
                      <Tag color={WARRANTY_COLORS[p.warrantyState]}>{WARRANTY_STATES[p.warrantyState as keyof typeof WARRANTY_STATES]}</Tag>
                      {p.warrantyEnd ? <Typography.Text type="secondary">至 {p.warrantyEnd}</Typography.Text> : null}
                    </Space>
                  </List.Item>
                )}
              />
            ) : (
              <Typography.Text type="secondary">暂无产品</Typography.Text>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title="最近联系">
            <EventLinks list={d.recentEvents} empty="暂无联系记录" />
          </Card>
        </Col>
      </Row>
    </Space>
  );
}

/** 服务台: find a customer by name, phone or product serial (query custom_name, custom_id), see them, record an event. */
export default function ServiceCounter() {
  const [params, setParams] = useSearchParams();
  const [typed, setTyped] = useState(params.get('custom_name') ?? '');
  const keyword = params.get('custom_name') ?? '';
  const chosen = Number(params.get('custom_id')) || null;
  const found = useApi(deskContract.find, { keyword }, { enabled: keyword.trim().length > 0 });
  const search = (v: string) => setParams(v.trim() ? { custom_name: v.trim() } : {});
  const choose = (id: number) => setParams({ ...(keyword ? { custom_name: keyword } : {}), custom_id: String(id) });
  return (
    <Card title="服务台" size="small">
      <Input.Search
        placeholder="输入客户名称、电话或产品序列号"
        enterButton="查找"
        allowClear
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        onSearch={search}
        style={{ maxWidth: 520 }}
      />
      <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
        {keyword ? (
          <Col xs={24} lg={7}>
            <Card size="small" title="查找结果">
              {found.isLoading ? <Spin /> : null}
              {found.data && found.data.length === 0 ? <EmptyState description="未找到匹配的客户" /> : null}
              <List
                size="small"
                dataSource={found.data ?? []}
                renderItem={(c) => (
                  <List.Item className={c.id === chosen ? 'sk-desk-chosen' : undefined} onClick={() => choose(c.id)} style={{ cursor: 'pointer' }}>
                    <List.Item.Meta
                      title={c.name}
                      description={[c.linkperson, c.phone, c.matchedBy === '客户名称' ? null : `匹配：${c.matchedBy}`].filter(Boolean).join(' ')}
                    />
                  </List.Item>
                )}
              />
            </Card>
          </Col>
        ) : null}
        <Col xs={24} lg={keyword ? 17 : 24}>
          {chosen ? <Glance key={chosen} customerId={chosen} /> : <EmptyState description="查找客户后选择一位，查看其事件、工单与产品" />}
        </Col>
      </Row>
    </Card>
  );
}
