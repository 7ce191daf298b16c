import { PlusOutlined } from '@ant-design/icons';
import { MENU_GROUPS } from '@sk/shared/auth/menus';
import { POWER_LABELS } from '@sk/shared/auth/power-labels';
import { type CustomMenu as Row, customMenuBody, externalMenuUrl } from '@sk/shared/menu/menu.contract';
import { Button, Card, Form, Input, InputNumber, Popconfirm, Radio, Select, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { contractFetcher, type ListColumn, ListPage, RecordFormDialog } from '../../../components';
import { labelOptions } from '../../../lib/options';
import { useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { M } from '../api';

const fetchMenus = contractFetcher<Row>(M.customList);
const F = customMenuBody.shape;

export const FORM_TYPES: Record<number, string> = { 0: '外部链接', 1: '详情表单', 2: '列表' };
const groupOptions = MENU_GROUPS.map((g) => ({ value: g.id, label: g.name }));
const groupName = (id: number) => MENU_GROUPS.find((g) => g.id === id)?.name ?? `#${id}`;
const powerOptions = Object.entries(POWER_LABELS).map(([value, label]) => ({ value, label: `${label}（${value}）` }));

interface Values {
  name: string;
  parentId: number;
  form_type: 0 | 1 | 2;
  url?: string | null;
  power?: string | null;
  sort: number;
  enabled: boolean;
}

const bodyOf = (v: Values) => ({
  name: v.name,
  parentId: v.parentId,
  form_type: v.form_type,
  url: v.form_type === 0 ? (v.url ?? null) : null,
  power: v.power || null,
  sort: v.sort ?? 0,
  enabled: v.enabled,
});

function MenuDialog({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const create = useApiMutation(M.customSave);
  const update = useApiMutation(M.customUpdate);
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('form_type', form);
  const initial: Partial<Values> = row
    ? { name: row.name, parentId: row.parentId, form_type: row.form_type as 0 | 1 | 2, url: row.url, power: row.power, sort: row.sort, enabled: row.enabled }
    : { parentId: 1, form_type: 0, sort: 0, enabled: true };
  return (
    <RecordFormDialog<Values>
      open
      form={form}
      name="customMenu"
      title={row ? '编辑菜单' : '新建菜单'}
      initialValues={initial}
      onClose={onClose}
      onSubmit={async (v) => {
        if (row) await update.mutateAsync({ id: row.id, ...bodyOf(v) });
        else await create.mutateAsync(bodyOf(v));
      }}
    >
      <Form.Item name="name" label="菜单名称" rules={rulesOf(F.name)}>
        <Input maxLength={20} showCount />
      </Form.Item>
      <Form.Item name="parentId" label="所属分组" rules={rulesOf(F.parentId)}>
        <Select options={groupOptions} />
      </Form.Item>
      <Form.Item name="form_type" label="菜单类型" rules={rulesOf(F.form_type, { required: '请选择菜单类型' })}>
        <Radio.Group options={labelOptions(FORM_TYPES)} />
      </Form.Item>
      {kind === 0 ? (
        <Form.Item name="url" label="链接地址" rules={rulesOf(externalMenuUrl)}>
          <Input placeholder="https://" maxLength={500} />
        </Form.Item>
      ) : null}
      <Form.Item name="power" label="可见权限" extra="不选：能看到该分组的人都可见；选择后只有拥有该权限的角色可见">
        <Select allowClear showSearch optionFilterProp="label" placeholder="不限" options={powerOptions} />
      </Form.Item>
      <Space wrap>
        <Form.Item name="sort" label="排序（小的在前）" rules={rulesOf(F.sort)}>
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
    </RecordFormDialog>
  );
}

/** /customMenu 自定义菜单: the enterprise's own entries (DIY|{parentId}|{id}) in the side menu's groups. */
export default function CustomMenu() {
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const update = useApiMutation(M.customUpdate);
  const remove = useApiMutation(M.customDelete);
  const columns: ListColumn<Row>[] = [
    { key: 'name', dataIndex: 'name', title: '菜单名称' },
    { key: 'parentId', dataIndex: 'parentId', title: '所属分组', render: (v: number) => groupName(v) },
    { key: 'form_type', dataIndex: 'form_type', title: '菜单类型', render: (v: number) => FORM_TYPES[v] ?? v },
    {
      key: 'url',
      dataIndex: 'url',
      title: '链接地址',
      render: (v: string | null) =>
        v ? (
          <a href={v} target="_blank" rel="noopener noreferrer">
            {v}
          </a>
        ) : (
          '—'
        ),
    },
    { key: 'power', dataIndex: 'power', title: '可见权限', render: (v: string | null) => (v ? (POWER_LABELS[v] ?? v) : '不限') },
    { key: 'sort', dataIndex: 'sort', title: '排序' },
    {
      key: 'enabled',
      dataIndex: 'enabled',
      title: '状态',
      render: (v: boolean, r) => (
        <Space>
          <Switch
            size="small"
            checked={v}
            aria-label={v ? '停用' : '启用'}
            onChange={(on) => update.mutateAsync({ id: r.id, ...bodyOf({ ...r, form_type: r.form_type as 0, enabled: on }) }).catch(() => undefined)}
          />
          <Tag color={v ? 'success' : 'default'}>{v ? '启用' : '停用'}</Tag>
        </Space>
      ),
    },
    { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 120,
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            编辑
          </Button>
          <Popconfirm title="确认删除该菜单吗？" okText="确定" cancelText="取消" onConfirm={() => remove.mutateAsync({ ids: [r.id] }).catch(() => undefined)}>
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Card title="自定义菜单" size="small">
      <ListPage<Row>
        title="自定义菜单"
        columns={columns}
        fetch={fetchMenus}
        sort={false}
        searchPlans={false}
        selectable
        defaultColumns={['name', 'parentId', 'form_type', 'url', 'power', 'enabled', 'actions']}
        onDelete={(ids) => remove.mutateAsync({ ids: ids.map(Number) })}
        phoneCard={['name', 'parentId', 'form_type', 'enabled', 'actions']}
        filters={
          <Form.Item name="parentId" label="所属分组">
            <Select allowClear placeholder="全部" style={{ width: 160 }} options={groupOptions} />
          </Form.Item>
        }
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新建菜单
          </Button>
        }
      />
      {editing ? <MenuDialog row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
