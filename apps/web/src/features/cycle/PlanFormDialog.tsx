// The plan's create/edit dialog: template, what it maintains, the start rule and the day of the month.
import { CYCLE_START_TYPES, CYCLE_TARGETS } from '@sk/shared/cycle/cycle.constants';
import { type CyclePlan, type CyclePlanBody, cyclePlanBody } from '@sk/shared/cycle/cycle.contract';
import { DatePicker, Form, Input, InputNumber, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { RecordFormDialog } from '../../components';
import { labelOptions } from '../../lib/options';
import { useApi, useApiMutation } from '../../lib/query';
import { rulesOf } from '../../lib/zodRules';
import { CY } from './api';
import { frequencyText } from './format';
import { EngineerSelect } from '../spares';
import { ContractSelect, ProductSelect } from './PlanTargetSelect';

/** A plan's fields as the contract checks them: the form's rules are the contract's. */
const PB = cyclePlanBody.shape;

type Values = Omit<CyclePlanBody, 'startDate' | 'endDate'> & { startDate?: Dayjs | null; endDate?: Dayjs | null };
const fields = CY.planAdd.body.shape;
const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);

export function PlanFormDialog(p: { open: boolean; plan: CyclePlan | null; onClose: () => void; onSaved?: (id: number | null) => void }) {
  const [form] = Form.useForm<Values>();
  const tmpls = useApi(CY.tmplOptions, undefined, { enabled: p.open });
  const add = useApiMutation(CY.planAdd);
  const update = useApiMutation(CY.planUpdate);
  const target = Form.useWatch('targetType', form);
  const startType = Form.useWatch('startType', form);
  const templateId = Form.useWatch('templateId', form);
  const monthly = (tmpls.data ?? []).find((t) => t.id === templateId)?.unit === 4;
  const plan = p.plan;
  const initial: Partial<Values> = plan
    ? {
        ...plan,
        remark: plan.remark ?? undefined,
        engineerId: plan.engineerId ?? undefined,
        startDate: plan.startDate ? dayjs(plan.startDate) : null,
        endDate: plan.endDate ? dayjs(plan.endDate) : null,
      }
    : { targetType: 1, startType: 1, startDate: dayjs(), dayOfPeriod: 1 };
  const submit = async (v: Values) => {
    const b = { ...v, startDate: day(v.startDate), endDate: day(v.endDate) } as CyclePlanBody;
    if (plan) {
      await update.mutateAsync({ ...b, id: plan.id });
      p.onSaved?.(plan.id);
    } else p.onSaved?.((await add.mutateAsync(b)).id);
  };
  return (
    <RecordFormDialog<Values>
      open={p.open}
      form={form}
      name="cyclePlan"
      title={plan ? '编辑周期计划' : '新建周期计划'}
      width={600}
      initialValues={initial}
      // The day of the month shows once the templates say the plan is monthly: saved before, an edit would clear it.
      loading={p.open && tmpls.isPending}
      onSubmit={submit}
      onClose={p.onClose}
    >
      <Form.Item name="name" label="计划名称" rules={rulesOf(fields.name)}>
        <Input placeholder="如：某客户空调月度保养" />
      </Form.Item>
      <Form.Item name="templateId" label="周期模板" rules={rulesOf(PB.templateId, { required: '请选择周期模板' })}>
        <Select
          placeholder="选择周期模板"
          loading={tmpls.isLoading}
          options={(tmpls.data ?? []).map((t) => ({ value: t.id, label: `${t.name}（${frequencyText(t.every, t.unit)}）` }))}
          notFoundContent="请先在周期模板中新建模板"
        />
      </Form.Item>
      <Form.Item name="targetType" label="计划对象">
        <Radio.Group
          options={labelOptions(CYCLE_TARGETS)}
          onChange={(e) => {
            if (e.target.value === 2) form.setFieldValue('startType', 1);
          }}
        />
      </Form.Item>
      {target === 2 ? (
        <Form.Item name="contractId" label="维保合同" rules={rulesOf(PB.contractId, { required: '请选择维保合同' })}>
          <ContractSelect chosenLabel={plan?.contractName} />
        </Form.Item>
      ) : (
        <Form.Item name="installedProductId" label="设备" rules={rulesOf(PB.installedProductId, { required: '请选择设备' })}>
          <ProductSelect chosenLabel={plan?.productName ? `${plan.productName} · ${plan.customerName}` : null} />
        </Form.Item>
      )}
      <Form.Item name="startType" label="开始方式" extra={startType && startType !== 1 ? '从设备的购买或安装日期起，满一个周期后开始' : undefined}>
        <Radio.Group options={labelOptions(CYCLE_START_TYPES).map((o) => ({ ...o, disabled: target === 2 && o.value !== 1 }))} />
      </Form.Item>
      {startType === 1 ? (
        // why: a picked day (dayjs) in the form, the contract's date text on save
        <Form.Item name="startDate" label="开始日期" rules={[{ required: true, message: '请选择开始日期' }]}>
          <DatePicker format="YYYY/MM/DD" style={{ width: '100%' }} />
        </Form.Item>
      ) : null}
      {monthly ? (
        <Form.Item name="dayOfPeriod" label="每月几号" extra="当月没有该日时取当月最后一天；遇非工作日顺延到下一个工作日" rules={rulesOf(fields.dayOfPeriod)}>
          <InputNumber min={1} max={31} precision={0} placeholder="不填则同开始日" style={{ width: '100%' }} />
        </Form.Item>
      ) : null}
      <Form.Item name="engineerId" label="指定工程师" extra="生成的工单直接派给该工程师；不填则按派单规则派单">
        <EngineerSelect aria-label="指定工程师" placeholder="不指定（按派单规则）" />
      </Form.Item>
      <Form.Item name="endDate" label="结束日期" extra="不填则一直执行；维保合同的计划到合同结束为止">
        <DatePicker format="YYYY/MM/DD" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={rulesOf(fields.remark)}>
        <Input.TextArea rows={2} />
      </Form.Item>
    </RecordFormDialog>
  );
}
