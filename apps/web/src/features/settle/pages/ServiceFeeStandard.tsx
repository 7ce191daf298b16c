import { PlusOutlined } from '@ant-design/icons';
import type { FeeStandardRow } from '@sk/shared/settle/settle.contract';
import { Button, Card, Tag } from 'antd';
import { useState } from 'react';
import { FilterSelect, type ListColumn, ListPage } from '../../../components';
import { call } from '../../../lib/api';
import { useUser } from '../../../lib/session';
import { F, fetchStandards, yuan } from '../api';
import { StandardDialog } from '../components/StandardDialog';

const band = (r: FeeStandardRow) => (r.distanceToKm == null ? `${r.distanceFromKm} 公里以上` : `${r.distanceFromKm}–${r.distanceToKm} 公里`);

/** 服务费标准: the rows that price a provider's completed order (× the provider's 结算系数). */
export default function ServiceFeeStandard() {
  const [editing, setEditing] = useState<FeeStandardRow | 'new' | null>(null);
  // The manufacturer keeps the standards; a provider's user reads them.
  const staff = useUser().userType !== 1;
  const columns: ListColumn<FeeStandardRow>[] = [
    { key: 'templateName', dataIndex: 'templateName', title: '服务类型', render: (v: string | null) => v ?? '全部类型' },
    { key: 'productCategory', dataIndex: 'productCategory', title: '产品分类', render: (v: string | null) => v ?? '全部产品' },
    { key: 'regionName', dataIndex: 'regionName', title: '区域', render: (v: string | null) => v ?? '全部区域' },
    { key: 'band', dataIndex: 'distanceFromKm', title: '距离', render: (_: unknown, r) => band(r) },
    { key: 'amountCents', dataIndex: 'amountCents', title: '服务费', render: (v: number) => yuan(v) },
    { key: 'enabled', dataIndex: 'enabled', title: '状态', render: (v: boolean) => (v ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>) },
    { key: 'remark', dataIndex: 'remark', title: '备注', render: (v: string | null) => v || '—' },
    { key: 'update_time', dataIndex: 'update_time', title: '更新时间' },
    ...(staff
      ? [
          {
            key: 'actions',
            title: '操作',
            fixed: 'right' as const,
            width: 90,
            render: (_: unknown, r: FeeStandardRow) => (
              <Button type="link" size="small" onClick={() => setEditing(r)}>
                编辑
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <Card
      title="服务费标准"
      size="small"
      extra={<span style={{ color: '#666' }}>工单完成时按最匹配的标准 × 服务商结算系数计价；修改标准不影响已计价的工单</span>}
    >
      <ListPage<FeeStandardRow>
        title="服务费标准"
        columns={columns}
        fetch={fetchStandards}
        sort={false}
        phoneCard={['templateName', 'amountCents', 'regionName', 'band', 'actions']}
        filters={
          <FilterSelect
            name="enabled"
            label="状态"
            width={140}
            options={[
              { value: '1', label: '启用' },
              { value: '0', label: '停用' },
            ]}
          />
        }
        toolbar={
          staff ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新建标准
            </Button>
          ) : null
        }
        onDelete={staff ? async (ids) => Promise.all(ids.map((id) => call(F.remove, { id: Number(id) }))) : undefined}
      />
      <StandardDialog open={editing !== null} row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
