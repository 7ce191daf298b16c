import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { saleContractBody } from '@sk/shared/customers/contracts.contract';
import type { ExtValues } from '@sk/shared/forms/forms.schema';
import { Button, Col, DatePicker, Form, InputNumber, Row, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { contractContract } from '../api';
import { ExtRecordFormDialog, KIND, useEditedRecord } from './CustomFields';
import { ModelSelect } from './InstalledFormDialog';
import { ContractHeadItems, RemarkItem } from './RecordFields';

/** One product line of the contract body (saleContractBody.products' element). */
const LINE = saleContractBody.shape.products.unwrap().element.shape;

interface Line {
  productId?: number | null;
  quantity: number;
  price: number;
}
interface Values {
  contractNo?: string;
  name: string;
  customerId?: number | null;
  signDate?: Dayjs | null;
  products: Line[];
  remark?: string;
}

export const SALE_READS = [contractContract.saleList, contractContract.saleDetail];

function Lines() {
  return (
    <Form.List name="products">
      {(fields, { add, remove }) => (
        <>
          {fields.map((f) => (
            <Space key={f.key} align="baseline" style={{ display: 'flex', marginBottom: 4 }} wrap>
              <Form.Item name={[f.name, 'productId']} rules={rulesOf(LINE.productId, { required: '请选择产品' })} style={{ width: 280 }}>
                <ModelSelect />
              </Form.Item>
              <Form.Item name={[f.name, 'quantity']} rules={rulesOf(LINE.quantity, { required: '请输入数量' })}>
                <InputNumber min={1} max={1_000_000} precision={0} addonBefore="数量" style={{ width: 150 }} />
              </Form.Item>
              <Form.Item name={[f.name, 'price']}>
                <InputNumber min={0} precision={2} addonBefore="单价" style={{ width: 180 }} />
              </Form.Item>
              <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label="删除产品行" />
            </Space>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ productId: null, quantity: 1, price: 0 })}>
            添加产品
          </Button>
        </>
      )}
    </Form.List>
  );
}

/** New or edited sales contract (editable while 待提交): number, name, customer, signing date, product lines. */
export function SaleContractFormDialog({
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
  const edited = useEditedRecord(contractContract.saleDetail, { id: id ?? 0 }, id, open);
  const save = useApiMutation(contractContract.saleSave, { invalidates: SALE_READS });
  const d = edited.record;
  const initial: Values = d
    ? {
        contractNo: d.contractNo,
        name: d.name,
        customerId: d.customerId,
        signDate: dayjs(d.signDate),
        products: d.products.map((p) => ({ productId: p.productId, quantity: p.quantity, price: p.price })),
        remark: d.remark ?? '',
      }
    : { name: '', customerId: customerId ?? null, signDate: dayjs(), products: [] };

  const submit = async (v: Values, ext: ExtValues) => {
    const r = await save.mutateAsync({
      id: d?.id,
      contractNo: v.contractNo || null,
      name: v.name,
      customerId: v.customerId as number,
      signDate: (v.signDate as Dayjs).format('YYYY-MM-DD'),
      remark: v.remark || null,
      products: v.products.map((p) => ({ productId: p.productId as number, quantity: p.quantity, price: p.price ?? 0 })),
      ext,
    });
    onSaved?.(r.id);
  };

  return (
    <ExtRecordFormDialog<Values>
      kind={KIND.saleContract}
      name="sk-sale-form"
      open={open}
      title={id ? '编辑销售合同' : '新建销售合同'}
      width={820}
      {...edited}
      initialValues={initial}
      onSubmit={submit}
      onClose={onClose}
    >
      <Row gutter={16}>
        <ContractHeadItems fields={saleContractBody.shape} customerLocked={!!customerId} />
        <Col xs={24} md={12}>
          <Form.Item
            name="signDate"
            label="签订日期"
            // why: a dayjs in the form; the contract's signDate is its 'YYYY-MM-DD' text
            rules={[{ required: true, message: '请选择签订日期' }]}
          >
            <DatePicker style={{ width: '100%' }} format="YYYY/MM/DD" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item label="合同产品">
            <Lines />
          </Form.Item>
        </Col>
        <RemarkItem field={saleContractBody.shape.remark} />
      </Row>
    </ExtRecordFormDialog>
  );
}
