import type { SpareRow } from '@sk/shared/spares/spares.contract';
import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import { RecordFormDialog } from '../../../components';
import { type ExtFormApi, WithExtFields } from '../../customers';
import { ModelsSelect } from './Selects';

/** The spare-part form kind (forms.constants: 4 备件). */
const SPARE_FORM_KIND = 4;
import { useApi, useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { S } from '../api';

/** A spare as spareSave checks it: the form's rules are the contract's. */
const SB = S.spareSave.body.shape;

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
  productIds?: number[];
}

type DialogProps = { open: boolean; spare: SpareRow | null; onClose: () => void; onSaved: () => void };

/** Add or edit a spare of the catalogue, with the spare-part form kind's custom fields. */
export function SpareDialog(p: DialogProps) {
  if (!p.open) return null;
  return (
    <WithExtFields kind={SPARE_FORM_KIND} isNew={!p.spare} initial={p.spare?.custom}>
      {(ext) => <SpareForm {...p} ext={ext} />}
    </WithExtFields>
  );
}

function SpareForm(p: DialogProps & { ext: ExtFormApi & { form: ReactNode } }) {
  const types = useApi(S.typeTree, undefined, { enabled: p.open });
  const save = useApiMutation(S.spareSave, { onSuccess: p.onSaved });
  const s = p.spare;
  const initial: Partial<Values> = s
    ? {
        code: s.code,
        name: s.name,
        model: s.model,
        unit: s.unit,
        typeId: s.typeId,
        costPrice: Number(s.costPrice),
        salePrice: Number(s.salePrice),
        warranty: s.warranty,
        serialized: s.serialized,
        productIds: s.productIds,
      }
    : { unit: '个', costPrice: 0, salePrice: 0, warranty: true, serialized: false };
  return (
    <RecordFormDialog<Values>
      open={p.open}
      title={s ? '编辑备件' : '新建备件'}
      width={680}
      initialValues={initial}
      onClose={p.onClose}
      onSubmit={async (v) => {
        const custom = await p.ext.check();
        // The failing custom field is marked on the form; the dialog stays open.
        if (!custom) throw new Error('custom fields');
        return save.mutateAsync({
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
          productIds: v.productIds ?? [],
          custom,
        });
      }}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="code" label="备件编号" rules={rulesOf(SB.code)}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="name" label="备件名称" rules={rulesOf(SB.name)}>
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
        <Col xs={24}>
          <Form.Item name="productIds" label="适用产品">
            <ModelsSelect />
          </Form.Item>
        </Col>
      </Row>
      {p.ext.form}
    </RecordFormDialog>
  );
}
