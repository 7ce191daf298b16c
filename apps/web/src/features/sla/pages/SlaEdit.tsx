// /slaManage/SLA/:id/:name — one SLA policy (id 0: a new one): what it matches, its clocks, where they
// pause, and who is told when a clock is breached.
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { CUSTOMER_LEVELS } from '@sk/shared/customers/customers.constants';
import { formsContract } from '@sk/shared/forms/forms.contract';
import { ORDER_PRIORITIES } from '@sk/shared/orders/orders.constants';
import { teamContract } from '@sk/shared/org/team.contract';
import { SLA_ESCALATE_TO, SLA_PAUSE_OPTIONS, SLA_TYPES, SLA_UNITS } from '@sk/shared/sla/sla.constants';
import { type SlaPolicyInput, slaContract as C } from '@sk/shared/sla/sla.contract';
import { tagsContract } from '@sk/shared/tags/tags.contract';
import { Button, Card, Checkbox, Col, Form, Input, InputNumber, Row, Select, Space, Spin, Switch, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { labelOptions } from '../../../lib/options';
import { useApi, useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';

/** A policy's fields, clocks and escalation steps as the contract checks them: the form's rules are the contract's. */
const P = C.create.body.shape;
const CK = P.clocks.element.shape;
const LS = P.escalation.unwrap().element.shape;

const NEW: Partial<SlaPolicyInput> = {
  enabled: true,
  sort: 0,
  business: false,
  clocks: [{ type: 2, target: 30, unit: 1, warnMinutes: 10 }],
  pauseStates: [],
  escalation: [{ afterMinutes: 0, to: 'dispatcher' }],
};

export default function SlaEdit() {
  const navigate = useNavigate();
  const id = Number(useParams().id) || 0;
  const detail = useApi(C.detail, { id }, { enabled: id > 0, staleTime: 0 });
  const templates = useApi(formsContract.orderTypeList);
  const groups = useApi(teamContract.groupSimpleList);
  const tags = useApi(tagsContract.list, { code: 4 });
  const done = {
    invalidates: [C.list, C.detail],
    // the list page stays mounted in its tab: invalidating C.list refreshes its rows before it shows again
    onSuccess: () => navigate('/slaManage'),
  };
  const create = useApiMutation(C.create, done);
  const update = useApiMutation(C.update, done);
  const [form] = Form.useForm<SlaPolicyInput>();
  if (id > 0 && !detail.data)
    return detail.isError ? <Typography.Text type="danger">SLA不存在或已被删除</Typography.Text> : <Spin style={{ display: 'block', margin: 48 }} />;
  const save = (v: SlaPolicyInput) => (id > 0 ? update.mutate({ ...v, id }) : create.mutate(v));

  return (
    <Card size="small" title={id > 0 ? `编辑SLA：${detail.data?.name}` : '新建SLA'}>
      <Form<SlaPolicyInput> form={form} layout="vertical" initialValues={detail.data ?? NEW} onFinish={save} style={{ maxWidth: 960 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label="SLA名称" rules={rulesOf(P.name)}>
              <Input maxLength={50} placeholder="如：VIP客户2小时响应" />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="sort" label="优先顺序" tooltip="数字小的先匹配；工单使用第一个匹配的SLA">
              <InputNumber min={0} max={9999} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={6} md={4}>
            <Form.Item name="enabled" label="启用" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={6} md={4}>
            <Form.Item
              name="business"
              label="按工作时间计时"
              valuePropName="checked"
              tooltip="开启后只在工作时间计时，节假日不计（在SLA管理页设置工作时间与节假日）"
            >
              <Switch />
            </Form.Item>
          </Col>
        </Row>

        <Typography.Title level={5}>适用范围（不选表示不限）</Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="templateIds" label="工单类型">
              <Select mode="multiple" allowClear options={(templates.data ?? []).map((t) => ({ value: t.id, label: t.name }))} placeholder="全部类型" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="priorities" label="优先级">
              <Select mode="multiple" allowClear options={labelOptions(ORDER_PRIORITIES)} placeholder="全部优先级" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="customerTagIds" label="客户标签">
              <Select mode="multiple" allowClear options={(tags.data ?? []).map((t) => ({ value: t.id, label: t.name }))} placeholder="全部客户" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="customerLevels" label="客户等级">
              <Select mode="multiple" allowClear options={labelOptions(CUSTOMER_LEVELS)} placeholder="全部等级" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="serviceGroupIds" label="服务团队">
              <Select mode="multiple" allowClear options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))} placeholder="全部团队" />
            </Form.Item>
          </Col>
        </Row>

        <Typography.Title level={5}>时限</Typography.Title>
        <Form.List
          name="clocks"
          // why: the list's count alone; each clock is checked by its fields' contract rules
          rules={[{ validator: async (_, v) => (v?.length ? undefined : Promise.reject(new Error('请至少设置一个时限'))) }]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} wrap align="baseline" data-testid="sla-clock-row">
                  <Form.Item name={[f.name, 'type']} rules={rulesOf(CK.type, { required: '请选择超时类型' })}>
                    <Select style={{ width: 160 }} aria-label="超时类型" options={SLA_TYPES.map((t) => ({ value: t.id, label: t.name }))} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'target']} rules={rulesOf(CK.target, { required: '请输入时限' })}>
                    <InputNumber min={1} max={100000} aria-label="时限" addonBefore="时限" style={{ width: 150 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'unit']} rules={rulesOf(CK.unit, { required: '请选择时间单位' })}>
                    <Select style={{ width: 90 }} aria-label="时间单位" options={SLA_UNITS.map((u) => ({ value: u.id, label: u.name }))} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'warnMinutes']} tooltip="剩余时间少于此值时显示“即将超时”">
                    <InputNumber min={0} aria-label="预警" addonBefore="剩余" addonAfter="分钟预警" style={{ width: 220 }} />
                  </Form.Item>
                  <MinusCircleOutlined aria-label="删除时限" onClick={() => remove(f.name)} />
                </Space>
              ))}
              <Form.ErrorList errors={errors} />
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ type: 6, target: 1, unit: 3, warnMinutes: 60 })} style={{ marginBottom: 16 }}>
                添加时限
              </Button>
            </>
          )}
        </Form.List>

        <Form.Item name="pauseStates" label="暂停计时（工单处于以下状态时）">
          <Checkbox.Group options={SLA_PAUSE_OPTIONS.map((o) => ({ value: o.id, label: o.name }))} />
        </Form.Item>

        <Typography.Title level={5}>超时升级</Typography.Title>
        <Form.List name="escalation">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f, i) => (
                <Space key={f.key} wrap align="baseline">
                  <Typography.Text>第{i + 1}级：超时后</Typography.Text>
                  <Form.Item name={[f.name, 'afterMinutes']} rules={rulesOf(LS.afterMinutes, { required: '请输入时间' })}>
                    <InputNumber min={0} aria-label="升级时间" addonAfter="分钟" style={{ width: 140 }} />
                  </Form.Item>
                  <Typography.Text>通知</Typography.Text>
                  <Form.Item name={[f.name, 'to']} rules={rulesOf(LS.to, { required: '请选择通知对象' })}>
                    <Select style={{ width: 120 }} aria-label="通知对象" options={SLA_ESCALATE_TO.map((x) => ({ value: x.id, label: x.name }))} />
                  </Form.Item>
                  <MinusCircleOutlined aria-label="删除升级" onClick={() => remove(f.name)} />
                </Space>
              ))}
              <div>
                <Button type="dashed" icon={<PlusOutlined />} disabled={fields.length >= 5} onClick={() => add({ afterMinutes: 60, to: 'director' })}>
                  添加升级
                </Button>
              </div>
            </>
          )}
        </Form.List>

        <Space style={{ marginTop: 24 }}>
          <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
            保存
          </Button>
          <Button onClick={() => navigate('/slaManage')}>取消</Button>
        </Space>
      </Form>
    </Card>
  );
}
