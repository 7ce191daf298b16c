import { PlusOutlined } from '@ant-design/icons';
import {
  type ApprovalFlowRow,
  type ApprovalStep,
  type Approver,
  approvalFlowBody,
  approvalStepSchema,
  roleApprover,
} from '@sk/shared/approvals/approvals.contract';
import { APPROVAL_DOC_KINDS, type ApprovalDocKind, APPROVAL_STEP_MODES, APPROVER_TYPES, approvalKindOf } from '@sk/shared/approvals/kinds';
import { ROLES } from '@sk/shared/auth/roles';
import { Button, Card, Form, Input, InputNumber, Popconfirm, Select, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { contractFetcher, type ListColumn, ListPage, type Person, PersonField, RecordFormDialog } from '../../../components';
import { labelOptions } from '../../../lib/options';
import { useApi, useApiMutation } from '../../../lib/query';
import { A } from '../api';
import { rulesOf } from '../../../lib/zodRules';

/** A flow's fields and steps as the contract checks them: the form's rules are the contract's. */
const AF = approvalFlowBody.shape;
const ST = approvalStepSchema.shape;

const fetchFlows = contractFetcher<ApprovalFlowRow>(A.flowList);
const roleOptions = labelOptions(ROLES);

/** The form's step: one approver entry (people, roles, the responsible person or the department head). */
interface StepValues {
  name: string;
  mode: ApprovalStep['mode'];
  type: Approver['type'];
  people?: Person[];
  roles?: number[];
}
interface FlowValues {
  kind: string;
  name: string;
  sort: number;
  minAmount?: number | null;
  maxAmount?: number | null;
  docTypes?: number[];
  enabled: boolean;
  steps: StepValues[];
}

const toApprover = (s: StepValues): Approver =>
  s.type === 'user' ? { type: 'user', ids: (s.people ?? []).map((p) => p.id) } : s.type === 'role' ? { type: 'role', ids: s.roles ?? [] } : { type: s.type };

const approverText = (a: Approver, people: Record<string, string>) =>
  a.type === 'role'
    ? a.ids.map((r) => ROLES[r as 1] ?? r).join('、')
    : a.type === 'user'
      ? a.ids.map((id) => people[id] ?? `#${id}`).join('、')
      : APPROVER_TYPES[a.type];

const describe = (s: ApprovalStep, people: Record<string, string>) =>
  `${s.name}（${APPROVAL_STEP_MODES[s.mode]}：${s.approvers.map((a) => approverText(a, people)).join('、')}）`;

function FlowDialog({ flow, onClose }: { flow: ApprovalFlowRow | null; onClose: () => void }) {
  const save = useApiMutation(A.flowSave); // the flows list refreshes through staleAfter (../api.ts)
  const [form] = Form.useForm<FlowValues>();
  const kind = Form.useWatch('kind', form);
  const def = approvalKindOf(kind ?? '');
  const types = useApi(A.typeOptions, { kind: (def?.kind ?? 'spare_doc') as ApprovalDocKind }, { enabled: !!(def?.types || def?.typesFrom) });
  const initial: Partial<FlowValues> = flow
    ? {
        ...flow,
        steps: flow.steps.map((s) => {
          const a = s.approvers[0] as Approver;
          return {
            name: s.name,
            mode: s.mode,
            type: a.type,
            roles: a.type === 'role' ? a.ids : [],
            people: a.type === 'user' ? a.ids.map((id) => ({ id, name: flow.people[id] ?? `#${id}` }) as Person) : [],
          };
        }),
      }
    : { kind: APPROVAL_DOC_KINDS[0].kind, sort: 0, enabled: true, steps: [{ name: '审批', mode: 'one', type: 'user' }] };
  return (
    <RecordFormDialog<FlowValues>
      open
      form={form}
      title={flow ? '编辑审批流程' : '新建审批流程'}
      width="min(720px, 100vw)"
      initialValues={initial}
      onClose={onClose}
      onSubmit={async (v) => {
        await save.mutateAsync({
          id: flow?.id,
          kind: v.kind as never,
          name: v.name,
          sort: v.sort ?? 0,
          minAmount: v.minAmount ?? null,
          maxAmount: v.maxAmount ?? null,
          docTypes: v.docTypes ?? [],
          enabled: v.enabled,
          steps: v.steps.map((s) => ({ name: s.name, mode: s.mode, approvers: [toApprover(s)] })),
        });
      }}
    >
      <Form.Item name="kind" label="单据类型" rules={rulesOf(AF.kind, { required: '请选择单据类型' })}>
        <Select disabled={!!flow} options={APPROVAL_DOC_KINDS.map((k) => ({ value: k.kind, label: k.label }))} />
      </Form.Item>
      <Form.Item name="name" label="流程名称" rules={rulesOf(AF.name)}>
        <Input maxLength={50} />
      </Form.Item>
      <Space wrap>
        <Form.Item name="sort" label="排序（小的优先）">
          <InputNumber min={0} max={9999} />
        </Form.Item>
        {def?.amount ? (
          <>
            <Form.Item name="minAmount" label="最小金额">
              <InputNumber min={0} precision={2} />
            </Form.Item>
            <Form.Item name="maxAmount" label="最大金额（不含）">
              <InputNumber min={0} precision={2} />
            </Form.Item>
          </>
        ) : null}
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      {def?.types || def?.typesFrom ? (
        <Form.Item name="docTypes" label={def.typesFrom === 'orderType' ? '适用工单类型（不选为全部）' : '适用单据（不选为全部）'}>
          <Select mode="multiple" allowClear loading={types.isLoading} options={types.data ?? []} optionFilterProp="label" />
        </Form.Item>
      ) : null}
      <Form.List name="steps">
        {(fields, { add, remove }) => (
          <Space orientation="vertical" style={{ width: '100%' }}>
            {fields.map((f, i) => (
              <Card
                key={f.key}
                size="small"
                title={`第${i + 1}步`}
                extra={
                  fields.length > 1 ? (
                    <Button size="small" type="link" danger onClick={() => remove(f.name)}>
                      删除
                    </Button>
                  ) : null
                }
              >
                <Space wrap align="start">
                  <Form.Item name={[f.name, 'name']} label="步骤名称" rules={rulesOf(ST.name)}>
                    <Input maxLength={30} style={{ width: 140 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'mode']} label="审批方式" rules={rulesOf(ST.mode, { required: '请选择审批方式' })}>
                    <Select style={{ width: 180 }} options={Object.entries(APPROVAL_STEP_MODES).map(([value, label]) => ({ value, label }))} />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'type']}
                    label="审批人"
                    // why: the type, people and roles are the form's parts of one approver (toApprover builds it)
                    rules={[{ required: true, message: '请选择审批人类型' }]}
                  >
                    <Select style={{ width: 180 }} options={Object.entries(APPROVER_TYPES).map(([value, label]) => ({ value, label }))} />
                  </Form.Item>
                </Space>
                <Form.Item noStyle shouldUpdate>
                  {() => {
                    const type = form.getFieldValue(['steps', f.name, 'type']);
                    if (type === 'user')
                      return (
                        <Form.Item
                          name={[f.name, 'people']}
                          label="指定成员"
                          // why: picked people (PersonField) in the form, the approver's ids on save (toApprover)
                          rules={[{ required: true, message: '请选择审批人' }]}
                        >
                          <PersonField multiple />
                        </Form.Item>
                      );
                    if (type === 'role')
                      return (
                        <Form.Item name={[f.name, 'roles']} label="指定角色" rules={rulesOf(roleApprover.shape.ids, { required: '请选择角色' })}>
                          <Select mode="multiple" options={roleOptions} />
                        </Form.Item>
                      );
                    return null;
                  }}
                </Form.Item>
              </Card>
            ))}
            {fields.length < 10 ? (
              <Button icon={<PlusOutlined />} onClick={() => add({ name: `审批${fields.length + 1}`, mode: 'one', type: 'user' })}>
                添加步骤
              </Button>
            ) : null}
          </Space>
        )}
      </Form.List>
    </RecordFormDialog>
  );
}

/** /approvalProcessSettings: the approval flows of every document kind; an edit makes a new version (documents in approval keep theirs). */
export default function ApprovalProcessSettings() {
  const [editing, setEditing] = useState<ApprovalFlowRow | 'new' | null>(null);
  const remove = useApiMutation(A.flowRemove);
  const columns: ListColumn<ApprovalFlowRow>[] = [
    { key: 'name', dataIndex: 'name', title: '流程名称' },
    { key: 'kindName', dataIndex: 'kindName', title: '单据类型' },
    {
      key: 'steps',
      title: '审批步骤',
      render: (_: unknown, r) => (
        <div style={{ whiteSpace: 'normal', maxWidth: 420 }}>{r.steps.map((s, i) => `${i + 1}. ${describe(s, r.people)}`).join(' → ')}</div>
      ),
    },
    {
      key: 'cond',
      title: '条件',
      render: (_: unknown, r) =>
        [
          r.minAmount != null ? `金额≥${r.minAmount}` : '',
          r.maxAmount != null ? `金额<${r.maxAmount}` : '',
          r.docTypes.length ? `类型：${r.docTypes.map((t) => r.typeNames[t] ?? `#${t}`).join('、')}` : '',
        ]
          .filter(Boolean)
          .join('，') || '全部',
    },
    { key: 'version', dataIndex: 'version', title: '版本', render: (v: number) => `V${v}` },
    { key: 'enabled', dataIndex: 'enabled', title: '状态', render: (v: boolean) => <Tag color={v ? 'success' : 'default'}>{v ? '启用' : '停用'}</Tag> },
    { key: 'update_time', dataIndex: 'update_time', title: '更新时间' },
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
          <Popconfirm title="确认删除该流程吗？审批中的单据仍按原流程完成。" onConfirm={() => remove.mutateAsync({ id: r.id })}>
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Card title="审批流程设置" size="small">
      <ListPage<ApprovalFlowRow>
        title="审批流程设置"
        columns={columns}
        fetch={fetchFlows}
        sort={false}
        searchPlans={false}
        phoneCard={['name', 'kindName', 'steps', 'version', 'actions']}
        filters={
          <Form.Item name="kind" label="单据类型">
            <Select allowClear placeholder="全部" style={{ width: 160 }} options={APPROVAL_DOC_KINDS.map((k) => ({ value: k.kind, label: k.label }))} />
          </Form.Item>
        }
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新建流程
          </Button>
        }
      />
      {editing ? <FlowDialog flow={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
