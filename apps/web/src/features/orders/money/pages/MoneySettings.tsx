import { PlusOutlined } from '@ant-design/icons';
import { formsContract } from '@sk/shared/forms/forms.contract';
import type { MoneyItemRow } from '@sk/shared/forms/forms.views';
import { moneyItemContract } from '@sk/shared/forms/preferences.contract';
import { type ReceiveAccountRow, saveReceiveBody } from '@sk/shared/orders/order.money.contract';
import { PAYMENT_METHODS } from '@sk/shared/orders/orders.constants';
import { App, Button, Card, Form, Input, InputNumber, Select, Space, Switch, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { FilterSelect, type ListColumn, ListPage, RecordFormDialog, withReads } from '../../../../components';
import type { ListQuery, ListResult } from '../../../../components/list/useListData';
import { call } from '../../../../lib/api';
import { labelOptions } from '../../../../lib/options';
import { useApi } from '../../../../lib/query';
import { rulesOf } from '../../../../lib/zodRules';
import { moneyContract as M, yuanText } from '../api';

/** A fee item's and a collection account's fields as the contracts check them: the forms' rules are the contracts'. */
const MB = moneyItemContract.save.body.shape;
const RB = saveReceiveBody.shape;

const METHOD_OPTIONS = labelOptions(PAYMENT_METHODS);

/** One page of an array the server answers whole (both lists are small: per enterprise, by order type). */
function pageOf<T>(all: T[], q: ListQuery, text: (r: T) => string): ListResult<T> {
  const kw = String(q.keyword ?? '').trim();
  const hits = kw ? all.filter((r) => text(r).includes(kw)) : all;
  return { list: hits.slice(q.pageIndex * q.pageSize, (q.pageIndex + 1) * q.pageSize), count: hits.length };
}

// Both lists name their read: a save or delete refreshes them through staleAfter (../api.ts).
const fetchItems = withReads(
  async (q: ListQuery) => pageOf(await call(moneyItemContract.list, { tmpId: (q.tmpId as number | undefined) ?? undefined }), q, (r) => r.name),
  moneyItemContract.list,
);
const fetchAccounts = withReads(async (q: ListQuery) => pageOf(await call(M.receiveList), q, (r) => r.name), M.receiveList);

function useOrderTypes() {
  const q = useApi(formsContract.tempList, { pageIndex: 0, pageSize: 100 });
  return (q.data?.list ?? []).map((t) => ({ value: t.id, label: t.name }));
}

type ItemValues = { tmpId: number; name: string; price: number; unit?: string };

function ItemDialog({ row, types, onClose }: { row: MoneyItemRow | null; types: { value: number; label: string }[]; onClose: () => void }) {
  const submit = async (v: ItemValues) => {
    const body = { name: v.name, price: v.price, unit: v.unit ?? '' };
    if (row) await call(moneyItemContract.update, { id: row.id, ...body }, { successToast: true });
    else await call(moneyItemContract.save, { tmpId: v.tmpId, ...body }, { successToast: true });
  };
  return (
    <RecordFormDialog<ItemValues>
      open
      title={row ? '编辑收费项目' : '新增收费项目'}
      initialValues={row ? { tmpId: row.templateId, name: row.name, price: row.price, unit: row.unit } : { price: 0 }}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item name="tmpId" label="工单类型" rules={rulesOf(MB.tmpId, { required: '请选择工单类型' })}>
        <Select options={types} disabled={!!row} placeholder="请选择工单类型" />
      </Form.Item>
      <Form.Item name="name" label="收费项目名称" rules={rulesOf(MB.name)}>
        <Input placeholder="如：上门费、材料费" />
      </Form.Item>
      <Space>
        <Form.Item name="price" label="单价（元）" rules={rulesOf(MB.price, { required: '请输入单价' })}>
          <InputNumber min={0} max={99_999_999} precision={2} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="unit" label="单位" rules={rulesOf(MB.unit)}>
          <Input style={{ width: 120 }} placeholder="次、件、小时" />
        </Form.Item>
      </Space>
    </RecordFormDialog>
  );
}

function MoneyItemsTab() {
  const { modal } = App.useApp();
  const types = useOrderTypes();
  const [editing, setEditing] = useState<MoneyItemRow | null | 'new'>(null);
  const remove = (ids: number[]) => call(moneyItemContract.delete, { ids }, { successToast: true });
  const columns: ListColumn<MoneyItemRow>[] = [
    { key: 'name', dataIndex: 'name', title: '收费项目' },
    { key: 'templateName', dataIndex: 'templateName', title: '工单类型', render: (v: string) => <Tag>{v}</Tag> },
    { key: 'price', dataIndex: 'price', title: '单价', render: (v: number, r: MoneyItemRow) => `${yuanText(v)}${r.unit ? ` / ${r.unit}` : ''}` },
    { key: 'createTime', dataIndex: 'createTime', title: '创建时间' },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 140,
      render: (_: unknown, r: MoneyItemRow) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              modal.confirm({
                title: '删除收费项目',
                content: `确认删除“${r.name}”吗？删除后可在回收站恢复。`,
                okText: '删除',
                okButtonProps: { danger: true },
                cancelText: '取消',
                onOk: () => remove([r.id]),
              })
            }
          >
            删除
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <>
      <ListPage<MoneyItemRow>
        title="收费项目"
        routeKey="/moneySettings/items"
        columns={columns}
        sort={false}
        searchPlans={false}
        keywordPlaceholder="请输入收费项目名称"
        phoneCard={['name', 'templateName', 'price', 'actions']}
        filters={<FilterSelect name="tmpId" label="工单类型" width={180} options={types} />}
        fetch={fetchItems}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新增收费项目
          </Button>
        }
        onDelete={(ids) => remove(ids.map(Number))}
      />
      {editing ? <ItemDialog row={editing === 'new' ? null : editing} types={types} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

type AccountValues = { name: string; method: number; account?: string; enabled: boolean; templateIds: number[] };

function AccountDialog({ row, types, onClose }: { row: ReceiveAccountRow | null; types: { value: number; label: string }[]; onClose: () => void }) {
  const submit = async (v: AccountValues) => {
    await call(M.receiveSave, { ...(row ? { id: row.id } : {}), ...v, account: v.account ?? '' }, { successToast: true });
  };
  return (
    <RecordFormDialog<AccountValues>
      open
      title={row ? '编辑收款账户' : '新增收款账户'}
      initialValues={row ?? { method: 1, enabled: true, templateIds: [] }}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item name="name" label="账户名称" rules={rulesOf(RB.name)}>
        <Input placeholder="如：对公账户、现金" />
      </Form.Item>
      <Form.Item name="method" label="收款方式" rules={rulesOf(RB.method, { required: '请选择收款方式' })}>
        <Select options={METHOD_OPTIONS} />
      </Form.Item>
      <Form.Item name="account" label="收款账号" rules={rulesOf(RB.account)}>
        <Input placeholder="开户行及账号，或收款说明" />
      </Form.Item>
      <Form.Item name="templateIds" label="适用工单类型" extra="不选表示适用全部工单类型">
        <Select mode="multiple" allowClear options={types} placeholder="全部工单类型" />
      </Form.Item>
      <Form.Item name="enabled" label="启用" valuePropName="checked">
        <Switch />
      </Form.Item>
    </RecordFormDialog>
  );
}

function AccountsTab() {
  const types = useOrderTypes();
  const [editing, setEditing] = useState<ReceiveAccountRow | null | 'new'>(null);
  const columns: ListColumn<ReceiveAccountRow>[] = [
    { key: 'name', dataIndex: 'name', title: '账户名称' },
    { key: 'method', dataIndex: 'method', title: '收款方式', render: (v: number) => PAYMENT_METHODS[v as keyof typeof PAYMENT_METHODS] },
    { key: 'account', dataIndex: 'account', title: '收款账号', render: (v: string) => v || '—' },
    {
      key: 'templateNames',
      dataIndex: 'templateNames',
      title: '适用工单类型',
      render: (v: string[]) => (v.length ? v.map((n) => <Tag key={n}>{n}</Tag>) : '全部'),
    },
    { key: 'enabled', dataIndex: 'enabled', title: '状态', render: (v: boolean) => (v ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 100,
      render: (_: unknown, r: ReceiveAccountRow) => (
        <Button type="link" size="small" onClick={() => setEditing(r)}>
          编辑
        </Button>
      ),
    },
  ];
  return (
    <>
      <ListPage<ReceiveAccountRow>
        title="收款账户"
        routeKey="/moneySettings/accounts"
        columns={columns}
        sort={false}
        searchPlans={false}
        keywordPlaceholder="请输入账户名称"
        phoneCard={['name', 'method', 'account', 'actions']}
        fetch={fetchAccounts}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新增收款账户
          </Button>
        }
        onDelete={(ids) => call(M.receiveDelete, { ids: ids.map(Number) }, { successToast: true })}
      />
      {editing ? <AccountDialog row={editing === 'new' ? null : editing} types={types} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

/** 收费设置: the money (fee) items of every order type and the collection accounts. */
export default function MoneySettings() {
  return (
    <Card title="收费设置" size="small">
      <Tabs
        items={[
          { key: 'items', label: '收费项目', children: <MoneyItemsTab /> },
          { key: 'accounts', label: '收款账户', children: <AccountsTab /> },
        ]}
      />
    </Card>
  );
}
