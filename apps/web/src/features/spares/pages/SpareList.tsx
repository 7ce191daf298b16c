import { PlusOutlined } from '@ant-design/icons';
import { POWERS } from '@sk/shared/auth/powers';
import type { SpareRow } from '@sk/shared/spares/spares.contract';
import { Button, Card, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { FilterSelect, type ListColumn, ListPage } from '../../../components';
import { call } from '../../../lib/api';
import { invalidate, useApi } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { fetchSpares, S } from '../api';
import { SpareDialog } from '../components/SpareDialog';

/** 备件列表: the catalogue of spare parts with their total stock. */
export default function SpareList() {
  const [editing, setEditing] = useState<SpareRow | 'new' | null>(null);
  const types = useApi(S.typeTree);
  const detail = useCan()(POWERS.spareDetail);
  const columns: ListColumn<SpareRow>[] = [
    { key: 'code', dataIndex: 'code', title: '备件编号', render: (v: string, r) => (detail ? <Link to={`/spareList/detail/${r.id}`}>{v}</Link> : v) },
    { key: 'name', dataIndex: 'name', title: '备件名称' },
    { key: 'model', dataIndex: 'model', title: '规格型号', render: (v: string) => v || '—' },
    { key: 'typeName', dataIndex: 'typeName', title: '分类', render: (v: string | null) => v ?? '未分类' },
    { key: 'unit', dataIndex: 'unit', title: '单位' },
    { key: 'salePrice', dataIndex: 'salePrice', title: '销售价（元）' },
    { key: 'costPrice', dataIndex: 'costPrice', title: '成本价（元）' },
    { key: 'totalQuantity', dataIndex: 'totalQuantity', title: '总库存' },
    { key: 'warranty', dataIndex: 'warranty', title: '保内备件', render: (v: boolean) => (v ? <Tag color="blue">是</Tag> : <Tag>否</Tag>) },
    { key: 'serialized', dataIndex: 'serialized', title: '序列号管理', render: (v: boolean) => (v ? '是' : '否') },
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
    <Card title="备件列表" size="small">
      <ListPage<SpareRow>
        title="备件列表"
        columns={columns}
        fetch={fetchSpares}
        sort={false}
        keywordPlaceholder="请输入备件编号或名称"
        phoneCard={['name', 'code', 'totalQuantity', 'salePrice', 'actions']}
        filters={<FilterSelect name="typeId" label="分类" width={180} options={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))} />}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新建备件
          </Button>
        }
        onDelete={(ids) => call(S.spareRemove, { ids: ids.map(Number) })}
      />
      <SpareDialog
        open={editing !== null}
        spare={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={() => invalidate(S.spareList)}
      />
    </Card>
  );
}
