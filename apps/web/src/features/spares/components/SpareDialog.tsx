import type { SpareRow } from '@sk/shared/spares/spares.contract';
import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { RecordFormDialog } from '../../../components';
import { useApi, useApiMutation } from '../../../lib/query';
import { S } from '../api';

interface Values {
  code: string;
  name: string;
  model?: string;
  unit?: string;
  typeId?: number | null;
  costPrice?: number;
  salePrice?: number;
  warranty: boolean;
  serialized: boolean;
}

/** Add or edit a spare of the catalogue. */
export function SpareDialog(p: { open: boolean; spare: SpareRow | null; onClose: () => void; onSaved: () => void }) {
  const types = useApi(S.typeTree, undefined, { enabled: p.open });
  const save = useApiMutation(S.spareSave, { onSuccess: p.onSaved });
  const s = p.spare;
  const initial: Partial<Values> = s
    ? { code: s.code, name: s.name, model: s.model, unit: s.unit, typeId: s.typeId, costPrice: Number(s.costPrice), salePrice: Number(s.salePrice), warranty: s.warranty, serialized: s.serialized }
    : { unit: '个', costPrice: 0, salePrice: 0, warranty: true, serialized: false };
  return (
    <RecordFormDialog<Values>
      open={p.open}
      title={s ? '编辑备件' : '新建备件'}
      width={680}
      initialValues={initial}
      onClose={p.onClose}
      onSubmit={(v) =>
        save.mutateAsync({
          id: s?.id,
          code: v.code,
          name: v.name,
          model: v.model ?? '',
          unit: v.unit || '个',
          typeId: v.typeId ?? null,
          costPrice: v.costPrice ?? 0,
          salePrice: v.salePrice ?? 0,
          warranty: v.warranty,
          serialized: v.serialized,
          images: s?.images ?? [],
          productIds: s?.productIds ?? [],
          custom: s?.custom ?? {},
        })
      }
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="code" label="备件编号" rules={[{ required: true, whitespace: true, message: '请输入备件编号' }, { max: 50, message: '备件编号不能超过50个字' }]}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="name" label="备件名称" rules={[{ required: true, whitespace: true, message: '请输入备件名称' }, { max: 100, message: '备件名称不能超过100个字' }]}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="model" label="规格型号">
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="unit" label="单位">
            <Input maxLength={10} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="typeId" label="分类">
            <Select allowClear placeholder="未分类" options={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))} aria-label="分类" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="costPrice" label="成本价（元）">
            <InputNumber min={0} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="salePrice" label="销售价（元）">
            <InputNumber min={0} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="warranty" label="保内备件" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="serialized" label="序列号管理" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </RecordFormDialog>
  );
}
