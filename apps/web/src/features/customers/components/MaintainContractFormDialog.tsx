import type { maintainContractDetailSchema } from '@sk/shared/customers/contracts.contract';
import { Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { z } from 'zod';
import { useApi, useApiMutation } from '../../../lib/query';
import { contractContract, productContract } from '../api';
import { type ExtFormApi, KIND, WithExtFields } from './CustomFields';
import { CustomerSelect } from './CustomerSelect';

type Detail = z.infer<typeof maintainContractDetailSchema>;

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

function MaintainForm({
  detail,
  customerId,
  ext,
  onClose,
  onSaved,
}: {
  detail: Detail | null;
  customerId?: number;
  ext: ExtFormApi;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const [form] = Form.useForm<Values>();
  const chosen = Form.useWatch('customerId', form);
  const save = useApiMutation(contractContract.maintainSave, {
    invalidates: MAINTAIN_READS,
    onSuccess: (r) => {
      onSaved(r.id);
      onClose();
    },
  });
  const initial: Values = detail
    ? {
        contractNo: detail.contractNo,
        name: detail.name,
        customerId: detail.customerId,
        period: [dayjs(detail.startDate), dayjs(detail.endDate)],
        amount: detail.amount,
        productIds: detail.products.map((p) => p.id),
        remark: detail.remark ?? '',
      }
    : { name: '', customerId: customerId ?? null, productIds: [] };

  const submit = async (v: Values) => {
    const values = await ext.check();
    if (!values) return;
    const [start, end] = v.period as [Dayjs, Dayjs];
    save.mutate({
      id: detail?.id,
      contractNo: v.contractNo || null,
      name: v.name,
      customerId: v.customerId as number,
      startDate: start.format('YYYY-MM-DD'),
      endDate: end.format('YYYY-MM-DD'),
      amount: v.amount ?? 0,
      productIds: v.productIds,
      remark: v.remark || null,
      ext: values,
    });
  };

  return (
    <Form<Values> form={form} id="sk-maintain-form" name="sk-maintain-form" layout="vertical" initialValues={initial} onFinish={submit} preserve={false}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="contractNo" label="合同编号" extra="不填时自动生成" rules={[{ max: 50, message: '合同编号不能超过50个字' }]}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="name"
            label="合同名称"
            rules={[
              { required: true, whitespace: true, message: '请输入合同名称' },
              { max: 100, message: '合同名称不能超过100个字' },
            ]}
          >
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="customerId" label="客户" rules={[{ required: true, message: '请选择客户' }]}>
            <CustomerSelect disabled={!!customerId || !!detail} onChange={() => form.setFieldValue('productIds', [])} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="period" label="服务期限" rules={[{ required: true, message: '请选择服务期限' }]}>
            <DatePicker.RangePicker style={{ width: '100%' }} format="YYYY/MM/DD" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="amount" label="合同金额（元）" rules={[{ required: true, message: '请输入合同金额' }]}>
            <InputNumber min={0} max={999_999_999} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="productIds" label="保修设备">
            <CoveredSelect customerId={chosen} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="remark" label="备注" rules={[{ max: 500, message: '备注不能超过500个字' }]}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}

function Body({ id, customerId, onClose, onSaved }: { id: number | null; customerId?: number; onClose: () => void; onSaved: (id: number) => void }) {
  const detail = useApi(contractContract.maintainDetail, { id: id ?? 0 }, { enabled: !!id, staleTime: 0 });
  if (id && !detail.data) return <Spin />;
  const d = detail.data ?? null;
  return (
    <WithExtFields kind={KIND.maintainContract} isNew={!d} initial={d?.ext}>
      {(ext) => (
        <>
          <MaintainForm detail={d} customerId={customerId} ext={ext} onClose={onClose} onSaved={onSaved} />
          {ext.form}
        </>
      )}
    </WithExtFields>
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
  return (
    <Modal
      open={open}
      title={id ? '编辑维保合同' : '新建维保合同'}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ htmlType: 'submit', form: 'sk-maintain-form' }}
      onCancel={onClose}
      destroyOnHidden
      width={760}
    >
      {open ? <Body id={id} customerId={customerId} onClose={onClose} onSaved={(x) => onSaved?.(x)} /> : null}
    </Modal>
  );
}
