// 周期模板 (/cycleTmpl): how often, and what each generated order carries (order type, title, service items, checklist).
import { CYCLE_UNITS } from '@sk/shared/cycle/cycle.constants';
import type { CycleTmpl as Row, CycleTmplBody } from '@sk/shared/cycle/cycle.contract';
import { formsContract } from '@sk/shared/forms/forms.contract';
import { Button, Card, Form, Input, InputNumber, Popconfirm, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { type ListColumn, ListPage, RecordFormDialog } from '../../../components';
import { labelOptions } from '../../../lib/options';
import { useApi, useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { ServiceItemPicker } from '../../orders';
import { CY, fetchTmpls } from '../api';
import { frequencyText } from '../format';

const body = CY.tmplAdd.body.shape;
type Editing = { row: Row | null } | null;

export default function CycleTmpl() {
  const [editing, setEditing] = useState<Editing>(null);
  const types = useApi(formsContract.orderTypeList, undefined, { enabled: editing != null });
  const add = useApiMutation(CY.tmplAdd);
  const update = useApiMutation(CY.tmplUpdate);
  const remove = useApiMutation(CY.tmplDelete);
  const columns: ListColumn<Row>[] = [
    { key: 'name', dataIndex: 'name', title: '模板名称' },
    { key: 'frequency', title: '周期', render: (_: unknown, r) => frequencyText(r.every, r.unit) },
    { key: 'orderTypeName', dataIndex: 'orderTypeName', title: '工单类型', render: (v: string | null) => v ?? '默认类型' },
    { key: 'orderTitle', dataIndex: 'orderTitle', title: '工单标题', render: (v: string | null, r) => v ?? r.name },
    { key: 'serviceItemNames', dataIndex: 'serviceItemNames', title: '服务项目', render: (v: string[]) => (v.length ? v.join('、') : '—') },
    {
      key: 'checklist',
      dataIndex: 'checklist',
      title: '检查项',
      render: (v: string[]) => (v.length ? v.map((c) => <Tag key={c}>{c}</Tag>) : '—'),
    },
    { key: 'planCount', dataIndex: 'planCount', title: '执行中的计划', width: 150 },
    { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 150,
      render: (_: unknown, r) => (
        <Space>
          <Button type="link" size="small" onClick={() => setEditing({ row: r })}>
            编辑
          </Button>
          <Popconfirm title="确认删除该周期模板吗？" okText="删除" cancelText="取消" onConfirm={() => remove.mutateAsync({ id: r.id })}>
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  const row = editing?.row;
  const submit = (v: CycleTmplBody) => (row ? update.mutateAsync({ ...v, id: row.id }) : add.mutateAsync(v));
  return (
    <Card title="周期模板" size="small">
      <ListPage<Row>
        title="周期模板"
        columns={columns}
        fetch={fetchTmpls}
        sort={false}
        searchPlans={false}
        keywordPlaceholder="模板名称"
        defaultColumns={['name', 'frequency', 'orderTypeName', 'serviceItemNames', 'checklist', 'planCount', 'create_time', 'actions']}
        phoneCard={['name', 'frequency', 'checklist', 'planCount', 'actions']}
        toolbar={
          <Button type="primary" onClick={() => setEditing({ row: null })}>
            新建周期模板
          </Button>
        }
      />
      <RecordFormDialog<CycleTmplBody>
        open={editing != null}
        title={row ? '编辑周期模板' : '新建周期模板'}
        name="cycleTmpl"
        width={560}
        initialValues={
          row
            ? { ...row, orderTypeId: row.orderTypeId ?? undefined, orderTitle: row.orderTitle ?? undefined, remark: row.remark ?? undefined }
            : { every: 1, unit: 4, checklist: [], serviceItemIds: [] }
        }
        onSubmit={submit}
        onClose={() => setEditing(null)}
      >
        <Form.Item name="name" label="模板名称" rules={rulesOf(body.name)}>
          <Input placeholder="如：空调季度保养" />
        </Form.Item>
        <Form.Item label="周期" required>
          <Space.Compact>
            <Form.Item name="every" noStyle rules={rulesOf(body.every)}>
              <InputNumber aria-label="周期" min={1} max={366} precision={0} addonBefore="每" style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="unit" noStyle>
              <Select aria-label="周期单位" options={labelOptions(CYCLE_UNITS)} style={{ width: 90 }} />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="orderTypeId" label="工单类型">
          <Select
            allowClear
            placeholder="默认类型"
            loading={types.isLoading}
            options={(types.data ?? []).filter((t) => t.enabled).map((t) => ({ value: t.id, label: t.name }))}
          />
        </Form.Item>
        <Form.Item name="orderTitle" label="工单标题" rules={rulesOf(body.orderTitle)}>
          <Input placeholder="不填则使用模板名称" />
        </Form.Item>
        <Form.Item name="serviceItemIds" label="服务项目">
          <ServiceItemPicker value={undefined} onChange={() => {}} />
        </Form.Item>
        <Form.Item name="checklist" label="检查项" extra="输入后按回车添加，每项一行写入工单描述">
          <Select mode="tags" open={false} suffixIcon={null} placeholder="如：清洗滤网" aria-label="检查项" />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={rulesOf(body.remark)}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </RecordFormDialog>
    </Card>
  );
}
