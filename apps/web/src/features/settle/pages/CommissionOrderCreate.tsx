import { teamContract } from '@sk/shared/org/team.contract';
import { providerConsoleContract } from '@sk/shared/settle/provider.contract';
import { REWARD_KINDS } from '@sk/shared/settle/rewards.machine';
import { yuanOf } from '@sk/shared/settle/settle.contract';
import { Alert, Button, Card, Form, Input, InputNumber, Radio, Select } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { fileOf } from '../../../components/forms/fields/files';
import { AttachmentsField } from '../../../components/forms/fields/AttachmentsField';
import { UploadsGate, useUploadsGate } from '../../../components/forms/fields/uploads';
import { labelOptions } from '../../../lib/options';
import { useApi, useApiMutation } from '../../../lib/query';
import { R } from '../api';
import { rulesOf } from '../../../lib/zodRules';

/** A reward's fields as the contract checks them: the form's rules are the contract's. */
const RW = R.create.body.shape;

interface Values {
  providerId: number;
  kind: 1 | 2;
  amount: number;
  orderId?: number;
  reason: string;
  attachments?: number[];
}

/** The provider's orders to pick from (工单管理's list, by number). */
function OrderPicker({ providerId, value, onChange }: { providerId?: number; value?: number; onChange?: (v?: number) => void }) {
  const [keyword, setKeyword] = useState('');
  const orders = useApi(
    providerConsoleContract.management,
    { providerId: providerId ?? null, keyword: keyword || null, pageIndex: 0, pageSize: 20 },
    { enabled: !!providerId },
  );
  return (
    <Select
      allowClear
      showSearch
      filterOption={false}
      disabled={!providerId}
      placeholder={providerId ? '输入工单编号搜索（选填）' : '请先选择服务商'}
      value={value}
      onChange={onChange}
      onSearch={setKeyword}
      options={(orders.data?.list ?? []).map((o) => ({ value: o.id, label: `${o.orderNo} ${o.title}` }))}
    />
  );
}

/** 新建奖惩 (/commissionOrder/create): finance records a reward or a penalty for a provider; it goes into approval. */
export default function CommissionOrderCreate() {
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const providerId = Form.useWatch('providerId', form);
  const providers = useApi(teamContract.providerSimpleList, {});
  const create = useApiMutation(R.create);
  // 提交审批 waits for the 附件 under way: sent before, the record went without them.
  const uploads = useUploadsGate();
  return (
    <Card title="新建奖惩" size="small" style={{ maxWidth: 720 }}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="提交后进入审批；审批通过的奖惩在服务商下一张结算单中计入（奖励增加、处罚扣减）。提交人不能审批自己提交的奖惩单。"
      />
      <Form<Values>
        form={form}
        layout="vertical"
        name="rewardCreate"
        initialValues={{ kind: 2 }}
        onValuesChange={(changed) => {
          if ('providerId' in changed) form.setFieldValue('orderId', undefined);
        }}
        onFinish={async (v) => {
          if (uploads.uploading()) return;
          const r = await create.mutateAsync({
            providerId: v.providerId,
            orderId: v.orderId ?? null,
            kind: v.kind,
            amountCents: Math.round((v.amount ?? 0) * 100),
            reason: v.reason,
            attachments: (v.attachments ?? []).map((id) => fileOf(id).url),
          });
          navigate(`/commissionOrder/list?id=${r.id}`);
        }}
      >
        <Form.Item name="providerId" label="服务商" rules={rulesOf(RW.providerId, { required: '请选择服务商' })}>
          <Select
            showSearch
            optionFilterProp="label"
            placeholder="请选择服务商"
            options={(providers.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        <Form.Item name="kind" label="奖惩类型" rules={rulesOf(RW.kind, { required: '请选择奖惩类型' })}>
          <Radio.Group options={labelOptions(REWARD_KINDS)} />
        </Form.Item>
        <Form.Item name="amount" label="金额（元）" rules={rulesOf(yuanOf(RW.amountCents), { required: '请输入金额' })}>
          <InputNumber min={0.01} max={100000} precision={2} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="orderId" label="关联工单">
          <OrderPicker providerId={providerId} />
        </Form.Item>
        <Form.Item name="reason" label="奖惩原因" rules={rulesOf(RW.reason)}>
          <Input.TextArea maxLength={500} rows={3} showCount />
        </Form.Item>
        <UploadsGate gate={uploads}>
          <Form.Item name="attachments" label="附件">
            <AttachmentsField maxCount={9} />
          </Form.Item>
        </UploadsGate>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          提交审批
        </Button>
        <Button style={{ marginLeft: 8 }} onClick={() => navigate('/commissionOrder/list')}>
          取消
        </Button>
      </Form>
    </Card>
  );
}
