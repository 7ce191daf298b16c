import { errorMessages } from '@sk/shared/common/errors';
import { teamContract } from '@sk/shared/org/team.contract';
import type { PendingRow } from '@sk/shared/settle/settle.contract';
import { Alert, Button, Card, DatePicker, Form, Input, List, Select, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate, useSearchParams } from 'react-router';
import { useApi, useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { C, yuan } from '../api';

interface Values {
  providerId: number;
  period: [Dayjs, Dayjs];
  remark?: string;
}

/** 工单 2 单 ¥35.50 · 费用申请 1 笔 ¥4.50 · 奖惩 1 笔 -¥3.00: what a statement would take, its empty parts left out. */
export function pendingText(r: PendingRow): string {
  return [
    r.orderCount ? `工单 ${r.orderCount} 单 ${yuan(r.orderCents)}` : '',
    r.claimCount ? `费用申请 ${r.claimCount} 笔 ${yuan(r.claimCents)}` : '',
    r.rewardCount ? `奖惩 ${r.rewardCount} 笔 ${yuan(r.rewardCents)}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The period as the API takes it, or nothing while the picker is empty. */
const periodOf = (p: [Dayjs, Dayjs] | null | undefined) =>
  p?.[0] && p[1] ? { periodStart: p[0].format('YYYY-MM-DD'), periodEnd: p[1].format('YYYY-MM-DD') } : null;

/** What the period holds to settle: the chosen provider's items, or every provider with any (a click chooses it). */
function PendingPreview({ providerId, period, onPick }: { providerId?: number; period: ReturnType<typeof periodOf>; onPick: (id: number) => void }) {
  const pending = useApi(C.pending, period ?? { periodStart: '', periodEnd: '' }, { enabled: !!period });
  if (!period) return null;
  if (pending.isLoading) return <Spin size="small" />;
  const rows = pending.data ?? [];
  if (providerId != null) {
    const mine = rows.find((r) => r.providerId === providerId);
    return mine ? (
      <Alert type="success" showIcon message={`合计 ${yuan(mine.totalCents)}`} description={pendingText(mine)} />
    ) : (
      <Alert type="warning" showIcon message={errorMessages.SETTLE_EMPTY} />
    );
  }
  if (rows.length === 0) return <Typography.Text type="secondary">该期间没有待结算的服务商</Typography.Text>;
  return (
    <List
      size="small"
      bordered
      dataSource={rows}
      renderItem={(r) => (
        <List.Item
          actions={[
            <Button key="pick" type="link" size="small" onClick={() => onPick(r.providerId)}>
              选择
            </Button>,
          ]}
        >
          <List.Item.Meta title={`${r.providerName}　${yuan(r.totalCents)}`} description={pendingText(r)} />
        </List.Item>
      )}
    />
  );
}

/** 新建结算单: a provider and a period; the statement takes every order of the provider priced in it and not yet settled. */
export default function SettleAccountsCreate() {
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const providers = useApi(teamContract.providerSimpleList, {});
  const create = useApiMutation(C.create);
  const lastMonth = dayjs().subtract(1, 'month');
  // 外包结算's reminder names the one provider left to settle.
  const preset = Number(useSearchParams()[0].get('providerId')) || undefined;
  const providerId = Form.useWatch('providerId', form);
  const period = periodOf(Form.useWatch('period', form));
  return (
    <Card title="新建结算单" size="small" style={{ maxWidth: 720 }}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="结算单包含该服务商在结算期间内完成（或完成审核）且已计价、尚未进入其他结算单的全部工单。"
      />
      <Form<Values>
        form={form}
        layout="vertical"
        name="settleCreate"
        initialValues={{ providerId: preset, period: [lastMonth.startOf('month'), lastMonth.endOf('month')] }}
        onFinish={async (v) => {
          const r = await create.mutateAsync({
            providerId: v.providerId,
            periodStart: v.period[0].format('YYYY-MM-DD'),
            periodEnd: v.period[1].format('YYYY-MM-DD'),
            remark: v.remark || null,
          });
          navigate(`/settleAccounts/detail?id=${r.id}`);
        }}
      >
        <Form.Item name="providerId" label="服务商" rules={rulesOf(C.create.body.shape.providerId, { required: '请选择服务商' })}>
          <Select
            showSearch
            allowClear
            optionFilterProp="label"
            placeholder="请选择服务商"
            options={(providers.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        <Form.Item
          name="period"
          label="结算期间"
          // why: a picked range of days (dayjs) in the form, the contract's periodStart and periodEnd texts on save
          rules={[{ required: true, message: '请选择结算期间' }]}
        >
          <DatePicker.RangePicker
            style={{ width: '100%' }}
            presets={[
              { label: '上月', value: [lastMonth.startOf('month'), lastMonth.endOf('month')] },
              { label: '本月', value: [dayjs().startOf('month'), dayjs().endOf('month')] },
            ]}
          />
        </Form.Item>
        <Form.Item label="待结算">
          <PendingPreview providerId={providerId} period={period} onPick={(id) => form.setFieldValue('providerId', id)} />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          生成结算单
        </Button>
      </Form>
    </Card>
  );
}
