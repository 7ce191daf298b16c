import { PlusOutlined } from '@ant-design/icons';
import type { ServiceItemRow, ServiceItemTypeRow } from '@sk/shared/orders/order.create.contract';
import { App, Button, Card, Space, Table, Tabs } from 'antd';
import { useState } from 'react';
import { FilterSelect, type ListColumn, ListPage } from '../../../components';
import { call } from '../../../lib/api';
import { useApi } from '../../../lib/query';
import { fetchItems, K } from './api';
import { ItemDialog, TypeDialog } from './ItemDialogs';

const money = (n: number) => `¥${n.toFixed(2)}`;

function Items({ types }: { types: ServiceItemTypeRow[] }) {
  const { modal } = App.useApp();
  const [editing, setEditing] = useState<ServiceItemRow | 'new' | null>(null);
  const remove = (r: ServiceItemRow) =>
    modal.confirm({
      title: '删除服务项目',
      content: `确认删除服务项目“${r.name}”吗？`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => call(K.itemDelete, { ids: [r.id] }, { successToast: true }).catch(() => {}),
    });

  const columns: ListColumn<ServiceItemRow>[] = [
    { key: 'name', dataIndex: 'name', title: '服务项目名称' },
    { key: 'typeName', dataIndex: 'typeName', title: '分类', render: (v: string | null) => v ?? '未分类' },
    { key: 'price', dataIndex: 'price', title: '价格', render: (v: number, r) => `${money(v)}${r.unit ? `/${r.unit}` : ''}` },
    { key: 'sort', dataIndex: 'sort', title: '排序' },
    { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 130,
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            编辑
          </Button>
          <Button type="link" size="small" danger onClick={() => remove(r)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<ServiceItemRow>
        title="服务项目"
        routeKey="/serviceItem"
        columns={columns}
        fetch={fetchItems}
        sort={false}
        searchPlans={false}
        keywordPlaceholder="请输入服务项目名称"
        phoneCard={['name', 'typeName', 'price', 'actions']}
        filters={<FilterSelect name="typeId" label="分类" width={180} options={types.map((t) => ({ value: t.id, label: t.name }))} />}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新建服务项目
          </Button>
        }
        onDelete={(ids) => call(K.itemDelete, { ids: ids.map(Number) })}
      />
      <ItemDialog open={editing !== null} item={editing === 'new' ? null : editing} types={types} onClose={() => setEditing(null)} />
    </>
  );
}

function Types({ types, loading }: { types: ServiceItemTypeRow[]; loading: boolean }) {
  const { modal } = App.useApp();
  const [editing, setEditing] = useState<ServiceItemTypeRow | 'new' | null>(null);
  const remove = (t: ServiceItemTypeRow) =>
    modal.confirm({
      title: '删除分类',
      content: `确认删除分类“${t.name}”吗？`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => call(K.itemTypeDelete, { id: t.id }, { successToast: true }).catch(() => {}),
    });
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 12 }} onClick={() => setEditing('new')}>
        新建分类
      </Button>
      <Table<ServiceItemTypeRow>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={types}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'name', title: '分类名称', dataIndex: 'name' },
          { key: 'itemCount', title: '服务项目数', dataIndex: 'itemCount', width: 120 },
          { key: 'sort', title: '排序', dataIndex: 'sort', width: 80 },
          {
            key: 'actions',
            title: '操作',
            width: 130,
            render: (_: unknown, t) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(t)}>
                  编辑
                </Button>
                <Button type="link" size="small" danger onClick={() => remove(t)}>
                  删除
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <TypeDialog open={editing !== null} type={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
    </>
  );
}

/** /serviceItem 服务项目: the catalogue orders pick service items from (serviceId), with its types. */
export default function ServiceItems() {
  const types = useApi(K.itemTypeList);
  const rows = types.data ?? [];
  return (
    <Card title="服务项目" size="small">
      <Tabs
        items={[
          { key: 'items', label: '服务项目', children: <Items types={rows} /> },
          { key: 'types', label: '项目分类', children: <Types types={rows} loading={types.isFetching} /> },
        ]}
      />
    </Card>
  );
}
