// 知识库 (/knowledge): articles and published cases the user may see, searched like every list (keyword, category,
// kind); a hit opens in a drawer (an article with its earlier versions, a case read-only). Editors (knowledge_edit)
// write articles and categories.
import { KNOWLEDGE_EDIT_POWER } from '@sk/shared/knowledge/knowledge.constants';
import type { KbHit } from '@sk/shared/knowledge/knowledge.contract';
import { Button, Form, Input, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { type ListColumn, ListPage, RecordFormDialog } from '../../../components';
import { useApi, useApiMutation } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { rulesOf } from '../../../lib/zodRules';
import { fetchHits, K, visibilityLabel } from '../api';
import { ArticleDialog } from '../ArticleDialog';
import { KnowledgeDrawer } from '../KnowledgeDrawer';

type Open = { kind: 'article' | 'case'; id: number } | null;

export default function Knowledge() {
  const can = useCan();
  const editor = can(KNOWLEDGE_EDIT_POWER);
  const cats = useApi(K.categories);
  const saveCat = useApiMutation(K.saveCategory);
  const [opened, setOpened] = useState<Open>(null);
  const [writing, setWriting] = useState(false);
  const [naming, setNaming] = useState(false);
  const columns: ListColumn<KbHit>[] = [
    {
      key: 'title',
      dataIndex: 'title',
      title: '标题',
      render: (v: string, r) => (
        <Button
          type="link"
          style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
          onClick={() => setOpened({ kind: r.kind, id: r.id })}
        >
          {v}
        </Button>
      ),
    },
    { key: 'kind', dataIndex: 'kind', title: '类型', render: (v: string) => (v === 'case' ? <Tag color="blue">案例</Tag> : <Tag>文章</Tag>) },
    { key: 'summary', dataIndex: 'summary', title: '摘要' },
    { key: 'categoryName', dataIndex: 'categoryName', title: '分类', render: (v: string | null) => v ?? '—' },
    { key: 'productName', dataIndex: 'productName', title: '产品型号', render: (v: string | null) => v ?? '—' },
    { key: 'faultModeName', dataIndex: 'faultModeName', title: '故障模式', render: (v: string | null) => v ?? '—' },
    { key: 'visibility', dataIndex: 'visibility', title: '可见范围', render: (v: number) => visibilityLabel(v) },
    { key: 'update_time', dataIndex: 'update_time', title: '更新时间' },
  ];
  return (
    <>
      <ListPage<KbHit>
        title="知识库"
        columns={columns}
        rowKey={(r) => `${r.kind}${r.id}`}
        fetch={fetchHits}
        sort={false}
        tableConfig={false}
        keywordPlaceholder="搜索文章和案例"
        defaultColumns={['title', 'kind', 'summary', 'categoryName', 'productName', 'faultModeName', 'update_time']}
        phoneCard={['title', 'kind', 'summary', 'update_time']}
        toolbar={
          editor ? (
            <Space>
              <Button type="primary" onClick={() => setWriting(true)}>
                新建文章
              </Button>
              <Button onClick={() => setNaming(true)}>新建分类</Button>
            </Space>
          ) : null
        }
        filters={
          <>
            <Form.Item name="categoryId" label="分类">
              <Select
                allowClear
                style={{ width: 160 }}
                placeholder="全部"
                options={(cats.data ?? []).map((c) => ({ value: c.id, label: `${c.name}（${c.articleCount}）` }))}
              />
            </Form.Item>
            <Form.Item name="kind" label="类型">
              <Select
                allowClear
                style={{ width: 120 }}
                placeholder="全部"
                options={[
                  { value: 'article', label: '文章' },
                  { value: 'case', label: '案例' },
                ]}
              />
            </Form.Item>
          </>
        }
      />
      <KnowledgeDrawer open={opened} onClose={() => setOpened(null)} />
      <ArticleDialog open={writing} initial={{}} onClose={() => setWriting(false)} />
      <RecordFormDialog<{ name: string; sort?: number }>
        open={naming}
        title="新建分类"
        name="kbCategory"
        onSubmit={(v) => saveCat.mutateAsync({ name: v.name, sort: v.sort ?? 0 })}
        onClose={() => setNaming(false)}
      >
        <Form.Item name="name" label="分类名称" rules={rulesOf(K.saveCategory.body.shape.name)}>
          <Input />
        </Form.Item>
      </RecordFormDialog>
    </>
  );
}
