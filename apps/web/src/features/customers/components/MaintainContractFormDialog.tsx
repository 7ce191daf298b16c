import { maintainContractBody } from '@sk/shared/customers/contracts.contract';
import type { ExtValues } from '@sk/shared/forms/forms.schema';
import { Col, DatePicker, Form, InputNumber, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useApi, useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { contractContract, productContract } from '../api';
import { ExtRecordFormDialog, KIND, useEditedRecord } from './CustomFields';
import { ContractHeadItems, RemarkItem } from './RecordFields';

interface Values {
  contractNo?: string;
  name: string;
  customerId?: number | null;
  period?: [Dayjs, Dayjs] | null;
  amount?: number | null;
  productIds: number[];
  remark?: string;
}

export const MAINTAIN_READS = [contractContract.maintainList, contractContract.maintainDetail];

/** Installed products of the chosen customer (the ones the contract covers). */
function CoveredSelect({ customerId, value, onChange, id }: { customerId?: number | null; value?: number[]; onChange?: (v: number[]) => void; id?: string }) {
  const units = useApi(
    productContract.productionList,
    { customerId: customerId ?? undefined, pageIndex: 0, pageSize: 100 },
    { enabled: !!customerId, call: { silent: true } },
  );
  const options = (units.data?.list ?? []).map((p) => ({ value: p.id, label: [p.name, p.serialNumber].filter(Boolean).join(' · ') }));
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      disabled={!customerId}
      value={value}
      onChange={onChange}
      options={options}
      placeholder={customerId ? '选择该客户的设备' : '请先选择客户'}
      showSearch={{ optionFilterProp: 'label' }}
      aria-label="保修设备"
    />
  );
}

/** New or edited maintenance contract: name, customer, service period, amount and the covered products. */
export function MaintainContractFormDialog({
  open,
  id,
  customerId,
  onClose,
  onSaved,
}: {
  open: boolean;
  id: number | null;
  customerId?: number;
  onClose: () => void;
  onSaved?: (id: number) => void;
}) {
  const [form] = Form.useForm<Values>();
  const chosen = Form.useWatch('customerId', form);
  const edited = useEditedRecord(contractContract.maintainDetail, { id: id ?? 0 }, id, open);
  const save = useApiMutation(contractContract.maintainSave, { invalidates: MAINTAIN_READS });
  const d = edited.record;
  const initial: Values = d
    ? {
        contractNo: d.contractNo,
        name: d.name,
        customerId: d.customerId,
        period: [dayjs(d.startDate), dayjs(d.endDate)],
        amount: d.amount,
        productIds: d.products.map((p) => p.id),
        remark: d.remark ?? '',
      }
    : { name: '', customerId: customerId ?? null, productIds: [] };

  const submit = async (v: Values, ext: ExtValues) => {
    const [start, end] = v.period as [Dayjs, Dayjs];
    const r = await save.mutateAsync({
      id: d?.id,
      contractNo: v.contractNo || null,
      name: v.name,
      customerId: v.customerId as number,
      startDate: start.format('YYYY-MM-DD'),
      endDate: end.format('YYYY-MM-DD'),
      amount: v.amount ?? 0,
      productIds: v.productIds,
      remark: v.remark || null,
      ext,
    });
    onSaved?.(r.id);
  };

  return (
    <ExtRecordFormDialog<Values>
      kind={KIND.maintainContract}
      name="sk-maintain-form"
      form={form}
      open={open}
      title={id ? '编辑维保合同' : '新建维保合同'}
      width={760}
      {...edited}
      initialValues={initial}
      onSubmit={submit}
      onClose={onClose}
    >
      <Row gutter={16}>
        <ContractHeadItems
          fields={maintainContractBody.shape}
          customerLocked={!!customerId || !!d}
          onCustomerChange={() => form.setFieldValue('productIds', [])}
        />
        <Col xs={24} md={12}>
          <Form.Item
            name="period"
            label="服务期限"
            // why: one range picker of two dayjs; the contract takes startDate and endDate as text
            rules={[{ required: true, message: '请选择服务期限' }]}
          >
            <DatePicker.RangePicker style={{ width: '100%' }} format="YYYY/MM/DD" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="amount" label="合同金额（元）" rules={rulesOf(maintainContractBody.shape.amount)}>
            <InputNumber min={0} max={999_999_999} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="productIds" label="保修设备">
            <CoveredSelect customerId={chosen} />
          </Form.Item>
        </Col>
        <RemarkItem field={maintainContractBody.shape.remark} />
      </Row>
    </ExtRecordFormDialog>
  );
}
