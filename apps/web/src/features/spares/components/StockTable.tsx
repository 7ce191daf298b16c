import type { StockRow } from '@sk/shared/spares/spares.contract';
import { Button, Form, InputNumber, Tag } from 'antd';
import { useState } from 'react';
import { type ListColumn, ListPage, RecordFormDialog } from '../../../components';
import type { ReadFetcher } from '../../../components';
import { invalidate, useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { S } from '../api';
import { label, WAREHOUSE_KINDS } from '../options';
import { WarehouseSelect } from './Selects';

/** Stock rows (warehouse × spare) on ListPage; the keeper sets a row's safety stock. */
export function StockTable(p: {
  title: string;
  fetch: ReadFetcher<StockRow>;
  editable?: boolean;
  warehouseFilter?: boolean;
  toolbar?: React.ReactNode;
  initialQuery?: Record<string, unknown>;
}) {
  const [safety, setSafety] = useState<StockRow | null>(null);
  const save = useApiMutation(S.setSafety, { onSuccess: () => invalidate(S.stockList, S.warningList, S.mine) });
  const columns: ListColumn<StockRow>[] = [
    { key: 'spareCode', dataIndex: 'spareCode', title: '备件编号' },
    { key: 'spareName', dataIndex: 'spareName', title: '备件名称' },
    { key: 'model', dataIndex: 'model', title: '规格型号', render: (v: string) => v || '—' },
    { key: 'warehouseName', dataIndex: 'warehouseName', title: '仓库' },
    { key: 'warehouseKind', dataIndex: 'warehouseKind', title: '仓库类型', render: (v: number) => label(WAREHOUSE_KINDS, v) },
    {
      key: 'quantity',
      dataIndex: 'quantity',
      title: '库存',
      render: (v: number, r) => (v < r.safety ? <Tag color="red">{`${v} ${r.unit}`}</Tag> : `${v} ${r.unit}`),
    },
    { key: 'reserved', dataIndex: 'reserved', title: '已预留' },
    { key: 'available', dataIndex: 'available', title: '可用', render: (v: number, r) => `${v} ${r.unit}` },
    { key: 'safety', dataIndex: 'safety', title: '安全库存' },
    { key: 'update_time', dataIndex: 'update_time', title: '更新时间' },
    ...(p.editable
      ? [
          {
            key: 'actions',
            title: '操作',
            fixed: 'right' as const,
            width: 120,
            render: (_: unknown, r: StockRow) => (
              <Button type="link" size="small" onClick={() => setSafety(r)}>
                安全库存
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <ListPage<StockRow>
        title={p.title}
        columns={columns}
        fetch={p.fetch}
        rowKey={(r) => `${r.warehouseId}-${r.spareId}`}
        sort={false}
        initialQuery={p.initialQuery}
        keywordPlaceholder="请输入备件编号或名称"
        phoneCard={['spareName', 'warehouseName', 'quantity', 'available', 'safety']}
        filters={
          p.warehouseFilter === false ? undefined : (
            <Form.Item name="warehouseId" label="仓库">
              <WarehouseSelect style={{ width: 200 }} aria-label="仓库筛选" />
            </Form.Item>
          )
        }
        toolbar={p.toolbar}
      />
      <RecordFormDialog<{ safety: number }>
        open={safety !== null}
        title={`安全库存：${safety?.spareName ?? ''}（${safety?.warehouseName ?? ''}）`}
        initialValues={{ safety: safety?.safety ?? 0 }}
        onClose={() => setSafety(null)}
        onSubmit={(v) => save.mutateAsync({ warehouseId: safety?.warehouseId as number, spareId: safety?.spareId as number, safety: v.safety ?? 0 })}
      >
        <Form.Item name="safety" label="安全库存" rules={rulesOf(S.setSafety.body.shape.safety, { required: '请输入安全库存' })}>
          <InputNumber min={0} precision={0} />
        </Form.Item>
      </RecordFormDialog>
    </>
  );
}
