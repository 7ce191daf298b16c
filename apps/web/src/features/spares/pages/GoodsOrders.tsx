import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { GoodsOrder } from '@sk/shared/spares/spares.contract';
import { Button, Card, Form, Input, InputNumber, Select, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { FilterSelect, type ListColumn, ListPage, RecordFormDialog } from '../../../components';
import { labelOptions } from '../../../lib/options';
import { invalidate, useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { fetchGoods, G } from '../api';
import { SpareSelect } from '../components/Selects';
import { GOODS_STATE_OPTIONS, GOODS_ORDER_STATES, label } from '../options';
import { PAYMENT_METHODS } from '@sk/shared/orders/orders.constants';

const PAYMENT_OPTIONS = labelOptions(PAYMENT_METHODS);

/** A line of an application as apply checks it: the form's rules are the contract's. */
const LINE = G.apply.body.shape.items.element.shape;

interface ApplyValues {
  paymentMethod?: number;
  address?: string;
  remark?: string;
  items: { spareId?: number; quantity?: number }[];
}

export const goodsPath = (outbound: boolean, id: number) => `${outbound ? '/outboundOrderDetail' : '/sparePartsSalesmanDetail'}?id=${id}`;

/** 备件申请 (applications) or 出库单 (the approved ones the manufacturer ships). */
export function GoodsOrders({ outbound }: { outbound: boolean }) {
  const [applying, setApplying] = useState(false);
  const apply = useApiMutation(G.apply, { onSuccess: () => invalidate(G.list) });
  const params = useMemo(() => (outbound ? { outbound: '1' } : {}), [outbound]);
  const title = outbound ? '出库单' : '备件申请';
  const columns: ListColumn<GoodsOrder>[] = [
    { key: 'id', dataIndex: 'id', title: '单号', render: (v: number) => <Link to={goodsPath(outbound, v)}>{`${outbound ? 'CK' : 'SQ'}-${v}`}</Link> },
    {
      key: 'state',
      dataIndex: 'state',
      title: '状态',
      render: (v: number) => <Tag color={v === 5 ? 'green' : v === 6 ? 'default' : 'orange'}>{label(GOODS_ORDER_STATES, v)}</Tag>,
    },
    { key: 'summary', dataIndex: 'summary', title: '备件明细' },
    { key: 'applicantName', dataIndex: 'applicantName', title: '申请人' },
    { key: 'warehouseName', dataIndex: 'warehouseName', title: '发货仓库', render: (v: string | null) => v ?? '—' },
    { key: 'trackingNo', dataIndex: 'trackingNo', title: '物流', render: (v: string | null, r) => (v ? `${r.logistics ?? ''} ${v}` : '—') },
    { key: 'address', dataIndex: 'address', title: '收货地址', render: (v: string) => v || '—' },
    { key: 'create_time', dataIndex: 'create_time', title: '申请时间' },
  ];
  return (
    <Card title={title} size="small">
      <ListPage<GoodsOrder>
        title={title}
        columns={columns}
        fetch={fetchGoods}
        params={params}
        sort={false}
        phoneCard={['id', 'state', 'summary', 'create_time']}
        filters={<FilterSelect name="state" label="状态" width={140} options={GOODS_STATE_OPTIONS.filter((o) => !outbound || o.value >= 3)} />}
        toolbar={
          outbound ? null : (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setApplying(true)}>
              申请备件
            </Button>
          )
        }
      />
      <RecordFormDialog<ApplyValues>
        open={applying}
        title="申请备件"
        width={680}
        initialValues={{ items: [{ quantity: 1 }] }}
        onClose={() => setApplying(false)}
        onSubmit={(v) =>
          apply.mutateAsync({
            paymentMethod: v.paymentMethod ?? null,
            address: v.address ?? '',
            remark: v.remark ?? '',
            items: v.items.map((i) => ({ spareId: i.spareId as number, quantity: i.quantity ?? 1 })),
          })
        }
      >
        <Form.List name="items">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f, i) => (
                <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item
                    name={[f.name, 'spareId']}
                    label={i === 0 ? '备件' : undefined}
                    rules={rulesOf(LINE.spareId, { required: '请选择备件' })}
                    style={{ width: 380 }}
                  >
                    <SpareSelect aria-label={`第${i + 1}行备件`} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'quantity']} label={i === 0 ? '数量' : undefined} rules={rulesOf(LINE.quantity, { required: '请输入数量' })}>
                    <InputNumber min={1} precision={0} aria-label={`第${i + 1}行数量`} />
                  </Form.Item>
                  {fields.length > 1 ? <MinusCircleOutlined aria-label="删除该行" onClick={() => remove(f.name)} /> : null}
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ quantity: 1 })}>
                添加备件
              </Button>
            </>
          )}
        </Form.List>
        <Form.Item name="paymentMethod" label="自费付款方式" style={{ marginTop: 16 }} extra="由申请人付款时选择；付款确认后才进入审核">
          <Select allowClear placeholder="无需付款" options={PAYMENT_OPTIONS} aria-label="自费付款方式" />
        </Form.Item>
        <Form.Item name="address" label="收货地址">
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </RecordFormDialog>
    </Card>
  );
}
