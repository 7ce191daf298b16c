import { PlusOutlined } from '@ant-design/icons';
import { automationContract as C } from '@sk/shared/automation/automation.contract';
import { OVERDUE_CONDITIONS, TIME_UNITS, TIMED_TRIGGERS, TRIGGER_POINTS } from '@sk/shared/automation/automation.constants';
import type { RuleRow, TimedEventRow } from '@sk/shared/automation/automation.schema';
import { Button, Form, Input, InputNumber, Modal, Select, Space, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { RecordFormDialog } from '../../components';
import { call } from '../../lib/api';
import { rulesOf } from '../../lib/zodRules';
import { apiKey, queryClient, useApi } from '../../lib/query';
import { ActionList, type ActionForm, actionsText, ConditionFields, conditionsText, emptyConditions, fromForm, toForm, useOrderTags } from './parts';

type Kind = 'rule' | 'timed';
type Row = RuleRow | TimedEventRow;
interface Values {
  name: string;
  trigger: number;
  amount?: number;
  unit?: number;
  condition?: number;
  enabled: boolean;
  conditions: Row['conditions'];
  actions: ActionForm[];
}

const EP = {
  rule: { list: C.ruleList, add: C.ruleAdd, update: C.ruleUpdate, remove: C.ruleDelete },
  timed: { list: C.timedList, add: C.timedAdd, update: C.timedUpdate, remove: C.timedDelete },
} as const;
const opts = (o: Record<number, string | { name: string }>) =>
  Object.entries(o).map(([k, v]) => ({ value: Number(k), label: typeof v === 'string' ? v : v.name }));

function ItemDialog({
  kind,
  tmpId,
  row,
  onClose,
  onSave,
}: {
  kind: Kind;
  tmpId: number;
  row: Row | null;
  onClose: () => void;
  onSave: (v: Values) => Promise<void>;
}) {
  const initial: Partial<Values> = row
    ? { ...row, actions: row.actions.map(toForm) }
    : {
        trigger: 0,
        enabled: true,
        amount: 2,
        unit: 2,
        condition: 1,
        conditions: emptyConditions,
        actions: [{ type: 'notify', channels: ['notice'], personTypes: [2], roles: [] }],
      };
  return (
    <RecordFormDialog<Values>
      open
      width={760}
      title={`${row ? '编辑' : '新增'}${kind === 'rule' ? '自动化规则' : '定时事件'}`}
      name={kind === 'rule' ? 'skRuleForm' : 'skTimedForm'}
      initialValues={initial}
      onSubmit={onSave}
      onClose={onClose}
    >
      <Space wrap size="middle">
        <Form.Item name="name" label="名称" rules={rulesOf(C.ruleAdd.body.shape.name)}>
          <Input maxLength={50} style={{ width: 220 }} />
        </Form.Item>
        {kind === 'rule' ? (
          <Form.Item name="trigger" label="触发时机">
            <Select style={{ width: 200 }} options={opts(TRIGGER_POINTS)} />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="trigger" label="计时起点">
              <Select style={{ width: 160 }} options={opts(TIMED_TRIGGERS)} />
            </Form.Item>
            <Form.Item name="amount" label="之后" rules={rulesOf(C.timedAdd.body.shape.amount, { required: '请输入时长' })}>
              <InputNumber min={1} max={10000} precision={0} style={{ width: 90 }} />
            </Form.Item>
            <Form.Item name="unit" label="单位">
              <Select style={{ width: 90 }} options={opts(TIME_UNITS)} />
            </Form.Item>
            <Form.Item name="condition" label="仍然">
              <Select style={{ width: 130 }} options={opts(OVERDUE_CONDITIONS)} />
            </Form.Item>
          </>
        )}
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      <Typography.Title level={5}>条件</Typography.Title>
      <ConditionFields tmpId={tmpId} />
      <Typography.Title level={5}>则执行</Typography.Title>
      <ActionList />
    </RecordFormDialog>
  );
}

/** The automation rules (kind 'rule') or timed events (kind 'timed') of one order type. */
export function AutomationItems({ kind, tmpId }: { kind: Kind; tmpId: number }) {
  const ep = EP[kind];
  const list = useApi(ep.list, { templateId: tmpId });
  const tags = useOrderTags();
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiKey(ep.list) });
  const tagName = (id: number) => tags.data?.find((t) => t.id === id)?.name ?? String(id);
  const bodyOf = (r: Pick<Values, 'name' | 'trigger' | 'enabled' | 'conditions' | 'amount' | 'unit' | 'condition'>) => ({
    templateId: tmpId,
    name: r.name.trim(),
    trigger: r.trigger,
    enabled: r.enabled,
    conditions: { ...emptyConditions, ...r.conditions },
    ...(kind === 'timed' ? { amount: r.amount ?? 1, unit: r.unit ?? 2, condition: r.condition ?? 0 } : {}),
  });
  const save = async (v: Values) => {
    const body = { ...bodyOf(v), actions: v.actions.map(fromForm) } as never;
    if (editing) await call(ep.update, { ...(body as object), id: editing.id } as never, { successToast: true });
    else await call(ep.add, body, { successToast: true });
    await refresh();
  };
  const when = (r: Row) =>
    kind === 'rule'
      ? TRIGGER_POINTS[r.trigger as 0]
      : `${TIMED_TRIGGERS[r.trigger as 0].name}后 ${(r as TimedEventRow).amount} ${TIME_UNITS[(r as TimedEventRow).unit as 1].name}仍${OVERDUE_CONDITIONS[(r as TimedEventRow).condition]?.name ?? ''}`;
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          {kind === 'rule' ? '新增规则' : '新增定时事件'}
        </Button>
        <Typography.Text type="secondary">
          {kind === 'rule'
            ? '工单到达触发时机且满足条件时，自动执行动作。'
            : '从计时起点开始，到时工单仍未完成对应环节时，自动执行动作；工单完成该环节后计时自动取消。'}
        </Typography.Text>
      </Space>
      <Table<Row>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        pagination={false}
        scroll={{ x: 800 }}
        locale={{ emptyText: kind === 'rule' ? '暂无自动化规则' : '暂无定时事件' }}
        columns={[
          { key: 'name', title: '名称', dataIndex: 'name', width: 160 },
          { key: 'when', title: kind === 'rule' ? '触发时机' : '时间条件', render: (_: unknown, r: Row) => when(r) },
          { key: 'cond', title: '条件', render: (_: unknown, r: Row) => conditionsText(r.conditions, tagName) },
          { key: 'actions', title: '动作', render: (_: unknown, r: Row) => actionsText(r.actions) },
          {
            key: 'enabled',
            title: '启用',
            width: 80,
            render: (_: unknown, r: Row) => (
              <Switch
                size="small"
                checked={r.enabled}
                onChange={(on) =>
                  call(ep.update, { ...bodyOf(r as Values), enabled: on, actions: r.actions, id: r.id } as never, { successToast: true }).then(
                    refresh,
                    () => {},
                  )
                }
              />
            ),
          },
          {
            key: 'op',
            title: '操作',
            width: 130,
            render: (_: unknown, r: Row) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(r)}>
                  编辑
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() =>
                    Modal.confirm({
                      title: `删除「${r.name}」？`,
                      okText: '删除',
                      cancelText: '取消',
                      onOk: () => call(ep.remove, { id: r.id }, { successToast: true }).then(refresh),
                    })
                  }
                >
                  删除
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {editing !== undefined ? <ItemDialog kind={kind} tmpId={tmpId} row={editing} onClose={() => setEditing(undefined)} onSave={save} /> : null}
    </>
  );
}
