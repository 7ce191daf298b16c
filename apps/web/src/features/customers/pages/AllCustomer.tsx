import { ImportOutlined, PlusOutlined, TagsOutlined } from '@ant-design/icons';
import { isPaid } from '@sk/shared/auth/plans';
import { POWERS } from '@sk/shared/auth/powers';
import { CUSTOMER_POWERS as P } from '@sk/shared/customers/customers.contract';
import { CUSTOMER_LEVELS, CUSTOMER_SOURCES } from '@sk/shared/customers/customers.constants';
import type { CustomerRow } from '@sk/shared/customers/customers.schema';
import { teamContract } from '@sk/shared/org/team.contract';
import { App, Button, Card, Form, Input, Space } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  DateRangePicker,
  FilterSelect,
  type ListColumn,
  ListPage,
  type ListPageHandle,
  type Person,
  PersonField,
  PersonLink,
  showFreeNotice,
  toast,
} from '../../../components';
import { call } from '../../../lib/api';
import { isChatClient } from '../../../lib/env';
import { useApi } from '../../../lib/query';
import { useCan, useUser } from '../../../lib/session';
import { customerContract, customerFetcher, exportCustomers, refreshCustomers } from '../api';
import { TagList, TagSelect } from '../components/TagSelect';
import { customerPath, labelOf } from '../options';

// Loaded when first opened: the list's first screen does not wait for the dialogs' code.
const CustomerFormDialog = lazy(() => import('../components/CustomerFormDialog').then((m) => ({ default: m.CustomerFormDialog })));
const ImportDialog = lazy(() => import('../components/ImportDialog').then((m) => ({ default: m.ImportDialog })));
const BatchTagDialog = lazy(() => import('../components/BatchTagDialog').then((m) => ({ default: m.BatchTagDialog })));

/** The filter panel's values as the list's query (the customer filters). */
export function customerFilterQuery(v: Record<string, unknown>): Record<string, unknown> {
  const { sales, created, ...rest } = v as { sales?: Person[]; created?: [string, string] | null };
  return { ...rest, businessUserId: sales?.[0]?.id, startCreateTime: created?.[0], endCreateTime: created?.[1] };
}

const text = (v: string | null) => v || '—';

function Filters() {
  const groups = useApi(teamContract.groupSimpleList);
  return (
    <>
      <Form.Item name="name" label="客户名称">
        <Input allowClear placeholder="客户名称" style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="phone" label="电话">
        <Input allowClear placeholder="客户电话" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="linkperson" label="联系人">
        <Input allowClear placeholder="联系人" style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="linkPersonPhone" label="联系人电话">
        <Input allowClear placeholder="联系人电话" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="mapName" label="地址">
        <Input allowClear placeholder="地址" style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="tagId" label="客户标签">
        <TagSelect single placeholder="全部" style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="sales" label="负责销售">
        <PersonField role={5} placeholder="选择销售" />
      </Form.Item>
      <FilterSelect name="serviceGroupId" label="服务团队" width={160} options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))} />
      <Form.Item name="created" label="创建时间">
        <DateRangePicker />
      </Form.Item>
      {isChatClient() ? (
        <Form.Item name="external_userid" label="外部联系人">
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
      ) : null}
    </>
  );
}

/** 全部客户: every filter of the spec, tags, batch tag and delete, import, export through the download centre. */
export default function AllCustomer() {
  const { modal } = App.useApp();
  const user = useUser();
  const can = useCan();
  const list = useRef<ListPageHandle>(null);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [tagging, setTagging] = useState<number[] | null>(null);

  const remove = (c: CustomerRow) =>
    modal.confirm({
      title: '删除客户',
      content: `确认删除“${c.name}”吗？该客户的联系人和地址将一并删除。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => call(customerContract.deleteCustomer, { id: c.id }, { successToast: true }).catch(() => {}),
    });

  const batchTag = () => {
    if (!isPaid(user.isChargeUser)) return void showFreeNotice('tags', user.customServicePhone);
    const ids = (list.current?.selectedKeys ?? []).map(Number);
    if (!ids.length) return toast.warning('请选择需要打标签的客户');
    setTagging(ids);
  };

  const columns: ListColumn<CustomerRow>[] = [
    { key: 'name', dataIndex: 'name', title: '客户名称', render: (v: string, r) => <Link to={customerPath(r.id)}>{v}</Link> },
    { key: 'code', dataIndex: 'code', title: '客户编号', render: text },
    { key: 'linkperson', dataIndex: 'linkperson', title: '联系人', render: text },
    { key: 'phone', dataIndex: 'phone', title: '联系电话', render: text },
    { key: 'address', dataIndex: 'address', title: '地址', width: 240, render: text },
    { key: 'tags', dataIndex: 'tags', title: '客户标签', render: (_: unknown, r) => <TagList tags={r.tags} /> },
    {
      key: 'businessUserName',
      dataIndex: 'businessUserName',
      title: '负责销售',
      render: (_: unknown, r) => (r.businessUserId ? <PersonLink id={r.businessUserId} name={r.businessUserName} /> : '—'),
    },
    { key: 'serviceGroupName', dataIndex: 'serviceGroupName', title: '服务团队', render: text },
    { key: 'level', dataIndex: 'level', title: '客户等级', render: (v: number | null) => labelOf(CUSTOMER_LEVELS, v) },
    { key: 'source', dataIndex: 'source', title: '客户来源', render: (v: number | null) => labelOf(CUSTOMER_SOURCES, v) },
    { key: 'createUserName', dataIndex: 'createUserName', title: '创建人', render: text },
    { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 130,
      render: (_: unknown, r) => (
        <Space size={0}>
          {can(P.edit) ? (
            <Button type="link" size="small" onClick={() => setEditing(r.id)}>
              编辑
            </Button>
          ) : null}
          {can(P.remove) ? (
            <Button type="link" size="small" danger onClick={() => remove(r)}>
              删除
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];
  const defaultColumns = ['name', 'linkperson', 'phone', 'address', 'tags', 'businessUserName', 'serviceGroupName', 'create_time', 'actions'];

  return (
    <Card title="全部客户" size="small">
      <ListPage<CustomerRow>
        ref={list}
        title="客户列表"
        columns={can(P.edit) || can(P.remove) ? columns : columns.filter((c) => c.key !== 'actions')}
        defaultColumns={defaultColumns}
        phoneCard={['name', 'linkperson', 'phone', 'address', 'actions']}
        fetch={customerFetcher}
        keywordPlaceholder="请输入客户名称"
        filters={<Filters />}
        mapFilters={customerFilterQuery}
        selectable={can(P.remove) || can(P.edit) || can(POWERS.export)}
        toolbar={
          <>
            {can(P.add) ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                新建客户
              </Button>
            ) : null}
            {can(P.import) ? (
              <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
                导入
              </Button>
            ) : null}
            {can(P.edit) ? (
              <Button icon={<TagsOutlined />} onClick={batchTag}>
                批量标签
              </Button>
            ) : null}
          </>
        }
        onExport={can(POWERS.export) ? ({ fileName, ids, query }) => exportCustomers(fileName, ids.map(Number), query) : undefined}
        onDelete={can(P.remove) ? (ids) => call(customerContract.delAllCustomer, { ids: ids.map(Number) }).then(refreshCustomers) : undefined}
      />
      <Suspense fallback={null}>
        {editing !== null && <CustomerFormDialog open customerId={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
        {importing && <ImportDialog open kind="customer" onClose={() => setImporting(false)} />}
        {tagging !== null && <BatchTagDialog open customerIds={tagging} onClose={() => setTagging(null)} />}
      </Suspense>
    </Card>
  );
}
