import { type ProductModel, productModelBody } from '@sk/shared/customers/products.contract';
import { rulesOf } from '../../../lib/zodRules';
import { AutoComplete, Col, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { RecordFormDialog } from '../../../components';
import { UploadField } from '../../../components/forms/fields/UploadField';
import { fixedAsDef } from '../../../components/forms/formState';
import { useApi, useApiMutation } from '../../../lib/query';
import { productContract } from '../api';
import { WARRANTY_START_OPTIONS, WARRANTY_UNIT_OPTIONS } from '../options';

/** A product model's fields as the contract checks them: the form's rules are the contract's. */
const M = productModelBody.shape;

interface Values {
  name: string;
  brand?: string;
  model?: string;
  category?: string;
  warrantyPeriod?: number | null;
  warrantyUnit: number;
  warrantyStartType: number;
  images?: number[] | null;
  documents?: number[] | null;
  remark?: string;
}

/** Upload widgets of the form engine: pictures (multi-image) and attachments, up to 20 each. */
const IMAGES = { ...fixedAsDef({ key: 'images', name: '产品图片', type: 26, required: false }, 0), maxCount: 20 };
const DOCUMENTS = { ...fixedAsDef({ key: 'documents', name: '产品资料', type: 15, required: false }, 1), maxCount: 20 };

function Files({ image, value, onChange, id }: { image: boolean; value?: number[] | null; onChange?: (v: number[] | null) => void; id?: string }) {
  return <UploadField id={id} def={image ? IMAGES : DOCUMENTS} value={value ?? []} onChange={(v) => onChange?.(v)} />;
}

/** Add or edit a product of the catalogue: brand, model, category, warranty period and start, pictures and documents. */
export function ModelFormDialog({
  open,
  model,
  onClose,
  onSaved,
}: {
  open: boolean;
  model: ProductModel | null;
  onClose: () => void;
  onSaved?: (id: number) => void;
}) {
  const categories = useApi(productContract.productCategories, undefined, { enabled: open });
  const save = useApiMutation(productContract.productSave, {
    invalidates: [productContract.productList, productContract.productDetail, productContract.productSimpleList, productContract.productCategories],
    onSuccess: (r) => onSaved?.(r.id),
  });
  const initial: Values = model
    ? {
        name: model.name,
        brand: model.brand ?? '',
        model: model.model ?? '',
        category: model.category ?? '',
        warrantyPeriod: model.warrantyPeriod,
        warrantyUnit: model.warrantyUnit,
        warrantyStartType: model.warrantyStartType,
        images: model.images,
        documents: model.documents,
        remark: model.remark ?? '',
      }
    : { name: '', warrantyUnit: 2, warrantyStartType: 2, warrantyPeriod: 12 };

  const submit = (v: Values) =>
    save.mutateAsync({
      id: model?.id,
      name: v.name,
      brand: v.brand || null,
      model: v.model || null,
      category: v.category || null,
      warrantyPeriod: v.warrantyPeriod ?? null,
      warrantyUnit: v.warrantyUnit,
      warrantyStartType: v.warrantyStartType,
      images: v.images ?? [],
      documents: v.documents ?? [],
      remark: v.remark || null,
    });

  return (
    <RecordFormDialog<Values> open={open} title={model ? '编辑产品' : '新建产品'} initialValues={initial} onSubmit={submit} onClose={onClose} width={720}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label="产品名称" rules={rulesOf(M.name)}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="category" label="产品分类" rules={rulesOf(M.category)}>
            <AutoComplete options={(categories.data ?? []).map((c) => ({ value: c }))} placeholder="选择或输入分类" showSearch={{ filterOption: true }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="brand" label="品牌" rules={rulesOf(M.brand)}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="model" label="型号" rules={rulesOf(M.model)}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="保修期">
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="warrantyPeriod" noStyle>
                <InputNumber min={0} max={1200} precision={0} style={{ width: '60%' }} placeholder="不填为无保修" aria-label="保修期" />
              </Form.Item>
              <Form.Item name="warrantyUnit" noStyle>
                <Select options={WARRANTY_UNIT_OPTIONS} style={{ width: '40%' }} aria-label="保修期单位" />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="warrantyStartType" label="保修起算">
            <Select options={WARRANTY_START_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="images" label="产品图片">
            <Files image />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="documents" label="产品资料">
            <Files image={false} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="remark" label="备注" rules={rulesOf(M.remark)}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </RecordFormDialog>
  );
}
