import { PlusOutlined } from '@ant-design/icons';
import { ORDER_KIND } from '@sk/shared/forms/forms.constants';
import type { TemplateRow } from '@sk/shared/forms/forms.views';
import { Button, Card, Form, Input, Modal, Space, Switch, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { call } from '../../../lib/api';
import { useApi } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { POWERS } from '@sk/shared/auth/powers';
import { formsContract, refreshForms } from '../api';
import { RecycleBinList } from '../components/RecycleBinList';

const ALL = { pageIndex: 0, pageSize: 100 };
const TABS = [
  { key: 'orderType', label: '工单类型' },
  { key: 'recycleBin', label: '字段回收站' },
];

export const beta = (t: { id: number; name: string }) =>
  `/templateCenter/processSetting/customFormbeta?tmpId=${t.id}&type=${ORDER_KIND}&tmpName=${encodeURIComponent(t.name)}`;
export const processSetting = (t: { id: number; name: string }) =>
  `/templateCenter/processSetting?id=${t.id}&templateName=${encodeURIComponent(t.name)}&orderType=${t.id}&sys_code=order`;

function NameDialog({ title, initial, onCancel, onOk }: { title: string; initial: string; onCancel: () => void; onOk: (name: string) => Promise<void> }) {
  const [form] = Form.useForm<{ name: string }>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={title}
      okText="保存"
      cancelText="取消"
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={async () => {
        const { name } = await form.validateFields();
        setBusy(true);
        try {
          await onOk(name.trim());
        } catch {
          // the request client has shown why
        } finally {
          setBusy(false);
        }
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ name: initial }}>
        <Form.Item name="name" label="工单类型名称" rules={[{ required: true, whitespace: true, message: '请输入模板名称' }, { max: 30, message: '模板名称不能超过30个字' }]}>
          <Input maxLength={30} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Order types: create, rename, enable or disable, reorder; each links to its fields and process settings. */
function OrderTypes() {
  const list = useApi(formsContract.tempList, ALL);
  const rows = list.data?.list ?? [];
  const [dialog, setDialog] = useState<{ mode: 'add' } | { mode: 'rename'; row: TemplateRow } | null>(null);

  const run = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch {
      return;
    }
    await refreshForms();
  };
  const reorder = (index: number, by: number) => {
    const ids = rows.map((r) => r.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id as number);
    void run(call(formsContract.tempSort, { ids }, { successToast: true }));
  };

  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add' })}>
          新建工单类型
        </Button>
      </Space>
      <Table<TemplateRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'sort', title: '序号', width: 70, render: (_: unknown, __: TemplateRow, i: number) => i + 1 },
          {
            key: 'name',
            title: '工单类型名称',
            dataIndex: 'name',
            render: (n: string, r: TemplateRow) => (
              <Space>
                <Link to={beta(r)}>{n}</Link>
                {r.isDefault ? <Tag color="blue">默认</Tag> : null}
              </Space>
            ),
          },
          { key: 'fieldCount', title: '自定义字段数', dataIndex: 'fieldCount', width: 120 },
          { key: 'version', title: '版本', dataIndex: 'version', width: 80, render: (v: number) => `v${v}` },
          {
            key: 'enabled',
            title: '状态',
            dataIndex: 'enabled',
            width: 100,
            render: (on: boolean, r: TemplateRow) => (
              <Switch
                checked={on}
                checkedChildren="启用"
                unCheckedChildren="停用"
                aria-label={`${r.name}状态`}
                disabled={r.isDefault}
                onChange={(enabled) => void run(call(formsContract.tempEnable, { id: r.id, enabled }, { successToast: true }))}
              />
            ),
          },
          { key: 'updateTime', title: '更新时间', dataIndex: 'updateTime', width: 170 },
          {
            key: 'op',
            title: '操作',
            render: (_: unknown, r: TemplateRow, i: number) => (
              <Space size={0} wrap>
                <Link to={beta(r)}>
                  <Button type="link" size="small">
                    自定义字段
                  </Button>
                </Link>
                <Link to={processSetting(r)}>
                  <Button type="link" size="small">
                    流程设置
                  </Button>
                </Link>
                <Button type="link" size="small" onClick={() => setDialog({ mode: 'rename', row: r })}>
                  重命名
                </Button>
                <Button type="link" size="small" disabled={i === 0} onClick={() => reorder(i, -1)}>
                  上移
                </Button>
                <Button type="link" size="small" disabled={i === rows.length - 1} onClick={() => reorder(i, 1)}>
                  下移
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {dialog ? (
        <NameDialog
          title={dialog.mode === 'add' ? '新建工单类型' : '重命名工单类型'}
          initial={dialog.mode === 'rename' ? dialog.row.name : ''}
          onCancel={() => setDialog(null)}
          onOk={async (name) => {
            if (dialog.mode === 'add') await call(formsContract.tempAdd, { type: ORDER_KIND, name }, { successToast: true });
            else await call(formsContract.tempRename, { id: dialog.row.id, name }, { successToast: true });
            setDialog(null);
            await refreshForms();
          }}
        />
      ) : null}
    </>
  );
}

/** /templateCenter/:type?: order settings (spec part 2 §2); `type` is the tab. */
export default function TemplateCenter() {
  const { type } = useParams();
  const navigate = useNavigate();
  const tab = TABS.some((t) => t.key === type) ? (type as string) : 'orderType';
  const can = useCan();
  return (
    <Card
      title="工单设置"
      extra={
        can(POWERS.quickDeploy) ? (
          <Link to="/quickDeploy">
            <Button>按行业快速部署</Button>
          </Link>
        ) : null
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(k) => navigate(k === 'orderType' ? '/templateCenter' : `/templateCenter/${k}`)}
        items={TABS.map((t) => ({ ...t, children: t.key === 'orderType' ? <OrderTypes /> : <RecycleBinList kind={ORDER_KIND} /> }))}
        destroyOnHidden
      />
    </Card>
  );
}
