import { PlusOutlined } from '@ant-design/icons';
import type { WarrantyExtRow } from '@sk/shared/commerce/commerce.contract';
import { WARRANTY_EXT_STATES } from '@sk/shared/commerce/commerce.machine';
import { Alert, Button, Card, Form, Input, InputNumber, Select, Space } from 'antd';
import { useState } from 'react';
import { FilterSelect, type ListColumn, ListPage, RecordFormDialog } from '../../../components';
import { labelOptions } from '../../../lib/options';
import { useApi, useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { useCan } from '../../../lib/session';
import { CustomerSelect } from '../../customers';
import { fetchExtensions, W, yuan } from '../api';
import { CoverageTag, ExtStateTag, UNIT_NAMES } from '../components/bits';
import { ProductSelect } from '../components/ProductSelect';

/** An extended warranty's fields as the contract checks them: the form's rules are the contract's. */
const X = W.create.body.shape;

interface Values {
  customerId?: number;
  installedProductId?: number;
  period?: number;
  unit?: 1 | 2 | 3;
  price?: number;
  remark?: string;
}

function Preview({ productId, period, unit }: { productId?: number; period?: number; unit?: 1 | 2 | 3 }) {
  const ok = !!productId && !!period && period > 0 && !!unit;
  const p = useApi(W.preview, { installedProductId: productId as number, period: period as number, unit: unit as 1 }, { enabled: ok, call: { silent: true } });
  if (!ok || !p.data) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      title={
        <Space wrap>
          当前保修
          <CoverageTag c={p.data.coverage} />
          {`延保期：${p.data.startDate} 至 ${p.data.endDate}`}
        </Space>
      }
    />
  );
}

/** 延保管理 (/extend/warranty): extended warranties sold on installed products (docs/commerce.md). */
export default function ExtendWarranty() {
  const [open, setOpen] = useState(false);
  const [cancelling, setCancelling] = useState<WarrantyExtRow | null>(null);
  const [form] = Form.useForm<Values>();
  const customerId = Form.useWatch('customerId', form);
  const productId = Form.useWatch('installedProductId', form);
  const period = Form.useWatch('period', form);
  const unit = Form.useWatch('unit', form);
  const create = useApiMutation(W.create);
  const cancel = useApiMutation(W.cancel);
  const can = useCan();
  const columns: ListColumn<WarrantyExtRow>[] = [
    { key: 'extNo', dataIndex: 'extNo', title: '延保单号' },
    { key: 'state', dataIndex: 'state', title: '状态', render: (v: number) => <ExtStateTag state={v} /> },
    { key: 'productName', dataIndex: 'productName', title: '设备', render: (v: string, r) => `${v}${r.serialNumber ? ` (${r.serialNumber})` : ''}` },
    { key: 'customerName', dataIndex: 'customerName', title: '客户', render: (v: string | null) => v ?? '—' },
    { key: 'period', dataIndex: 'period', title: '延保时长', render: (v: number, r) => `${v}${UNIT_NAMES[r.unit] ?? ''}` },
    { key: 'startDate', dataIndex: 'startDate', title: '延保期', render: (v: string, r) => `${v} 至 ${r.endDate}` },
    { key: 'priceCents', dataIndex: 'priceCents', title: '价格', render: (v: number) => yuan(v) },
    { key: 'creatorName', dataIndex: 'creatorName', title: '经办人', render: (v: string | null) => v ?? '—' },
    { key: 'create_time', dataIndex: 'create_time', title: '办理时间' },
    {
      key: 'actions',
      dataIndex: 'id',
      title: '操作',
      render: (_v: number, r) =>
        r.state === 1 || r.state === 2 ? (
          <Button size="small" danger onClick={() => setCancelling(r)}>
            作废
          </Button>
        ) : null,
    },
  ];
  return (
    <Card title="延保管理" size="small">
      <ListPage<WarrantyExtRow>
        title="延保管理"
        columns={columns}
        fetch={fetchExtensions}
        sort={false}
        phoneCard={['extNo', 'state', 'productName', 'startDate', 'priceCents']}
        filters={
          <>
            <Form.Item name="keyword" label="延保单号">
              <Input allowClear placeholder="YB…" style={{ width: 180 }} />
            </Form.Item>
            <FilterSelect name="state" label="状态" width={140} options={labelOptions(WARRANTY_EXT_STATES)} />
          </>
        }
        toolbar={
          can('menu_ExtendWarranty') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
              办理延保
            </Button>
          ) : null
        }
      />
      <RecordFormDialog<Values>
        open={open}
        title="办理延保"
        form={form}
        initialValues={{ period: 1, unit: 3 }}
        onClose={() => setOpen(false)}
        onSubmit={(v) =>
          create.mutateAsync({
            installedProductId: v.installedProductId as number,
            period: v.period as number,
            unit: v.unit as 1,
            priceCents: Math.round((v.price ?? 0) * 100),
            remark: v.remark,
          })
        }
      >
        <Form.Item
          name="customerId"
          label="客户"
          // why: the customer only narrows the device list; the contract takes the device
          rules={[{ required: true, message: '请选择客户' }]}
        >
          <CustomerSelect onChange={(id) => form.setFieldsValue({ customerId: id ?? undefined, installedProductId: undefined })} />
        </Form.Item>
        <Form.Item name="installedProductId" label="设备" rules={rulesOf(X.installedProductId, { required: '请选择设备' })}>
          <ProductSelect customerId={customerId} />
        </Form.Item>
        <Space align="start">
          <Form.Item name="period" label="延保时长" rules={rulesOf(X.period, { required: '请输入延保时长' })}>
            <InputNumber min={1} max={3650} precision={0} aria-label="延保时长" />
          </Form.Item>
          <Form.Item name="unit" label="单位" rules={rulesOf(X.unit, { required: '请选择单位' })}>
            <Select
              style={{ width: 100 }}
              aria-label="延保单位"
              options={[
                { value: 1, label: '天' },
                { value: 2, label: '月' },
                { value: 3, label: '年' },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="price"
            label="延保价格（元）"
            // why: yuan in the form, cents (priceCents) in the contract
            rules={[{ required: true, message: '请输入延保价格' }]}
          >
            <InputNumber min={0} max={1000000} precision={2} aria-label="延保价格" />
          </Form.Item>
        </Space>
        <Preview productId={productId} period={period} unit={unit} />
        <Form.Item name="remark" label="备注">
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </RecordFormDialog>
      <RecordFormDialog<{ note: string }>
        open={cancelling !== null}
        title={`作废延保 ${cancelling?.extNo ?? ''}`}
        okText="作废"
        onClose={() => setCancelling(null)}
        onSubmit={(v) => cancel.mutateAsync({ id: cancelling?.id as number, note: v.note })}
      >
        <Form.Item name="note" label="作废原因" rules={rulesOf(W.cancel.body.shape.note)}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </RecordFormDialog>
    </Card>
  );
}
