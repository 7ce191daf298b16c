import { PlusOutlined } from '@ant-design/icons';
import type { TemplateRow } from '@sk/shared/forms/forms.views';
import { Button, Form, Input, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { RecordFormDialog } from '../../../components';
import { call } from '../../../lib/api';
import { useApi } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { formsContract, refreshForms } from '../api';

const ALL = { pageIndex: 0, pageSize: 100 };

function NameDialog({
  title,
  label,
  initial,
  onCancel,
  onOk,
}: {
  title: string;
  label: string;
  initial: string;
  onCancel: () => void;
  onOk: (name: string) => Promise<void>;
}) {
  return (
    <RecordFormDialog<{ name: string }>
      open
      title={title}
      name="skTemplateNameForm"
      initialValues={{ name: initial }}
      onSubmit={({ name }) => onOk(name.trim())}
      onClose={onCancel}
    >
      <Form.Item name="name" label={label} rules={rulesOf(formsContract.tempAdd.body.shape.name)}>
        <Input maxLength={30} autoFocus />
      </Form.Item>
    </RecordFormDialog>
  );
}

/** What differs between the template kinds that have several templates (order types, event templates). */
export interface TemplateKind {
  kind: number;
  /** 工单类型, 事件模板. */
  noun: string;
  list: typeof formsContract.tempList | typeof formsContract.eventTempList;
  fieldsPath: (t: TemplateRow) => string;
  processPath: (t: TemplateRow) => string;
}

/** A kind's templates: create, rename, enable or disable, reorder; each links to its fields and process settings. */
export function TemplateTypes({ kind, noun, list: listEndpoint, fieldsPath, processPath }: TemplateKind) {
  const list = useApi(listEndpoint, ALL);
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
          新建{noun}
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
            title: `${noun}名称`,
            dataIndex: 'name',
            render: (n: string, r: TemplateRow) => (
              <Space>
                <Link to={fieldsPath(r)}>{n}</Link>
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
                <Link to={fieldsPath(r)}>
                  <Button type="link" size="small">
                    自定义字段
                  </Button>
                </Link>
                <Link to={processPath(r)}>
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
          title={dialog.mode === 'add' ? `新建${noun}` : `重命名${noun}`}
          label={`${noun}名称`}
          initial={dialog.mode === 'rename' ? dialog.row.name : ''}
          onCancel={() => setDialog(null)}
          onOk={async (name) => {
            if (dialog.mode === 'add') await call(formsContract.tempAdd, { type: kind, name }, { successToast: true });
            else await call(formsContract.tempRename, { id: dialog.row.id, name }, { successToast: true });
            await refreshForms();
          }}
        />
      ) : null}
    </>
  );
}
