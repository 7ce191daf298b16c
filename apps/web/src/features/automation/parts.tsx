import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { ACTION_TYPES, CHANNELS, PERSON_TYPES } from '@sk/shared/automation/automation.constants';
import { fieldCondition, type RuleAction, type RuleConditions, tagAction, webhookAction } from '@sk/shared/automation/automation.schema';
import { ROLES } from '@sk/shared/auth/roles';
import { ORDER_PRIORITIES } from '@sk/shared/orders/orders.constants';
import { formsContract } from '@sk/shared/forms/forms.contract';
import { teamContract } from '@sk/shared/org/team.contract';
import { tagsContract } from '@sk/shared/tags/tags.contract';
import { Button, Card, Checkbox, Form, Input, Select, Space, Typography } from 'antd';
import type { Person } from '../../components/PersonPicker';
import { PersonField } from '../../components/PersonField';
import { useApi } from '../../lib/query';
import { rulesOf } from '../../lib/zodRules';

const options = (o: Record<string | number, string | { name: string }>) =>
  Object.entries(o).map(([k, v]) => ({ value: Number.isNaN(Number(k)) ? k : Number(k), label: typeof v === 'string' ? v : v.name }));

export const useOrderTags = () => useApi(tagsContract.list, { code: 3 }, { call: { silent: true } });

/** An action as the form holds it: people as picker rows. */
export type ActionForm = Omit<Partial<Extract<RuleAction, { type: 'notify' }>>, 'userIds' | 'type'> & {
  type: RuleAction['type'];
  people?: Person[];
  tagId?: number;
  url?: string;
  secret?: string;
};

const person = (id: number): Person => ({ id, name: `人员${id}`, mobile: '', department_name: null });

export function toForm(a: RuleAction): ActionForm {
  const ids = 'userIds' in a ? a.userIds : 'userId' in a ? [a.userId] : [];
  return { ...(a as object), type: a.type, people: ids.map(person) } as ActionForm;
}

export function fromForm(a: ActionForm): RuleAction {
  const ids = (a.people ?? []).map((p) => p.id);
  switch (a.type) {
    case 'notify':
      return { type: 'notify', channels: a.channels ?? [], personTypes: a.personTypes ?? [], roles: a.roles ?? [], userIds: ids, template: a.template ?? '' };
    case 'copy':
      return { type: 'copy', userIds: ids };
    case 'assign':
    case 'visit':
      return { type: a.type, userId: ids[0] ?? 0 };
    case 'tag':
      return { type: 'tag', tagId: a.tagId ?? 0 };
    case 'webhook':
      return { type: 'webhook', url: a.url ?? '', secret: a.secret ?? '' };
    default:
      return { type: 'pool' };
  }
}

const OPS = [
  { value: 'eq', label: '等于' },
  { value: 'ne', label: '不等于' },
  { value: 'contains', label: '包含' },
  { value: 'empty', label: '为空' },
  { value: 'notEmpty', label: '不为空' },
];

/** Conditions on custom field values of the order type. */
function FieldConditions({ tmpId }: { tmpId: number }) {
  const d = useApi(formsContract.dcDetail, { type: 1, tmpId }, { call: { silent: true } });
  const fields = (d.data?.fields ?? []).map((f) => ({ value: String(f.id), label: f.name }));
  return (
    <Form.List name={['conditions', 'fields']}>
      {(items, { add, remove }) => (
        <>
          {items.map((f) => (
            <Space key={f.key} align="baseline" wrap>
              <Form.Item name={[f.name, 'key']} rules={rulesOf(fieldCondition.shape.key)}>
                <Select style={{ width: 180 }} placeholder="自定义字段" options={fields} />
              </Form.Item>
              <Form.Item name={[f.name, 'op']} initialValue="eq">
                <Select style={{ width: 110 }} options={OPS} />
              </Form.Item>
              <Form.Item name={[f.name, 'value']}>
                <Input style={{ width: 180 }} maxLength={200} placeholder="比较值" />
              </Form.Item>
              <Button type="text" danger icon={<MinusCircleOutlined />} onClick={() => remove(f.name)} aria-label="删除字段条件" />
            </Space>
          ))}
          <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => add({ op: 'eq', value: '' })} style={{ marginBottom: 16 }}>
            添加字段条件
          </Button>
        </>
      )}
    </Form.List>
  );
}

/** The conditions on order fields a rule or timed event has (all optional; every one given must hold). */
export function ConditionFields({ tmpId }: { tmpId: number }) {
  const tags = useOrderTags();
  const groups = useApi(teamContract.groupSimpleList, undefined, { call: { silent: true } });
  return (
    <>
      <Space wrap size="middle" style={{ width: '100%' }}>
        <Form.Item name={['conditions', 'priorities']} label="紧急程度" style={{ minWidth: 200 }}>
          <Select mode="multiple" allowClear placeholder="不限" options={options(ORDER_PRIORITIES)} />
        </Form.Item>
        <Form.Item name={['conditions', 'tagIds']} label="带有任一标签" style={{ minWidth: 220 }}>
          <Select mode="multiple" allowClear placeholder="不限" options={(tags.data ?? []).map((t) => ({ value: t.id, label: t.name }))} />
        </Form.Item>
        <Form.Item name={['conditions', 'serviceGroupIds']} label="服务团队" style={{ minWidth: 200 }}>
          <Select mode="multiple" allowClear placeholder="不限" options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))} />
        </Form.Item>
      </Space>
      <FieldConditions tmpId={tmpId} />
    </>
  );
}

function ActionBody({ type, name }: { type: RuleAction['type'] | undefined; name: number }) {
  const tags = useOrderTags();
  if (type === 'notify')
    return (
      <>
        <Form.Item name={[name, 'channels']} label="通知方式" extra="不选则按「通知设置」中该事件的方式">
          <Checkbox.Group options={options(CHANNELS)} />
        </Form.Item>
        <Form.Item name={[name, 'personTypes']} label="工单相关人员">
          <Checkbox.Group options={options(PERSON_TYPES)} />
        </Form.Item>
        <Form.Item name={[name, 'roles']} label="角色">
          <Select mode="multiple" allowClear placeholder="按角色通知" options={options(ROLES)} />
        </Form.Item>
        <Form.Item name={[name, 'people']} label="指定人员">
          <PersonField multiple />
        </Form.Item>
        <Form.Item name={[name, 'template']} label="通知模板" extra="不填则用通知设置中的模板；可用变量见「通知设置」">
          <Input.TextArea rows={2} maxLength={500} placeholder="如：新工单{工单编号}「{标题}」，客户{客户}" />
        </Form.Item>
      </>
    );
  if (type === 'copy' || type === 'assign' || type === 'visit')
    return (
      <Form.Item
        name={[name, 'people']}
        label={type === 'copy' ? '抄送人' : type === 'assign' ? '服务人员' : '回访客服'}
        // why: picked people (PersonField) in the form, the contract's userId or userIds on save
        rules={[{ required: true, message: '请选择人员' }]}
      >
        <PersonField multiple={type === 'copy'} role={type === 'assign' ? 2 : undefined} />
      </Form.Item>
    );
  if (type === 'tag')
    return (
      <Form.Item name={[name, 'tagId']} label="标签" rules={rulesOf(tagAction.shape.tagId, { required: '请选择标签' })}>
        <Select placeholder="选择工单标签" options={(tags.data ?? []).map((t) => ({ value: t.id, label: t.name }))} />
      </Form.Item>
    );
  if (type === 'webhook')
    return (
      <>
        <Form.Item name={[name, 'url']} label="Webhook 地址" rules={rulesOf(webhookAction.shape.url)}>
          <Input placeholder="https://" maxLength={500} />
        </Form.Item>
        <Form.Item name={[name, 'secret']} label="签名密钥" extra="请求头 X-SK-Signature 为 sha256=HMAC-SHA256(密钥, 时间戳.请求体)">
          <Input maxLength={200} />
        </Form.Item>
      </>
    );
  if (type === 'pool') return <Typography.Text type="secondary">未派单的待派单工单放入工单池（需在工单公海设置中开启）</Typography.Text>;
  return null;
}

/** The list of actions (notify, copy, assign, pool, tag, visit, webhook). */
export function ActionList() {
  return (
    <Form.List name="actions">
      {(fields, { add, remove }) => (
        <Space direction="vertical" style={{ width: '100%' }}>
          {fields.map((f) => (
            <Card
              key={f.key}
              size="small"
              title={
                <Form.Item name={[f.name, 'type']} noStyle>
                  <Select style={{ width: 160 }} options={options(ACTION_TYPES)} />
                </Form.Item>
              }
              extra={<Button type="text" danger icon={<MinusCircleOutlined />} onClick={() => remove(f.name)} aria-label="删除动作" />}
            >
              <Form.Item noStyle shouldUpdate>
                {(form) => <ActionBody type={form.getFieldValue(['actions', f.name, 'type'])} name={f.name} />}
              </Form.Item>
            </Card>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ type: 'notify', channels: ['notice'], personTypes: [], roles: [] })} block>
            添加动作
          </Button>
        </Space>
      )}
    </Form.List>
  );
}

export const emptyConditions: RuleConditions = { priorities: [], tagIds: [], serviceGroupIds: [], fields: [] };

/** "通知（派单人员）、设置标签" — a short summary of actions for the tables. */
export function actionsText(actions: RuleAction[]): string {
  return actions.map((a) => ACTION_TYPES[a.type]).join('、');
}

export function conditionsText(c: RuleConditions, tagName: (id: number) => string): string {
  const parts: string[] = [];
  if (c.priorities?.length) parts.push(`紧急程度：${c.priorities.map((p) => ORDER_PRIORITIES[p as 1]).join('/')}`);
  if (c.tagIds?.length) parts.push(`标签：${c.tagIds.map(tagName).join('/')}`);
  if (c.serviceGroupIds?.length) parts.push(`服务组 ${c.serviceGroupIds.length} 个`);
  if (c.fields?.length) parts.push(`字段条件 ${c.fields.length} 个`);
  return parts.join('；') || '全部工单';
}
