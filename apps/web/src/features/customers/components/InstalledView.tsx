import { EditOutlined } from '@ant-design/icons';
import { WARRANTY_START_TYPES, WARRANTY_UNITS } from '@sk/shared/customers/customers.constants';
import type { installedProductDetailSchema } from '@sk/shared/customers/products.contract';
import { Button, Card, Col, Descriptions, Row, Table, Tag } from 'antd';
import { useCan } from '../../../lib/session';
import { CUSTOMER_POWERS as P } from '@sk/shared/customers/customers.contract';
import { useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { EmptyState } from '../../../components';
import { ExtFieldView } from '../../../components/forms';
import { useApi } from '../../../lib/query';
import { CreateOrderButton } from '../../../components/CreateOrderButton';
import { productContract } from '../api';
import { customerPath, labelOf, modelPath } from '../options';
import { InstalledFormDialog } from './InstalledFormDialog';
import { StatusTag, WarrantyTag } from './installedColumns';
import { ProductQrCode } from './ProductQrCode';

type Detail = z.infer<typeof installedProductDetailSchema>;

const text = (v: string | null | undefined) => v || '—';

/** Orders, events and parts used on this product, as the areas that own them register a source. */
function History({ id }: { id: number }) {
  const history = useApi(productContract.productionHistory, { id });
  return (
    <Table
      size="small"
      rowKey={(r) => `${r.type}-${r.id}`}
      loading={history.isPending}
      dataSource={history.data ?? []}
      pagination={false}
      locale={{ emptyText: <EmptyState description="暂无服务记录" /> }}
      columns={[
        { key: 'type', dataIndex: 'type', title: '类型', render: (v: string) => <Tag>{v}</Tag> },
        {
          key: 'no',
          dataIndex: 'no',
          title: '编号',
          render: (v: string, r) => (HISTORY_LINKS[r.type] ? <Link to={HISTORY_LINKS[r.type]!(r.id)}>{v}</Link> : v),
        },
        { key: 'title', dataIndex: 'title', title: '标题' },
        { key: 'state', dataIndex: 'state', title: '状态' },
        { key: 'time', dataIndex: 'time', title: '时间' },
      ]}
    />
  );
}

/** Where a history row opens, by its type. */
const HISTORY_LINKS: Record<string, ((id: number) => string) | undefined> = {
  工单: (id) => `/allOrder/orderDetail/${id}`,
  事件: (id) => `/Myevent/eventDetail/${id}`,
};

/** One installed product: its archive, warranty, QR code, custom fields and service history. */
export function InstalledView({ detail, onChanged }: { detail: Detail; onChanged: () => void }) {
  const [editing, setEditing] = useState(false);
  const editable = useCan()(P.productEdit);
  const d = detail;
  const m = d.productModel;
  const period = m?.warrantyPeriod ? `${m.warrantyPeriod}${labelOf(WARRANTY_UNITS, m.warrantyUnit)}` : '—';
  return (
    <>
      <Card
        size="small"
        title={d.name}
        extra={
          <>
            {d.customerId ? <CreateOrderButton customerId={d.customerId} customerProductId={d.id} type="default" /> : null}
            {editable ? (
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)} style={{ marginLeft: 8 }}>
                编辑
              </Button>
            ) : null}
          </>
        }
      >
        <Row gutter={24}>
          <Col xs={24} lg={18}>
            <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
              <Descriptions.Item label="序列号">{text(d.serialNumber)}</Descriptions.Item>
              <Descriptions.Item label="产品">
                <Link to={modelPath(d.productId)}>{d.productName}</Link>
              </Descriptions.Item>
              <Descriptions.Item label="品牌 / 型号">{[d.brand, d.model].filter(Boolean).join(' / ') || '—'}</Descriptions.Item>
              <Descriptions.Item label="客户">{d.customerId ? <Link to={customerPath(d.customerId)}>{d.customerName}</Link> : '—'}</Descriptions.Item>
              <Descriptions.Item label="安装地址">{text(d.address)}</Descriptions.Item>
              <Descriptions.Item label="设备状态">
                <StatusTag status={d.status} />
              </Descriptions.Item>
              <Descriptions.Item label="购买日期">{text(d.purchaseDate)}</Descriptions.Item>
              <Descriptions.Item label="安装日期">{text(d.installDate)}</Descriptions.Item>
              <Descriptions.Item label="保修期">
                {period}（自{labelOf(WARRANTY_START_TYPES, d.warrantyStartType)}起）
              </Descriptions.Item>
              <Descriptions.Item label="保修状态">
                <WarrantyTag state={d.warrantyState} end={d.coverageEnd} />
              </Descriptions.Item>
              <Descriptions.Item label="创建时间">{d.create_time}</Descriptions.Item>
              <Descriptions.Item label="备注">{text(d.remark)}</Descriptions.Item>
            </Descriptions>
            <ExtFieldView fields={d.extFields as never} title="自定义字段" />
          </Col>
          <Col xs={24} lg={6} style={{ textAlign: 'center' }}>
            <ProductQrCode id={d.id} name={d.name} serialNumber={d.serialNumber} qrLink={d.qrLink} />
          </Col>
        </Row>
      </Card>
      <Card size="small" title="服务记录" style={{ marginTop: 12 }}>
        <History id={d.id} />
      </Card>
      <InstalledFormDialog open={editing} id={d.id} onClose={() => setEditing(false)} onSaved={onChanged} />
    </>
  );
}
