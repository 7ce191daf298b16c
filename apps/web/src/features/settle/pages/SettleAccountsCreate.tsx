import { teamContract } from '@sk/shared/org/team.contract';
import { Alert, Button, Card, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import { useApi, useApiMutation } from '../../../lib/query';
import { C } from '../api';

interface Values {
  providerId: number;
  period: [Dayjs, Dayjs];
  remark?: string;
}

/** 新建结算单: a provider and a period; the statement takes every order of the provider priced in it and not yet settled. */
export default function SettleAccountsCreate() {
  const navigate = useNavigate();
  const providers = useApi(teamContract.providerSimpleList, {});
  const create = useApiMutation(C.create);
  const lastMonth = dayjs().subtract(1, 'month');
  return (
    <Card title="新建结算单" size="small" style={{ maxWidth: 720 }}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="结算单包含该服务商在结算期间内完成（或完成审核）且已计价、尚未进入其他结算单的全部工单。"
      />
      <Form<Values>
        layout="vertical"
        name="settleCreate"
        initialValues={{ period: [lastMonth.startOf('month'), lastMonth.endOf('month')] }}
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
        <Form.Item name="providerId" label="服务商" rules={[{ required: true, message: '请选择服务商' }]}>
          <Select
            showSearch
            optionFilterProp="label"
            placeholder="请选择服务商"
            options={(providers.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        <Form.Item name="period" label="结算期间" rules={[{ required: true, message: '请选择结算期间' }]}>
          <DatePicker.RangePicker
            style={{ width: '100%' }}
            presets={[
              { label: '上月', value: [lastMonth.startOf('month'), lastMonth.endOf('month')] },
              { label: '本月', value: [dayjs().startOf('month'), dayjs().endOf('month')] },
            ]}
          />
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
