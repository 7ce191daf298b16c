import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { saleContractDetailSchema } from '@sk/shared/customers/contracts.contract';
import { Button, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { z } from 'zod';
import { useApi, useApiMutation } from '../../../lib/query';
import { contractContract } from '../api';
import { type ExtFormApi, KIND, WithExtFields } from './CustomFields';
import { CustomerSelect } from './CustomerSelect';
import { ModelSelect } from './InstalledFormDialog';

type Detail = z.infer<typeof saleContractDetailSchema>;

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
              <Form.Item name={[f.name, 'productId']} rules={[{ required: true, message: '请选择产品' }]} style={{ width: 280 }}>
                <ModelSelect />
              </Form.Item>
              <Form.Item name={[f.name, 'quantity']} rules={[{ required: true, message: '请输入数量' }]}>
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

function SaleForm({
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
  const save = useApiMutation(contractContract.saleSave, {
    invalidates: SALE_READS,
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
        signDate: dayjs(detail.signDate),
        products: detail.products.map((p) => ({ productId: p.productId, quantity: p.quantity, price: p.price })),
        remark: detail.remark ?? '',
      }
    : { name: '', customerId: customerId ?? null, signDate: dayjs(), products: [] };

  const submit = async (v: Values) => {
    const values = await ext.check();
    if (!values) return;
    save.mutate({
      id: detail?.id,
      contractNo: v.contractNo || null,
      name: v.name,
      customerId: v.customerId as number,
      signDate: (v.signDate as Dayjs).format('YYYY-MM-DD'),
      remark: v.remark || null,
      products: v.products.map((p) => ({ productId: p.productId as number, quantity: p.quantity, price: p.price ?? 0 })),
      ext: values,
    });
  };

  return (
    <Form<Values> id="sk-sale-form" name="sk-sale-form" layout="vertical" initialValues={initial} onFinish={submit} preserve={false}>
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
            <CustomerSelect disabled={!!customerId} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="signDate" label="签订日期" rules={[{ required: true, message: '请选择签订日期' }]}>
            <DatePicker style={{ width: '100%' }} format="YYYY/MM/DD" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item label="合同产品">
            <Lines />
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
  const detail = useApi(contractContract.saleDetail, { id: id ?? 0 }, { enabled: !!id, staleTime: 0 });
  if (id && !detail.data) return <Spin />;
  const d = detail.data ?? null;
  return (
    <WithExtFields kind={KIND.saleContract} isNew={!d} initial={d?.ext}>
      {(ext) => (
        <>
          <SaleForm detail={d} customerId={customerId} ext={ext} onClose={onClose} onSaved={onSaved} />
          {ext.form}
        </>
      )}
    </WithExtFields>
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
  return (
    <Modal
      open={open}
      title={id ? '编辑销售合同' : '新建销售合同'}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ htmlType: 'submit', form: 'sk-sale-form' }}
      onCancel={onClose}
      destroyOnHidden
      width={820}
    >
      {open ? <Body id={id} customerId={customerId} onClose={onClose} onSaved={(x) => onSaved?.(x)} /> : null}
    </Modal>
  );
}
