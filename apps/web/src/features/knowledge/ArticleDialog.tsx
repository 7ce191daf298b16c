// The article form (新建文章 / 编辑文章): category, title, summary, body, visibility, the product model and fault mode
// it is suggested for (a remedy of the model's category tree; no model: the general tree), and attachments.
import type { FieldDef } from '@sk/shared/forms/index';
import { KB_VISIBILITY } from '@sk/shared/knowledge/knowledge.constants';
import type { ArticleBody } from '@sk/shared/knowledge/knowledge.contract';
import { Form, Input, Radio, Select } from 'antd';
import { useEffect } from 'react';
import { RecordFormDialog } from '../../components';
import { UploadField } from '../../components/forms/fields/UploadField';
import { labelOptions } from '../../lib/options';
import { useApi, useApiMutation } from '../../lib/query';
import { rulesOf } from '../../lib/zodRules';
import { ModelSelect } from '../customers';
import { FaultTreeSelect, useFaultTree } from '../quality';
import { K } from './api';

const body = K.createArticle.body.shape;
const ATTACHMENTS = { id: 0, name: '附件', type: 15, maxCount: 20, fileKinds: [] } as unknown as FieldDef;
export type ArticleForm = ArticleBody & { id?: number; version?: number };

/** 故障模式 from the tree of the chosen model's category; a model change drops a fault mode of another tree. */
function FaultField() {
  const form = Form.useFormInstance<ArticleForm>();
  const model = Form.useWatch('productModelId', form) as number | null | undefined;
  const fault = Form.useWatch('faultModeId', form) as number | null | undefined;
  const tree = useFaultTree({ productModelId: model ?? null });
  const list = tree.data?.list ?? [];
  useEffect(() => {
    if (tree.data && fault != null && !tree.data.list.some((n) => n.id === fault)) form.setFieldValue('faultModeId', null);
  }, [tree.data, fault, form]);
  return (
    <Form.Item name="faultModeId" label="故障模式" extra="选择产品型号和故障模式后，新建该型号、该故障的工单时会推荐本文">
      <FaultTreeSelect list={list} style={{ width: '100%' }} />
    </Form.Item>
  );
}

export function ArticleDialog({ open, initial, onClose }: { open: boolean; initial: Partial<ArticleForm>; onClose: () => void }) {
  const cats = useApi(K.categories, undefined, { enabled: open });
  const create = useApiMutation(K.createArticle);
  const update = useApiMutation(K.updateArticle);
  return (
    <RecordFormDialog<ArticleForm>
      open={open}
      title={initial.id ? '编辑文章' : '新建文章'}
      name="kbArticle"
      width={720}
      initialValues={{ visibility: 1, ...initial }}
      onSubmit={(v) =>
        initial.id ? update.mutateAsync({ ...initial, ...v, id: initial.id, version: initial.version ?? 1 } as never) : create.mutateAsync({ ...initial, ...v })
      }
      onClose={onClose}
    >
      <Form.Item name="categoryId" label="分类" rules={rulesOf(body.categoryId, { required: '请选择分类' })}>
        <Select options={(cats.data ?? []).map((c) => ({ value: c.id, label: c.name }))} placeholder="请选择分类" />
      </Form.Item>
      <Form.Item name="title" label="标题" rules={rulesOf(body.title)}>
        <Input />
      </Form.Item>
      <Form.Item name="summary" label="摘要" rules={rulesOf(body.summary)}>
        <Input.TextArea rows={2} />
      </Form.Item>
      <Form.Item name="body" label="正文" rules={rulesOf(body.body)}>
        <Input.TextArea rows={8} />
      </Form.Item>
      <Form.Item name="visibility" label="可见范围">
        <Radio.Group options={labelOptions(KB_VISIBILITY)} />
      </Form.Item>
      <Form.Item name="productModelId" label="产品型号">
        <ModelSelect />
      </Form.Item>
      <FaultField />
      <Form.Item name="attachments" label="附件">
        <UploadField def={ATTACHMENTS} value={undefined} onChange={() => {}} />
      </Form.Item>
    </RecordFormDialog>
  );
}
