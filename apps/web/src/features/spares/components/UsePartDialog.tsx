import { orderMoneyContract } from '@sk/shared/orders/order.money.contract';
import type { HeldSpare } from '@sk/shared/spares/spares.contract';
import { Form, Input, InputNumber, Select, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { RecordFormDialog } from '../../../components';
import { useApi, useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { S } from '../api';

/** A used part as orderUse checks it: the form's rules are the contract's. */
const U = S.orderUse.body.shape;

interface Values {
  spareId: number;
  quantity: number;
  serialIn?: string;
  serialOut?: string;
}

/** '压缩机（KFR-35）· 库存 2 台': what the picker shows of a spare in my stock. */
export const heldLabel = (h: HeldSpare): string => `${h.name}${h.model ? `（${h.model}）` : ''} · 库存 ${h.available}${h.unit ? ` ${h.unit}` : ''}`;

/** The quantity a spare allows: serial-tracked ones are recorded one unit (one serial) at a time, others up to what I hold. */
export const maxQuantity = (h: HeldSpare | null): number | undefined => (h ? (h.serialized ? 1 : h.available) : undefined);

/**
 * 登记备件: a part used on the order, from my own stock only. The picker offers what I hold (most first, with the
 * quantity); a serial-tracked part asks for the new unit's serial from my serials and the faulty one's. Saving
 * refreshes the parts, my stock and the order's fees (the total on the page follows).
 */
export function UsePartDialog({ orderId, open, onClose }: { orderId: number; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<HeldSpare | null>(null);
  const held = useApi(S.mineOptions, { keyword: keyword || undefined }, { enabled: open, staleTime: 0, call: { silent: true } });
  const use = useApiMutation(S.orderUse, { invalidates: [S.orderParts, S.mineOptions, orderMoneyContract.fees] });
  const list = held.data?.list ?? [];
  const max = maxQuantity(chosen);
  const close = () => {
    setChosen(null);
    setKeyword('');
    onClose();
  };
  const empty = keyword ? (
    '我的库存中没有匹配的备件'
  ) : (
    <span>
      我的库存中没有备件，请先<Link to="/spareGet">申领备件</Link>
    </span>
  );
  return (
    <RecordFormDialog<Values>
      form={form}
      open={open}
      title="登记备件"
      name="sk-use-part"
      initialValues={{ quantity: 1 }}
      onClose={close}
      onSubmit={(v) =>
        use.mutateAsync({ orderId, spareId: v.spareId, quantity: v.quantity, serialIn: v.serialIn?.trim() || null, serialOut: v.serialOut?.trim() || null })
      }
    >
      <Form.Item name="spareId" label="备件（从我的库存）" rules={rulesOf(U.spareId, { required: '请选择备件' })}>
        <Select<number>
          aria-label="备件（从我的库存）"
          showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
          placeholder="选择我库存中的备件"
          loading={held.isFetching}
          notFoundContent={held.isFetching ? null : empty}
          options={[...(chosen && !list.some((h) => h.id === chosen.id) ? [chosen] : []), ...list].map((h) => ({ value: h.id, label: heldLabel(h) }))}
          onChange={(id) => {
            const h = list.find((x) => x.id === id) ?? null;
            setChosen(h);
            form.setFieldsValue({ quantity: 1, serialIn: undefined, serialOut: undefined });
          }}
        />
      </Form.Item>
      <Form.Item
        name="quantity"
        label="数量"
        extra={chosen?.serialized ? '按序列号管理的备件每次登记1件' : undefined}
        // why: the contract's quantity, and what I hold of the picked spare, which the contract cannot know (the server checks it again)
        rules={[
          ...rulesOf(U.quantity, { required: '请输入数量' }),
          {
            validator: (_, v: number | null) =>
              chosen && v != null && v > chosen.available ? Promise.reject(new Error(`我的库存中只有${chosen.available}${chosen.unit}`)) : Promise.resolve(),
          },
        ]}
      >
        <InputNumber aria-label="数量" min={1} max={max} precision={0} disabled={chosen?.serialized} />
      </Form.Item>
      {chosen?.serialized ? (
        <Form.Item name="serialIn" label="新件序列号" rules={rulesOf(U.serialIn, { required: '请选择新件序列号' })}>
          <Select<string>
            aria-label="新件序列号"
            showSearch
            placeholder="从我库存中的序列号选择"
            options={chosen.serials.map((serial) => ({ value: serial, label: serial }))}
            notFoundContent="我的库存中没有该备件可用的序列号"
          />
        </Form.Item>
      ) : (
        <Form.Item name="serialIn" label="新件序列号" rules={rulesOf(U.serialIn)}>
          <Input maxLength={64} />
        </Form.Item>
      )}
      <Form.Item name="serialOut" label="旧件序列号" rules={rulesOf(U.serialOut, { required: chosen?.serialized ? '请填写旧件序列号' : false })}>
        <Input maxLength={64} />
      </Form.Item>
      {chosen ? (
        <Typography.Text type="secondary" data-testid="use-part-held">
          我的库存：{chosen.name} 可用 {chosen.available}
          {chosen.unit}
        </Typography.Text>
      ) : null}
    </RecordFormDialog>
  );
}
