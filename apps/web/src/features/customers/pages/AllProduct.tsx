import { PlusOutlined } from '@ant-design/icons';
import { WARRANTY_START_TYPES, WARRANTY_UNITS } from '@sk/shared/customers/customers.constants';
import type { ProductModel } from '@sk/shared/customers/products.contract';
import { App, Button, Card, Space } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { FilterSelect, type ListColumn, ListPage } from '../../../components';
import { call } from '../../../lib/api';
import { useApi } from '../../../lib/query';
import { pagedFetcher, productContract } from '../api';
import { ModelFormDialog } from '../components/ModelFormDialog';
import { labelOf, modelPath } from '../options';

const fetchModels = pagedFetcher<ProductModel>(productContract.productList);
const text = (v: string | null) => v || '—';

export const periodText = (m: Pick<ProductModel, 'warrantyPeriod' | 'warrantyUnit'>): string =>
  m.warrantyPeriod ? `${m.warrantyPeriod}${labelOf(WARRANTY_UNITS, m.warrantyUnit)}` : '无保修';

/** 产品库: the product catalogue (models with brand, category, warranty), create, edit, delete. */
export default function AllProduct() {
  const { modal } = App.useApp();
  const categories = useApi(productContract.productCategories);
  const [editing, setEditing] = useState<ProductModel | 'new' | null>(null);

  const remove = (m: ProductModel) =>
    modal.confirm({
      title: '删除产品',
      content: `确认删除产品“${m.name}”吗？`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => call(productContract.productDelete, { ids: [m.id] }, { successToast: true }).catch(() => {}),
    });

  const columns: ListColumn<ProductModel>[] = [
    { key: 'name', dataIndex: 'name', title: '产品名称', render: (v: string, m) => <Link to={modelPath(m.id)}>{v}</Link> },
    { key: 'brand', dataIndex: 'brand', title: '品牌', render: text },
    { key: 'model', dataIndex: 'model', title: '型号', render: text },
    { key: 'category', dataIndex: 'category', title: '产品分类', render: text },
    { key: 'warrantyPeriod', dataIndex: 'warrantyPeriod', title: '保修期', render: (_: unknown, m) => periodText(m) },
    { key: 'warrantyStartType', dataIndex: 'warrantyStartType', title: '保修起算', render: (v: number) => labelOf(WARRANTY_START_TYPES, v) },
    { key: 'installedCount', dataIndex: 'installedCount', title: '在用设备数' },
    { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 130,
      render: (_: unknown, m) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(m)}>
            编辑
          </Button>
          <Button type="link" size="small" danger onClick={() => remove(m)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card title="产品库" size="small">
      <ListPage<ProductModel>
        title="产品库"
        columns={columns}
        fetch={fetchModels}
        sort={false}
        keywordPlaceholder="请输入产品名称、品牌或型号"
        filters={<FilterSelect name="category" label="产品分类" width={180} options={(categories.data ?? []).map((c) => ({ value: c, label: c }))} />}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新建产品
          </Button>
        }
        onDelete={(ids) => call(productContract.productDelete, { ids: ids.map(Number) })}
      />
      <ModelFormDialog open={editing !== null} model={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
