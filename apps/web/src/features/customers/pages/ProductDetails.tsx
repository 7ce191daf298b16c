import { EditOutlined } from '@ant-design/icons';
import { WARRANTY_START_TYPES } from '@sk/shared/customers/customers.constants';
import type { InstalledProduct } from '@sk/shared/customers/products.contract';
import { Button, Card, Descriptions, Space, Spin } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EmptyState, FileLink, ListPage } from '../../../components';
import { defaultFileUrl } from '@sk/shared/forms/present';
import { invalidate, useApi } from '../../../lib/query';
import { pagedFetcher, productContract } from '../api';
import { installedColumns } from '../components/installedColumns';
import { ModelFormDialog } from '../components/ModelFormDialog';
import { usePaidAction } from '../hooks';
import { labelOf } from '../options';
import { periodText } from './AllProduct';

// The product goes as the list's params: each product's units are cached under their own key.
const fetchUnits = pagedFetcher<InstalledProduct>(productContract.productionList);

/** /allProduct/Productdetails/:id — a catalogue product: its data, pictures, documents and the installed units. */
export default function ProductDetails() {
  const id = Number(useParams().id);
  const detail = useApi(productContract.productDetail, { id }, { enabled: id > 0, staleTime: 0 });
  const [editing, setEditing] = useState(false);
  const [showUnits, setShowUnits] = useState(false);
  const paid = usePaidAction();
  if (detail.isPending && id > 0) return <Spin style={{ display: 'block', margin: 48 }} />;
  const m = detail.data;
  if (!m) return <EmptyState description="产品不存在或已删除" />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card
        size="small"
        title={m.name}
        extra={
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            编辑
          </Button>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label="品牌">{m.brand || '—'}</Descriptions.Item>
          <Descriptions.Item label="型号">{m.model || '—'}</Descriptions.Item>
          <Descriptions.Item label="产品分类">{m.category || '—'}</Descriptions.Item>
          <Descriptions.Item label="保修期">{periodText(m)}</Descriptions.Item>
          <Descriptions.Item label="保修起算">{labelOf(WARRANTY_START_TYPES, m.warrantyStartType)}</Descriptions.Item>
          <Descriptions.Item label="在用设备数">{m.installedCount}</Descriptions.Item>
          <Descriptions.Item label="创建时间">{m.create_time}</Descriptions.Item>
          <Descriptions.Item label="备注" span={2}>
            {m.remark || '—'}
          </Descriptions.Item>
          <Descriptions.Item label="产品图片" span="filled">
            {m.images.length ? (
              <Space wrap>
                {m.images.map((f) => (
                  <FileLink key={f} url={defaultFileUrl(f)} name={`图片${f}.png`} thumb={72} />
                ))}
              </Space>
            ) : (
              '—'
            )}
          </Descriptions.Item>
          <Descriptions.Item label="产品资料" span="filled">
            {m.documents.length ? (
              <Space wrap>
                {m.documents.map((f) => (
                  <FileLink key={f} url={defaultFileUrl(f)} name={`资料${f}`} />
                ))}
              </Space>
            ) : (
              '—'
            )}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title="在用设备" extra={showUnits ? null : <Button onClick={() => paid('productManage') && setShowUnits(true)}>查看在用设备</Button>}>
        {showUnits ? (
          <ListPage<InstalledProduct>
            title={`${m.name}在用设备`}
            routeKey="allProduct:units"
            columns={installedColumns(true)}
            fetch={fetchUnits}
            params={{ productId: id }}
            selectable={false}
          />
        ) : (
          <EmptyState description={`共${m.installedCount}台设备使用该产品`} />
        )}
      </Card>
      <ModelFormDialog open={editing} model={m} onClose={() => setEditing(false)} onSaved={() => invalidate(productContract.productDetail)} />
    </Space>
  );
}
