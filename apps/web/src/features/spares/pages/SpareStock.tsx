import { PlusOutlined } from '@ant-design/icons';
import type { Warehouse } from '@sk/shared/spares/spares.contract';
import { Button, Card, Form, Input, Select, Switch, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { FilterSelect, type ListColumn, ListPage, RecordFormDialog } from '../../../components';
import { invalidate, useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { fetchStock, fetchWarehouses, S } from '../api';
import { DocDialog } from '../components/DocDialog';
import { StockTable } from '../components/StockTable';
import { label, WAREHOUSE_KIND_OPTIONS, WAREHOUSE_KINDS } from '../options';

interface WhValues {
  name: string;
  kind: number;
  ownerId?: number | null;
  enabled: boolean;
}

function Warehouses() {
  const [editing, setEditing] = useState<Warehouse | 'new' | null>(null);
  const save = useApiMutation(S.warehouseSave, { onSuccess: () => invalidate(S.warehouseList) });
  const w = editing === 'new' ? null : editing;
  const columns: ListColumn<Warehouse>[] = [
    { key: 'name', dataIndex: 'name', title: '仓库名称' },
    { key: 'kind', dataIndex: 'kind', title: '类型', render: (v: number) => label(WAREHOUSE_KINDS, v) },
    { key: 'ownerName', dataIndex: 'ownerName', title: '所属工程师', render: (v: string | null) => v ?? '—' },
    { key: 'enabled', dataIndex: 'enabled', title: '状态', render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? '启用' : '停用'}</Tag> },
    { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 90,
      render: (_: unknown, r) => (
        <Button type="link" size="small" onClick={() => setEditing(r)}>
          编辑
        </Button>
      ),
    },
  ];
  return (
    <>
      <ListPage<Warehouse>
        title="仓库"
        routeKey="/spareStock/warehouses"
        columns={columns}
        fetch={fetchWarehouses}
        sort={false}
        keywordPlaceholder="请输入仓库名称"
        filters={<FilterSelect name="kind" label="类型" width={140} ariaLabel="仓库类型筛选" options={WAREHOUSE_KIND_OPTIONS} />}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新建仓库
          </Button>
        }
      />
      <RecordFormDialog<WhValues>
        open={editing !== null}
        title={w ? '编辑仓库' : '新建仓库'}
        initialValues={w ? { name: w.name, kind: w.kind, ownerId: w.ownerId, enabled: w.enabled } : { kind: 1, enabled: true }}
        onClose={() => setEditing(null)}
        onSubmit={(v) =>
          save.mutateAsync({ id: w?.id, name: v.name, kind: v.kind, ownerId: v.ownerId ?? null, keeperId: w?.keeperId ?? null, enabled: v.enabled })
        }
      >
        <Form.Item name="name" label="仓库名称" rules={rulesOf(S.warehouseSave.body.shape.name)}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="kind" label="类型" rules={rulesOf(S.warehouseSave.body.shape.kind, { required: '请选择类型' })}>
          <Select options={WAREHOUSE_KIND_OPTIONS.filter((o) => o.value !== 4 || w?.kind === 4)} aria-label="仓库类型" />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </RecordFormDialog>
    </>
  );
}

/** 备件库存: stock per warehouse and spare (filters, safety stock), and the warehouses themselves. */
export default function SpareStock() {
  const [filing, setFiling] = useState<6 | 7 | null>(null);
  return (
    <Card title="备件库存" size="small">
      <Tabs
        items={[
          {
            key: 'stock',
            label: '库存',
            children: (
              <StockTable
                title="备件库存"
                fetch={fetchStock}
                editable
                toolbar={
                  <>
                    <Button type="primary" onClick={() => setFiling(6)}>
                      入库
                    </Button>
                    <Button onClick={() => setFiling(7)}>出库</Button>
                  </>
                }
              />
            ),
          },
          { key: 'warehouses', label: '仓库', children: <Warehouses /> },
        ]}
      />
      {filing ? <DocDialog kind={filing} open onClose={() => setFiling(null)} /> : null}
    </Card>
  );
}
