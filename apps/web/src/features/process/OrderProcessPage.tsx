import {
  APPROVAL_KINDS,
  APPROVAL_NAMES,
  type ApprovalKind,
  HOOK_POINT_NAMES,
  ORDER_HOOK_POINTS,
  ORDER_PERSON_TYPES,
  ORDER_STAGE_KEYS,
  type OrderApprover,
  type OrderHookPoint,
  type OrderProcess,
  type OrderProcessAnswer,
  type OrderStage,
  processContract,
  ROLES,
  STAGE_NAMES,
} from '@sk/shared';
import { Button, Card, Checkbox, Empty, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { PersonPicker } from '../../components/PersonPicker';
import { SaveButton } from '../../components/SaveButton';
import { labelOptions } from '../../lib/options';
import { useApi, useApiMutation } from '../../lib/query';
import { ListSettings } from './ListSettings';
import { approvalAllowed, approvalOn, NO_REQUIREMENT, setActors, setApproval, setApprover, setRequirement, setStage, stageOn } from './process.edit';
import './process.css';

const ROLE_OPTIONS = labelOptions(ROLES);
const PERSON_OPTIONS = labelOptions(ORDER_PERSON_TYPES);
/** Every hook point stops its order actions (reconciliation: /order/reconcile). */
const HOOKS = ORDER_HOOK_POINTS;
const BY_OPTIONS = [
  { value: 'default', label: '管理员和派单员' },
  { value: 'role', label: '指定角色' },
  { value: 'user', label: '指定人员' },
  { value: 'dispatcher', label: '工单派单人' },
];

type Edit = (f: (p: OrderProcess) => OrderProcess) => void;

function StagesTable({ p, edit }: { p: OrderProcess; edit: Edit }) {
  return (
    <Table<OrderStage>
      rowKey={(s) => s}
      size="small"
      pagination={false}
      scroll={{ x: 640 }}
      dataSource={[...ORDER_STAGE_KEYS]}
      columns={[
        { title: '环节', width: 110, render: (_, s, i) => `${i + 1}. ${STAGE_NAMES[s]}` },
        {
          title: '开启',
          width: 80,
          render: (_, s) => <Switch aria-label={`${STAGE_NAMES[s]}环节`} checked={stageOn(p, s)} onChange={(on) => edit((x) => setStage(x, s, on))} />,
        },
        {
          title: '处理人员类型',
          render: (_, s) => (
            <Select
              mode="multiple"
              allowClear
              placeholder="不限"
              style={{ minWidth: 200, width: '100%' }}
              options={PERSON_OPTIONS}
              value={p.actors[s]?.personTypes ?? []}
              onChange={(personTypes) => edit((x) => setActors(x, s, { personTypes, roles: x.actors[s]?.roles ?? [] }))}
            />
          ),
        },
        {
          title: '处理角色',
          render: (_, s) => (
            <Select
              mode="multiple"
              allowClear
              placeholder="不限"
              style={{ minWidth: 200, width: '100%' }}
              options={ROLE_OPTIONS}
              value={p.actors[s]?.roles ?? []}
              onChange={(roles) => edit((x) => setActors(x, s, { roles, personTypes: x.actors[s]?.personTypes ?? [] }))}
            />
          ),
        },
      ]}
    />
  );
}

function ApproverCell({
  k,
  p,
  names,
  edit,
  pickUser,
}: {
  k: ApprovalKind;
  p: OrderProcess;
  names: Record<string, string>;
  edit: Edit;
  pickUser: (k: ApprovalKind) => void;
}) {
  const who = p.approvers[k];
  const set = (a: OrderApprover | null) => edit((x) => setApprover(x, k, a));
  const choose = (by: string) => {
    if (by === 'user') pickUser(k);
    else set(by === 'role' ? { by: 'role', role: 1 } : by === 'dispatcher' ? { by: 'dispatcher' } : null);
  };
  return (
    <Space wrap>
      <Select
        aria-label={`${APPROVAL_NAMES[k]}审核人`}
        style={{ width: 150 }}
        options={BY_OPTIONS}
        value={who?.by ?? 'default'}
        onChange={choose}
        disabled={!approvalOn(p, k)}
      />
      {who?.by === 'role' && (
        <Select
          aria-label={`${APPROVAL_NAMES[k]}审核角色`}
          style={{ width: 140 }}
          options={ROLE_OPTIONS}
          value={who.role}
          onChange={(role) => set({ by: 'role', role })}
        />
      )}
      {who?.by === 'user' && (
        <Space size={4}>
          <Tag>{names[String(who.userId)] ?? `人员${who.userId}`}</Tag>
          <Button size="small" onClick={() => pickUser(k)}>
            更改
          </Button>
        </Space>
      )}
    </Space>
  );
}

function ApprovalsTable({ p, names, edit, pickUser }: { p: OrderProcess; names: Record<string, string>; edit: Edit; pickUser: (k: ApprovalKind) => void }) {
  return (
    <Table<ApprovalKind>
      rowKey={(k) => k}
      size="small"
      pagination={false}
      scroll={{ x: 560 }}
      dataSource={[...APPROVAL_KINDS]}
      columns={[
        { title: '审核', width: 110, render: (_, k) => APPROVAL_NAMES[k] },
        {
          title: '开启',
          width: 80,
          render: (_, k) => (
            <Switch
              aria-label={APPROVAL_NAMES[k]}
              checked={approvalOn(p, k)}
              disabled={!approvalAllowed(p, k)}
              onChange={(on) => edit((x) => setApproval(x, k, on))}
            />
          ),
        },
        { title: '审核人', render: (_, k) => <ApproverCell k={k} p={p} names={names} edit={edit} pickUser={pickUser} /> },
      ]}
    />
  );
}

function RequirementsTable({ p, fields, edit }: { p: OrderProcess; fields: OrderProcessAnswer['fields']; edit: Edit }) {
  const options = fields.filter((f) => f.type !== 14).map((f) => ({ value: f.id, label: f.name }));
  return (
    <Table<OrderHookPoint>
      rowKey={(h) => h}
      size="small"
      pagination={false}
      scroll={{ x: 600 }}
      dataSource={HOOKS}
      columns={[
        { title: '节点', width: 110, render: (_, h) => HOOK_POINT_NAMES[h] },
        {
          title: '必填字段',
          render: (_, h) => (
            <Select
              mode="multiple"
              allowClear
              aria-label={`${HOOK_POINT_NAMES[h]}必填字段`}
              placeholder={options.length ? '选择字段' : '该工单类型暂无自定义字段'}
              style={{ minWidth: 220, width: '100%' }}
              options={options}
              value={p.requirements[h]?.fields ?? []}
              onChange={(ids) => edit((x) => setRequirement(x, h, { ...(x.requirements[h] ?? NO_REQUIREMENT), fields: ids }))}
            />
          ),
        },
        {
          title: '签名',
          width: 70,
          render: (_, h) => (
            <Checkbox
              aria-label={`${HOOK_POINT_NAMES[h]}需签名`}
              checked={p.requirements[h]?.signature ?? false}
              onChange={(e) => edit((x) => setRequirement(x, h, { ...(x.requirements[h] ?? NO_REQUIREMENT), signature: e.target.checked }))}
            />
          ),
        },
        {
          title: '照片',
          width: 70,
          render: (_, h) => (
            <Checkbox
              aria-label={`${HOOK_POINT_NAMES[h]}需照片`}
              checked={p.requirements[h]?.photos ?? false}
              onChange={(e) => edit((x) => setRequirement(x, h, { ...(x.requirements[h] ?? NO_REQUIREMENT), photos: e.target.checked }))}
            />
          ),
        },
        {
          title: '故障模式',
          width: 90,
          render: (_, h) => (
            <Checkbox
              aria-label={`${HOOK_POINT_NAMES[h]}需故障模式`}
              checked={p.requirements[h]?.faultMode ?? false}
              onChange={(e) => edit((x) => setRequirement(x, h, { ...(x.requirements[h] ?? NO_REQUIREMENT), faultMode: e.target.checked }))}
            />
          ),
        },
      ]}
    />
  );
}

function VersionsTable({ d }: { d: OrderProcessAnswer }) {
  const rows = [
    ...d.versions.map((v) => ({
      key: String(v.id),
      name: `v${v.version}`,
      current: v.id === d.versionId,
      time: v.createTime,
      by: v.createUserName ?? '',
      n: v.orderCount,
      orders: v.recentOrders,
    })),
    { key: 'default', name: '默认流程', current: d.versionId == null, time: '', by: '', n: d.defaultOrderCount, orders: d.defaultRecentOrders },
  ];
  return (
    <Table
      size="small"
      pagination={false}
      dataSource={rows}
      scroll={{ x: 480 }}
      columns={[
        {
          title: '版本',
          dataIndex: 'name',
          render: (v, r) =>
            r.current ? (
              <Space>
                {v}
                <Tag color="green">当前</Tag>
              </Space>
            ) : (
              v
            ),
        },
        { title: '发布时间', dataIndex: 'time' },
        { title: '发布人', dataIndex: 'by' },
        {
          title: '使用工单数',
          dataIndex: 'n',
          render: (n: number) => <span data-testid="version-orders">{n}</span>,
        },
        {
          title: '最近工单',
          dataIndex: 'orders',
          render: (orders: { id: number; orderNo: string }[]) => (
            <Space size={4} wrap>
              {orders.map((o) => (
                <Link key={o.id} to={`/allOrder/orderDetail/${o.id}`}>
                  {o.orderNo}
                </Link>
              ))}
            </Space>
          ),
        },
      ]}
    />
  );
}

/** /templateCenter/processSetting/orderProcess/:tid/:templateName: the stages, approvals and requirements of an order type; saving publishes a version. */
export default function OrderProcessPage() {
  const params = useParams();
  const tid = Number(params.tid);
  const q = useApi(processContract.get, { tid }, { enabled: tid > 0 });
  const publish = useApiMutation(processContract.publish, { invalidates: [processContract.get, processContract.queryDispatchOrder] });
  const [draft, setDraft] = useState<OrderProcess | null>(null);
  const [names, setNames] = useState<Record<string, string>>({});
  const [picking, setPicking] = useState<ApprovalKind | null>(null);
  useEffect(() => {
    if (q.data) {
      setDraft(q.data.process);
      setNames(q.data.approverNames);
    }
  }, [q.data]);
  if (!(tid > 0)) return <Empty description="请从工单设置中选择工单类型" />;
  if (!q.data || !draft) return <Card loading={q.isPending} />;
  const edit: Edit = (f) => setDraft((p) => (p ? f(p) : p));
  const title = q.data.templateName || params.templateName || '';
  return (
    <Card
      className="sk-order-process"
      title={
        <Space wrap>
          <span>工单流程</span>
          <Tag color="blue">{title}</Tag>
          <Tag data-testid="process-version">{q.data.version ? `当前版本 v${q.data.version}` : '默认流程'}</Tag>
        </Space>
      }
      extra={
        <Space wrap>
          <Link to={`/templateCenter/processSetting?id=${tid}&templateName=${encodeURIComponent(title)}&orderType=${tid}&sys_code=order`}>
            <Button>返回流程设置</Button>
          </Link>
          <SaveButton onSave={() => publish.mutateAsync({ tid, process: draft })}>发布新版本</SaveButton>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">发布后新建的工单使用新版本；已创建的工单保持创建时的版本。</Typography.Paragraph>
      <section className="sk-process-section">
        <Typography.Title level={5}>流程环节</Typography.Title>
        <StagesTable p={draft} edit={edit} />
      </section>
      <section className="sk-process-section">
        <Typography.Title level={5}>审核设置</Typography.Title>
        <ApprovalsTable p={draft} names={names} edit={edit} pickUser={setPicking} />
        <PersonPicker
          open={picking != null}
          onCancel={() => setPicking(null)}
          onOk={([person]) => {
            if (person && picking) {
              setNames((n) => ({ ...n, [String(person.id)]: person.name }));
              edit((x) => setApprover(x, picking, { by: 'user', userId: person.id }));
            }
            setPicking(null);
          }}
        />
      </section>
      <section className="sk-process-section">
        <Typography.Title level={5}>节点要求</Typography.Title>
        <RequirementsTable p={draft} fields={q.data.fields} edit={edit} />
      </section>
      <section className="sk-process-section">
        <Typography.Title level={5}>列表显示设置</Typography.Title>
        <ListSettings tid={tid} />
      </section>
      <section className="sk-process-section">
        <Typography.Title level={5}>版本记录</Typography.Title>
        <VersionsTable d={q.data} />
      </section>
    </Card>
  );
}
