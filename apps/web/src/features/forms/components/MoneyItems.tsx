import { PlusOutlined } from '@ant-design/icons';
import { moneyItemContract } from '@sk/shared/forms/preferences.contract';
import type { MoneyItemRow } from '@sk/shared/forms/forms.views';
import { Button, Form, Input, InputNumber, Modal, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { RecordFormDialog } from '../../../components';
import { call } from '../../../lib/api';
import { apiKey, queryClient, useApi } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { recycleBinLocked } from '../designer/RecycleBin';

const M = moneyItemContract.save.body.shape;

interface Values {
  name: string;
  price: number;
  unit?: string;
}

const refresh = async () => {
  for (const ep of [moneyItemContract.list, moneyItemContract.tmpDeleteList, moneyItemContract.tmpDeleteListCount]) {
    await queryClient.invalidateQueries({ queryKey: apiKey(ep) });
  }
};

function ItemDialog({ row, onClose, onSave }: { row: MoneyItemRow | null; onClose: () => void; onSave: (v: Values) => Promise<void> }) {
  return (
    <RecordFormDialog<Values>
      open
      title={row ? '编辑收费项目' : '新增收费项目'}
      name="skMoneyItemForm"
      initialValues={row ? { name: row.name, price: row.price, unit: row.unit } : { price: 0 }}
      onSubmit={onSave}
      onClose={onClose}
    >
      <Form.Item name="name" label="收费项目名称" rules={rulesOf(M.name)}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="price" label="单价（元）" rules={rulesOf(M.price, { required: '请输入单价' })}>
        <InputNumber min={0} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="unit" label="单位">
        <Input maxLength={10} placeholder="如：次、小时" />
      </Form.Item>
    </RecordFormDialog>
  );
}

function Deleted({ tmpId, onClose }: { tmpId: number; onClose: () => void }) {
  const list = useApi(moneyItemContract.tmpDeleteList, { tmpId, pageIndex: 0, pageSize: 100 });
  return (
    <Modal open title="已删除的收费项目" footer={null} onCancel={onClose} width={620} destroyOnHidden>
      <Table<MoneyItemRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={list.data ?? []}
        locale={{ emptyText: '回收站是空的' }}
        columns={[
          { key: 'name', title: '名称', dataIndex: 'name' },
          { key: 'price', title: '单价', dataIndex: 'price' },
          { key: 'deleteTime', title: '删除时间', dataIndex: 'deleteTime' },
          {
            key: 'op',
            title: '操作',
            render: (_: unknown, r: MoneyItemRow) => (
              <Button
                type="link"
                size="small"
                onClick={() => call(moneyItemContract.returnTmp, { ids: [r.id] }, { successToast: true }).then(refresh, () => {})}
              >
                恢复
              </Button>
            ),
          },
        ]}
      />
    </Modal>
  );
}

/** An order type's money (fee) items, with their own recycle bin. */
export function MoneyItems({ tmpId }: { tmpId: number }) {
  const list = useApi(moneyItemContract.list, { tmpId });
  const [editing, setEditing] = useState<MoneyItemRow | null | undefined>(undefined);
  const [bin, setBin] = useState(false);
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          新增收费项目
        </Button>
        <Button onClick={() => !recycleBinLocked() && setBin(true)}>回收站</Button>
      </Space>
      <Table<MoneyItemRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { key: 'name', title: '收费项目', dataIndex: 'name' },
          { key: 'price', title: '单价（元）', dataIndex: 'price', render: (p: number) => p.toFixed(2) },
          { key: 'unit', title: '单位', dataIndex: 'unit' },
          {
            key: 'op',
            title: '操作',
            render: (_: unknown, r: MoneyItemRow) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(r)}>
                  编辑
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => call(moneyItemContract.delete, { ids: [r.id] }, { successToast: true }).then(refresh, () => {})}
                >
                  删除
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Typography.Text type="secondary">删除的收费项目可在回收站恢复。</Typography.Text>
      {editing !== undefined ? (
        <ItemDialog
          row={editing}
          onClose={() => setEditing(undefined)}
          onSave={async (v) => {
            const body = { name: v.name.trim(), price: v.price, unit: v.unit?.trim() ?? '' };
            if (editing) await call(moneyItemContract.update, { id: editing.id, ...body }, { successToast: true });
            else await call(moneyItemContract.save, { tmpId, ...body }, { successToast: true });
            await refresh();
          }}
        />
      ) : null}
      {bin ? <Deleted tmpId={tmpId} onClose={() => setBin(false)} /> : null}
    </>
  );
}
