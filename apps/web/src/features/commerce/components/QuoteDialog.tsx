import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { QuoteDetail } from '@sk/shared/commerce/commerce.contract';
import { orderListContract } from '@sk/shared/orders/order.list.contract';
import { Button, DatePicker, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { RecordFormDialog } from '../../../components';
import { useApi, useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { CustomerSelect } from '../../customers';
import { Q, yuan } from '../api';
import { CoverageTag } from './bits';
import { ProductSelect } from './ProductSelect';

/** A quotation's fields and lines as the contract checks them: the form's rules are the contract's. */
const B = Q.create.body.shape;
const LN = B.lines.element.shape;

interface LineValues {
  item?: string;
  name?: string;
  quantity?: number;
  price?: number;
}
interface Values {
  title: string;
  customerId?: number;
  installedProductId?: number;
  orderId?: number;
  validUntil?: dayjs.Dayjs;
  discount?: number;
  remark?: string;
  lines: LineValues[];
}

/** 'kind:id' of a catalogue line, or 'other' for a typed fee. */
const lineBody = (l: LineValues) => {
  if (!l.item || l.item === 'other') return { kind: 3 as const, name: l.name, quantity: l.quantity ?? 1, unitCents: Math.round((l.price ?? 0) * 100) };
  const [kind, id] = l.item.split(':').map(Number);
  return { kind: kind as 1 | 2, itemId: id, quantity: l.quantity ?? 1 };
};

/** The customer's orders, to write a quotation into. */
export function OrderSelect({
  customerId,
  value,
  onChange,
  placeholder = '可选：接受后费用写入该工单',
}: {
  customerId?: number;
  value?: number;
  onChange?: (v: number | undefined) => void;
  placeholder?: string;
}) {
  const orders = useApi(
    orderListContract.getAllOrderList,
    { scope: 'all', customerId, pageIndex: 0, pageSize: 50 },
    { enabled: !!customerId, call: { silent: true } },
  );
  return (
    <Select<number>
      allowClear
      disabled={!customerId}
      placeholder={placeholder}
      value={value}
      onChange={(v) => onChange?.(v)}
      aria-label="关联工单"
      options={(orders.data?.list ?? []).map((o) => ({ value: o.id, label: `${o.orderNo} ${o.title}` }))}
    />
  );
}

/** The quotation form (新建 / 编辑): lines priced live against the product's coverage, covered ones at ¥0 with the reason. */
export function QuoteDialog(p: { open: boolean; onClose: () => void; editing?: QuoteDetail; onSaved?: (id: number) => void }) {
  const [form] = Form.useForm<Values>();
  const customerId = Form.useWatch('customerId', form);
  const productId = Form.useWatch('installedProductId', form);
  const lines = Form.useWatch('lines', form) ?? [];
  const discount = Form.useWatch('discount', form) ?? 0;
  const [keyword, setKeyword] = useState('');
  const items = useApi(Q.items, { keyword: keyword || undefined }, { enabled: p.open, call: { silent: true } });
  const create = useApiMutation(Q.create);
  const update = useApiMutation(Q.update);
  const body = useMemo(() => lines.filter((l) => l?.item && (l.item !== 'other' || l.name)).map(lineBody), [lines]);
  const priced = useApi(
    Q.price,
    { customerId: customerId as number, installedProductId: productId, discountCents: Math.round(discount * 100), lines: body },
    { enabled: p.open && !!customerId && body.length > 0, call: { silent: true } },
  );
  const options = [
    ...(items.data ?? []).map((i) => ({
      value: `${i.kind}:${i.id}`,
      label: `${i.kind === 1 ? '服务' : '备件'} · ${i.name}（${yuan(i.unitCents)}/${i.unit || '个'}）`,
    })),
    { value: 'other', label: '其他费用（手填）' },
  ];
  const e = p.editing;
  const initial: Partial<Values> = e
    ? {
        title: e.title,
        customerId: e.customerId,
        installedProductId: e.installedProductId ?? undefined,
        orderId: e.orderId ?? undefined,
        validUntil: dayjs(e.validUntil),
        discount: e.discountCents / 100,
        remark: e.remark,
        lines: e.lines.map((l) =>
          l.kind === 3
            ? { item: 'other', name: l.name, quantity: l.quantity, price: l.unitCents / 100 }
            : { item: `${l.kind}:${l.itemId}`, quantity: l.quantity },
        ),
      }
    : { lines: [{ quantity: 1 }], discount: 0 };
  return (
    <RecordFormDialog<Values>
      open={p.open}
      title={e ? `编辑报价 ${e.quoteNo}` : '新建报价'}
      width={820}
      form={form}
      initialValues={initial}
      onClose={p.onClose}
      onSubmit={async (v) => {
        const b = {
          title: v.title,
          customerId: v.customerId as number,
          installedProductId: v.installedProductId ?? null,
          orderId: v.orderId ?? null,
          validUntil: v.validUntil ? v.validUntil.format('YYYY-MM-DD') : undefined,
          discountCents: Math.round((v.discount ?? 0) * 100),
          remark: v.remark,
          lines: v.lines.map(lineBody),
        };
        const r = e ? await update.mutateAsync({ ...b, id: e.id }) : await create.mutateAsync(b);
        p.onSaved?.(r.id);
      }}
    >
      <Form.Item name="title" label="报价标题" rules={rulesOf(B.title)}>
        <Input maxLength={50} placeholder="如：压缩机更换" />
      </Form.Item>
      <Space wrap align="start" style={{ display: 'flex' }}>
        <Form.Item name="customerId" label="客户" rules={rulesOf(B.customerId, { required: '请选择客户' })} style={{ width: 250 }}>
          <CustomerSelect onChange={(id) => form.setFieldsValue({ customerId: id ?? undefined, installedProductId: undefined, orderId: undefined })} />
        </Form.Item>
        <Form.Item name="installedProductId" label="设备" style={{ width: 250 }}>
          <ProductSelect customerId={customerId} />
        </Form.Item>
        <Form.Item name="orderId" label="关联工单" style={{ width: 250 }}>
          <OrderSelect customerId={customerId} />
        </Form.Item>
      </Space>
      {priced.data?.coverage ? (
        <Typography.Paragraph>
          保修状态：
          <CoverageTag c={priced.data.coverage} />
        </Typography.Paragraph>
      ) : null}
      <Form.List name="lines">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f, i) => {
              const other = lines[i]?.item === 'other';
              const pl = body.length === lines.length ? priced.data?.lines[i] : undefined;
              return (
                <Space key={f.key} align="baseline" wrap style={{ display: 'flex' }}>
                  <Form.Item
                    name={[f.name, 'item']}
                    label={i === 0 ? '项目' : undefined}
                    // why: a picked catalogue entry ('service:1', 'spare:2' or 'other'), turned into kind and itemId on save
                    rules={[{ required: true, message: '请选择项目' }]}
                    style={{ width: 300 }}
                  >
                    <Select
                      showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
                      options={options}
                      aria-label={`第${i + 1}行项目`}
                      placeholder="服务项目或备件"
                    />
                  </Form.Item>
                  {other ? (
                    <>
                      <Form.Item name={[f.name, 'name']} label={i === 0 ? '名称' : undefined} rules={rulesOf(LN.name, { required: '请填写名称' })}>
                        <Input maxLength={50} style={{ width: 120 }} aria-label={`第${i + 1}行名称`} />
                      </Form.Item>
                      <Form.Item
                        name={[f.name, 'price']}
                        label={i === 0 ? '单价' : undefined}
                        // why: yuan in the form, cents (unitCents) in the contract
                        rules={[{ required: true, message: '请填写单价' }]}
                      >
                        <InputNumber min={0} precision={2} aria-label={`第${i + 1}行单价`} />
                      </Form.Item>
                    </>
                  ) : null}
                  <Form.Item name={[f.name, 'quantity']} label={i === 0 ? '数量' : undefined} rules={rulesOf(LN.quantity, { required: '请输入数量' })}>
                    <InputNumber min={1} max={9999} precision={0} aria-label={`第${i + 1}行数量`} />
                  </Form.Item>
                  <span data-testid={`line-amount-${i + 1}`}>
                    {pl ? yuan(pl.amountCents) : ''}
                    {pl?.coverReason ? <Typography.Text type="success">{` ${pl.coverReason}`}</Typography.Text> : null}
                  </span>
                  {fields.length > 1 ? <MinusCircleOutlined aria-label="删除该行" onClick={() => remove(f.name)} /> : null}
                </Space>
              );
            })}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ quantity: 1 })}>
              添加明细
            </Button>
          </>
        )}
      </Form.List>
      <Space wrap align="start" style={{ display: 'flex', marginTop: 16 }}>
        <Form.Item name="discount" label="折扣金额（元）">
          <InputNumber min={0} precision={2} aria-label="折扣金额" />
        </Form.Item>
        <Form.Item name="validUntil" label="有效期至">
          <DatePicker placeholder="默认15天" />
        </Form.Item>
        <Typography.Text strong data-testid="quote-total">
          {priced.data ? `合计 ${yuan(priced.data.grossCents)}，应付 ${yuan(priced.data.totalCents)}` : ''}
        </Typography.Text>
      </Space>
      <Form.Item name="remark" label="备注">
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </RecordFormDialog>
  );
}
