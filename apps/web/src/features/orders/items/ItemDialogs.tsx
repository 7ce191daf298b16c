import { type ServiceItemRow, type ServiceItemTypeRow, serviceItemBody, serviceItemTypeBody } from '@sk/shared/orders/order.create.contract';
import { rulesOf } from '../../../lib/zodRules';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { RecordFormDialog } from '../../../components';
import { useApiMutation } from '../../../lib/query';
import { K } from './api';

/** A service item's and a type's fields as the contract checks them: the forms' rules are the contract's. */
const IB = serviceItemBody.shape;
const TB = serviceItemTypeBody.shape;

interface ItemValues {
  name: string;
  typeId?: number | null;
  price: number;
  unit?: string;
  sort?: number;
}

/** Add or edit a service item: name, type, price, unit, sort. */
export function ItemDialog(p: { open: boolean; item: ServiceItemRow | null; types: ServiceItemTypeRow[]; onClose: () => void }) {
  const save = useApiMutation(K.itemSave); // the list and the types refresh through staleAfter (./api.ts)
  const { item } = p;
  const initial: ItemValues = item
    ? { name: item.name, typeId: item.typeId, price: item.price, unit: item.unit, sort: item.sort }
    : { name: '', price: 0, sort: 0 };
  return (
    <RecordFormDialog<ItemValues>
      open={p.open}
      title={item ? '编辑服务项目' : '新建服务项目'}
      width={640}
      initialValues={initial}
      onClose={p.onClose}
      onSubmit={(v) => save.mutateAsync({ id: item?.id, name: v.name, typeId: v.typeId ?? null, price: v.price ?? 0, unit: v.unit || null, sort: v.sort ?? 0 })}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label="服务项目名称" rules={rulesOf(IB.name)}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="typeId" label="分类">
            <Select allowClear placeholder="未分类" options={p.types.map((t) => ({ value: t.id, label: t.name }))} aria-label="分类" />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="price" label="价格（元）" rules={rulesOf(IB.price, { required: '请输入价格' })}>
            <InputNumber min={0} max={999999999} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="unit" label="单位" rules={rulesOf(IB.unit)}>
            <Input maxLength={10} placeholder="次、台、小时…" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="sort" label="排序（小的在前）">
            <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </RecordFormDialog>
  );
}

/** Add or rename a type of the catalogue. */
export function TypeDialog(p: { open: boolean; type: ServiceItemTypeRow | null; onClose: () => void }) {
  const save = useApiMutation(K.itemTypeSave);
  const { type } = p;
  return (
    <RecordFormDialog<{ name: string; sort?: number }>
      open={p.open}
      title={type ? '编辑分类' : '新建分类'}
      initialValues={type ? { name: type.name, sort: type.sort } : { name: '', sort: 0 }}
      onClose={p.onClose}
      onSubmit={(v) => save.mutateAsync({ id: type?.id, name: v.name, sort: v.sort ?? 0 })}
    >
      <Form.Item name="name" label="分类名称" rules={rulesOf(TB.name)}>
        <Input maxLength={30} autoFocus />
      </Form.Item>
      <Form.Item name="sort" label="排序（小的在前）">
        <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </RecordFormDialog>
  );
}
