import type { ExtValues } from '@sk/shared/forms/forms.schema';
import { installedBody, type installedProductDetailSchema } from '@sk/shared/customers/products.contract';
import { rulesOf } from '../../../lib/zodRules';
import { Col, DatePicker, Form, Input, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { z } from 'zod';
import { useApi, useApiMutation } from '../../../lib/query';
import { customerContract, productContract } from '../api';
import { useDebounced } from '../../../lib/useDebounced';
import { PRODUCT_STATUS_OPTIONS } from '../options';
import { ExtRecordFormDialog, KIND, useEditedRecord } from './CustomFields';
import { CustomerSelect } from './CustomerSelect';

/** An installed product's fields as the contract checks them: the form's rules are the contract's. */
const I = installedBody.shape;

type Detail = z.infer<typeof installedProductDetailSchema>;

interface Values {
  productId?: number;
  name?: string;
  serialNumber?: string;
  customerId?: number | null;
  addressId?: number | null;
  installDate?: Dayjs | null;
  purchaseDate?: Dayjs | null;
  status: number;
  remark?: string;
}

const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);
const dayOf = (s: string | null) => (s ? dayjs(s) : null);

/** A catalogue product chosen by name, brand or model. */
export function ModelSelect({ value, onChange, id }: { value?: number | null; onChange?: (v: number | null) => void; id?: string }) {
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed);
  const found = useApi(productContract.productSimpleList, { keyword: keyword || undefined });
  const chosen = useApi(productContract.productSimpleList, { ids: value ? [value] : [] }, { enabled: !!value });
  const rows = [...(chosen.data ?? []), ...(found.data ?? [])];
  const options = [...new Map(rows.map((m) => [m.id, { value: m.id, label: [m.name, m.model].filter(Boolean).join(' ') }])).values()];
  return (
    <Select<number>
      id={id}
      showSearch={{ filterOption: false, onSearch: (v) => setTyped(v.trim()) }}
      placeholder="输入产品名称、品牌或型号搜索"
      allowClear
      style={{ minWidth: 220 }}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={options}
      notFoundContent="产品库中没有匹配的产品"
      aria-label="产品"
    />
  );
}

/** The chosen customer's addresses. */
function AddressSelect({
  customerId,
  value,
  onChange,
  id,
}: {
  customerId?: number | null;
  value?: number | null;
  onChange?: (v: number | null) => void;
  id?: string;
}) {
  const detail = useApi(customerContract.detail, { id: customerId ?? 0 }, { enabled: !!customerId });
  const options = (detail.data?.addresses ?? []).map((a) => ({ value: a.id, label: a.fullAddress }));
  return (
    <Select
      id={id}
      allowClear
      disabled={!customerId}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={options}
      placeholder={customerId ? '请选择地址' : '请先选择客户'}
      aria-label="安装地址"
    />
  );
}

export interface InstalledFormDialogProps {
  open: boolean;
  /** The installed product to edit; null registers one. */
  id: number | null;
  customerId?: number;
  onClose: () => void;
  onSaved?: (id: number) => void;
}

const initialOf = (detail: Detail | null, customerId?: number): Values =>
  detail
    ? {
        productId: detail.productId,
        name: detail.name,
        serialNumber: detail.serialNumber ?? '',
        customerId: detail.customerId,
        addressId: detail.addressId,
        installDate: dayOf(detail.installDate),
        purchaseDate: dayOf(detail.purchaseDate),
        status: detail.status,
        remark: detail.remark ?? '',
      }
    : { customerId: customerId ?? null, status: 1 };

/** 登记设备 / 编辑设备: an installed product of the catalogue at a customer; the warranty end follows from the model. */
export function InstalledFormDialog({ open, id, customerId, onClose, onSaved }: InstalledFormDialogProps) {
  const [form] = Form.useForm<Values>();
  const chosenCustomer = Form.useWatch('customerId', form);
  const edited = useEditedRecord(productContract.productionDetail, { customerProductionId: id ?? 0 }, id, open);
  const save = useApiMutation(productContract.productionSave, {
    invalidates: [productContract.productionList, productContract.productionDetail, productContract.productionByCode],
  });

  const submit = async (v: Values, ext: ExtValues) => {
    const r = await save.mutateAsync({
      id: edited.record?.id,
      productId: v.productId as number,
      name: v.name || null,
      serialNumber: v.serialNumber || null,
      customerId: v.customerId ?? null,
      addressId: v.addressId ?? null,
      installDate: day(v.installDate),
      purchaseDate: day(v.purchaseDate),
      status: v.status,
      remark: v.remark || null,
      ext,
    });
    onSaved?.(r.id);
  };

  return (
    <ExtRecordFormDialog<Values>
      kind={KIND.customerProduct}
      name="sk-installed-form"
      form={form}
      open={open}
      title={id ? '编辑设备' : '登记设备'}
      width={760}
      {...edited}
      initialValues={initialOf(edited.record, customerId)}
      onSubmit={submit}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="productId" label="产品" rules={rulesOf(I.productId, { required: '请选择产品' })}>
            <ModelSelect />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="name" label="设备名称" extra="不填时使用产品名称和型号" rules={rulesOf(I.name)}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="serialNumber" label="序列号" rules={rulesOf(I.serialNumber)}>
            <Input maxLength={100} placeholder="本企业内唯一" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="status" label="设备状态" rules={rulesOf(I.status, { required: '请选择设备状态' })}>
            <Select options={PRODUCT_STATUS_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="customerId" label="客户">
            <CustomerSelect disabled={!!customerId} onChange={() => form.setFieldValue('addressId', null)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="addressId" label="安装地址">
            <AddressSelect customerId={chosenCustomer} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="purchaseDate" label="购买日期">
            <DatePicker style={{ width: '100%' }} format="YYYY/MM/DD" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="installDate" label="安装日期">
            <DatePicker style={{ width: '100%' }} format="YYYY/MM/DD" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="remark" label="备注" rules={rulesOf(I.remark)}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </ExtRecordFormDialog>
  );
}
