// The article form (新建文章 / 编辑文章): category, title, summary, body, visibility and attachments.
import type { FieldDef } from '@sk/shared/forms/index';
import { KB_VISIBILITY } from '@sk/shared/knowledge/knowledge.constants';
import type { ArticleBody } from '@sk/shared/knowledge/knowledge.contract';
import { Form, Input, Radio, Select } from 'antd';
import { RecordFormDialog } from '../../components';
import { UploadField } from '../../components/forms/fields/UploadField';
import { useApi, useApiMutation } from '../../lib/query';
import { rulesOf } from '../../lib/zodRules';
import { K, options } from './api';

const body = K.createArticle.body.shape;
const ATTACHMENTS = { id: 0, name: '附件', type: 15, maxCount: 20, fileKinds: [] } as unknown as FieldDef;
export type ArticleForm = ArticleBody & { id?: number; version?: number };

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
      <Form.Item name="categoryId" label="分类" rules={[{ required: true, message: '请选择分类' }]}>
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
        <Radio.Group options={options(KB_VISIBILITY)} />
      </Form.Item>
      <Form.Item name="attachments" label="附件">
        <UploadField def={ATTACHMENTS} value={undefined} onChange={() => {}} />
      </Form.Item>
    </RecordFormDialog>
  );
}
