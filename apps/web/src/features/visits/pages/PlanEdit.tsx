// 回访计划 编辑 (/returnVisitPlan/edit/{id}; 0 = new): records (order types), delay after completion, sampling,
// the interval per customer, the questions (dimensions 0–3 and the return-visit form) and the visitors.
import { formsContract } from '@sk/shared/forms/forms.contract';
import { rvPlanBody, type VisitPlanBody } from '@sk/shared/visits/visits.contract';
import { Button, Card, Checkbox, Form, Input, InputNumber, Radio, Select, Space, Spin, Switch } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PersonField, type Person } from '../../../components';
import { rulesOf } from '../../../lib/zodRules';
import { invalidate, useApi, useApiMutation } from '../../../lib/query';
import { V } from '../api';
import { DIMENSIONS, MODE_OPTIONS, VISIT_TYPE_OPTIONS } from '../options';

interface Values extends Omit<VisitPlanBody, 'visitorIds'> {
  visitors: Person[];
  delayValue: number;
  delayUnit: 1 | 60 | 1440;
}
const field = (k: keyof typeof rvPlanBody.shape) => rulesOf(rvPlanBody.shape[k]);

export default function PlanEdit() {
  const id = Number(useParams().id ?? 0);
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const plan = useApi(V.planDetail, { id }, { enabled: id > 0, staleTime: 0 });
  const visitType = Form.useWatch('visitType', form) ?? 1;
  const types = useApi(formsContract.orderTypeList, undefined, { enabled: visitType === 1 });
  const eventTypes = useApi(formsContract.eventTempList, { pageIndex: 0, pageSize: 100, enabled: true }, { enabled: visitType === 6 });
  // The return-visit form: the enterprise's 服务评价 form (kind 8, one template), designed in 表单设置.
  const visitForm = useApi(formsContract.dcFormInfo, { type: 8 }, { call: { silent: true } });
  const templateOptions = (visitType === 6 ? (eventTypes.data?.list ?? []) : (types.data ?? [])).map((t) => ({ value: t.id, label: t.name }));
  const done = {
    // the list page stays mounted in its tab: its rows are refreshed before it shows again
    onSuccess: async () => {
      await invalidate(V.planList);
      navigate('/returnVisitPlan');
    },
  };
  const create = useApiMutation(V.planCreate, done);
  const update = useApiMutation(V.planUpdate, done);
  const mode = Form.useWatch('visitorMode', form);

  useEffect(() => {
    const p = plan.data;
    if (!p) return;
    const unit = p.delayMinutes % 1440 === 0 && p.delayMinutes > 0 ? 1440 : p.delayMinutes % 60 === 0 && p.delayMinutes > 0 ? 60 : 1;
    form.setFieldsValue({
      ...p,
      formTemplateId: p.formTemplateId,
      delayValue: p.delayMinutes / unit,
      delayUnit: unit,
      visitorMode: p.visitorMode as 1 | 2,
      visitors: p.visitorIds.map((vid, i) => ({ id: vid, name: p.visitorNames[i] ?? String(vid), mobile: '', department_name: null })),
    });
  }, [plan.data, form]);

  const save = (v: Values) => {
    const { visitors, delayValue, delayUnit, ...rest } = v;
    const body = { ...rest, delayMinutes: Math.round(Number(delayValue ?? 0) * delayUnit), visitorIds: (visitors ?? []).map((p) => p.id) };
    if (id > 0) update.mutate({ id, ...body });
    else create.mutate(body);
  };
  if (id > 0 && plan.isLoading) return <Spin />;
  return (
    <Card title={id > 0 ? '编辑回访计划' : '新建回访计划'} size="small">
      <Form<Values>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '180px' }}
        style={{ maxWidth: 800 }}
        initialValues={{
          samplePercent: 100,
          minIntervalDays: 0,
          delayValue: 1,
          delayUnit: 1440,
          dimensions: [0, 1, 2, 3],
          visitorMode: 1,
          enabled: true,
          templateIds: [],
          visitors: [],
          visitType: 1,
        }}
        onFinish={save}
      >
        <Form.Item name="name" label="计划名称" rules={field('name')}>
          <Input maxLength={50} placeholder="如：安装工单完工回访" />
        </Form.Item>
        <Form.Item name="visitType" label="回访类型" extra="服务单回访暂未开放；寄修回访适用于全部寄修单，寄修完成后生成回访任务">
          <Radio.Group
            options={VISIT_TYPE_OPTIONS}
            // The records differ by type: a changed type starts from every template of the new type.
            onChange={() => form.setFieldValue('templateIds', [])}
          />
        </Form.Item>
        <Form.Item
          name="templateIds"
          hidden={visitType === 53}
          label={visitType === 6 ? '事件模板' : '工单类型'}
          extra={
            visitType === 6 ? '不选择则适用于全部事件模板；事件关闭后生成回访任务' : '不选择则适用于全部工单类型；工单流程中“回访”环节关闭的工单不生成回访任务'
          }
        >
          <Select mode="multiple" allowClear placeholder={visitType === 6 ? '全部模板' : '全部类型'} options={templateOptions} />
        </Form.Item>
        <Form.Item label="完成后延迟" required>
          <Space.Compact>
            <Form.Item
              name="delayValue"
              noStyle
              // why: a count of the unit picked beside it; the contract's delayMinutes is their product, checked on save
              rules={[{ required: true, message: '请输入完成后延迟' }]}
            >
              <InputNumber min={0} max={129600} precision={0} style={{ width: 120 }} aria-label="延迟时长" />
            </Form.Item>
            <Form.Item name="delayUnit" noStyle>
              <Select
                style={{ width: 100 }}
                aria-label="延迟单位"
                options={[
                  { value: 1, label: '分钟' },
                  { value: 60, label: '小时' },
                  { value: 1440, label: '天' },
                ]}
              />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item
          name="samplePercent"
          label="抽样比例（%）"
          rules={rulesOf(rvPlanBody.shape.samplePercent, { required: '请输入抽样比例' })}
          extra="按比例抽取已完成的工单生成回访任务"
        >
          <InputNumber min={1} max={100} precision={0} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item
          name="minIntervalDays"
          label="同一客户最小间隔（天）"
          rules={rulesOf(rvPlanBody.shape.minIntervalDays, { required: '请输入同一客户最小间隔' })}
          extra="间隔内已回访过的客户不再生成回访任务，0 为不限"
        >
          <InputNumber min={0} max={365} precision={0} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="dimensions" label="评价维度">
          <Checkbox.Group options={DIMENSIONS} />
        </Form.Item>
        <Form.Item name="formTemplateId" label="回访表单" extra="回访时除评价维度外填写该表单的自定义字段，必填字段在回访通过时必须填写">
          <Select
            allowClear
            placeholder="不使用回访表单"
            options={
              visitForm.data ? [{ value: visitForm.data.templateId, label: `${visitForm.data.templateName}（${visitForm.data.fields.length}个字段）` }] : []
            }
          />
        </Form.Item>
        <Form.Item name="visitorMode" label="分配方式">
          <Radio.Group options={MODE_OPTIONS} />
        </Form.Item>
        <Form.Item
          name="visitors"
          label="回访客服"
          extra={mode === 2 ? '回访池：回访客服在“回访工单-回访池”中领取' : '按顺序轮流分配；服务人员本人不会被分配回访自己的工单'}
          // why: picked people (PersonField) in the form, the contract's visitorIds on save
          rules={mode === 2 ? [] : [{ required: true, type: 'array', min: 1, message: '轮流分配时请至少选择一名回访客服' }]}
        >
          <PersonField multiple role={7} placeholder="选择回访客服" />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Space>
            <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
              保存
            </Button>
            <Button onClick={() => navigate('/returnVisitPlan')}>取消</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
