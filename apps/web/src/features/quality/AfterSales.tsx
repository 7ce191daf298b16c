// 寄修与退换货 on a complaint's, an order's or a repair-sent order's page: 生成寄修单 and 退换货 for whoever holds those
// pages, and the orders raised from this record (each opens its detail).
import { EXCHANGE_POWER, REPAIR_POWER } from '@sk/shared/quality/repair.constants';
import type { ExchangeCreateBody, RepairCreateBody } from '@sk/shared/quality/repair.contract';
import { Button, Card, Form, Input, InputNumber, Radio, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { RecordFormDialog } from '../../components';
import { useApi, useApiMutation } from '../../lib/query';
import { useCan } from '../../lib/session';
import { rulesOf } from '../../lib/zodRules';
import { exchangePath, R, repairPath, X, yuan } from './api';
import { DictSelect } from './DictSelect';
import { EXCHANGE_KIND_OPTIONS, exchangeColor, exchangeKind, exchangeState, repairColor, repairState } from './options';

type Source = { complaintId: number } | { orderId: number } | { repairId: number } | { visitTaskId: number };
const rb = R.create.body.shape;
const xb = X.create.body.shape;

interface ExchangeValues {
  kind: 1 | 2;
  reason: string;
  amount?: number | null;
  serialNumbers?: string[];
  remark?: string | null;
  replacementSerial?: string | null;
}

export function AfterSales({ source, serial }: { source: Source; serial?: string | null }) {
  const can = useCan();
  const navigate = useNavigate();
  const canRepair = can(REPAIR_POWER) && !('repairId' in source);
  // A return-visit task raises repair-sent orders only (an exchange is raised from the complaint the failed visit opened).
  const canExchange = can(EXCHANGE_POWER) && !('visitTaskId' in source);
  const repairs = useApi(R.list, { ...source, pageIndex: 0, pageSize: 20 }, { enabled: canRepair, call: { silent: true } });
  const exchanges = useApi(X.list, { ...(source as { orderId: number }), pageIndex: 0, pageSize: 20 }, { enabled: canExchange, call: { silent: true } });
  const addRepair = useApiMutation(R.create);
  const addExchange = useApiMutation(X.create);
  const [open, setOpen] = useState<'repair' | 'exchange' | null>(null);
  if (!canRepair && !canExchange) return null;
  const repairSourceType = 'complaintId' in source ? 1 : 'visitTaskId' in source ? 3 : 2;
  const exchangeSourceType = 'complaintId' in source ? 1 : 'orderId' in source ? 2 : 3;
  const rows = [
    ...(repairs.data?.list ?? []).map((r) => (
      <Space key={`r${r.id}`} size={4}>
        <Link to={repairPath(r.id)}>{r.repairNo}</Link>寄修
        <Tag color={repairColor(r.state)}>{repairState(r.state)}</Tag>
      </Space>
    )),
    ...(exchanges.data?.list ?? []).map((x) => (
      <Space key={`x${x.id}`} size={4}>
        <Link to={exchangePath(x.id)}>{x.exchangeNo}</Link>
        {exchangeKind(x.kind)} {yuan(x.amount)} 元<Tag color={exchangeColor(x.state)}>{exchangeState(x.state)}</Tag>
      </Space>
    )),
  ];
  return (
    <Card
      size="small"
      title="寄修与退换货"
      extra={
        <Space wrap>
          {canRepair ? <Button onClick={() => setOpen('repair')}>生成寄修单</Button> : null}
          {canExchange ? <Button onClick={() => setOpen('exchange')}>退换货</Button> : null}
        </Space>
      }
    >
      {rows.length ? <Space direction="vertical">{rows}</Space> : <span className="sk-muted">暂无寄修单或退换货单</span>}
      <RecordFormDialog<Pick<RepairCreateBody, 'fault' | 'serialNumber' | 'inCarrier' | 'inWaybill' | 'remark'>>
        open={open === 'repair'}
        title="生成寄修单"
        name="repairAdd"
        initialValues={{ serialNumber: serial ?? undefined }}
        onSubmit={async (v) => {
          const r = await addRepair.mutateAsync({ ...v, ...source, sourceType: repairSourceType } as RepairCreateBody);
          navigate(repairPath(r.id));
        }}
        onClose={() => setOpen(null)}
      >
        <Form.Item name="fault" label="故障描述" rules={rulesOf(rb.fault)}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item name="serialNumber" label="序列号" rules={rulesOf(rb.serialNumber)} extra="留空则使用产品档案中的序列号">
          <Input />
        </Form.Item>
        <Space wrap>
          <Form.Item name="inCarrier" label="寄入物流公司">
            <DictSelect code="logistics_company" />
          </Form.Item>
          <Form.Item name="inWaybill" label="寄入运单号" rules={rulesOf(rb.inWaybill)}>
            <Input />
          </Form.Item>
        </Space>
        <Form.Item name="remark" label="备注" rules={rulesOf(rb.remark)}>
          <Input />
        </Form.Item>
      </RecordFormDialog>
      <RecordFormDialog<ExchangeValues>
        open={open === 'exchange'}
        title="退换货"
        name="exchangeAdd"
        initialValues={{ kind: 1, serialNumbers: serial ? [serial] : [] }}
        onSubmit={async (v) => {
          const r = await addExchange.mutateAsync({
            ...v,
            ...source,
            sourceType: exchangeSourceType,
            amount: Math.round((v.amount ?? 0) * 100),
            serialNumbers: v.serialNumbers ?? [],
            replacementSerial: v.kind === 1 ? v.replacementSerial || null : null,
          } as ExchangeCreateBody);
          navigate(exchangePath(r.id));
        }}
        onClose={() => setOpen(null)}
      >
        <Form.Item name="kind" label="类型" rules={rulesOf(xb.kind, { required: '请选择类型' })}>
          <Radio.Group options={EXCHANGE_KIND_OPTIONS} />
        </Form.Item>
        <Form.Item name="serialNumbers" label="序列号" extra="留空则使用来源产品的序列号">
          <Select mode="tags" open={false} tokenSeparators={[',', '，', ' ']} />
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(a, b) => a.kind !== b.kind}>
          {({ getFieldValue }) =>
            getFieldValue('kind') === 1 ? (
              <Form.Item
                name="replacementSerial"
                label="换新序列号"
                rules={rulesOf(xb.replacementSerial)}
                extra="库存中的换新机序列号；审批通过时退回的机器入寄修仓，换新机出库"
              >
                <Input />
              </Form.Item>
            ) : null
          }
        </Form.Item>
        <Form.Item name="reason" label="退换原因" rules={rulesOf(xb.reason)}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item name="amount" label="金额（元）">
          <InputNumber min={0} precision={2} />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={rulesOf(xb.remark)}>
          <Input />
        </Form.Item>
      </RecordFormDialog>
    </Card>
  );
}
