// A knowledge item in a drawer: an article (with its earlier versions, each viewable; 编辑 / 删除 for editors) or a
// published case. Used by the knowledge page and the order's suggestions panel.
import { App, Button, Descriptions, Drawer, Select, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { FileLink } from '../../components';
import { usePhone } from '../../lib/phone';
import { useApi, useApiMutation } from '../../lib/query';
import { K, visibilityLabel } from './api';
import { CaseBody } from './CaseBody';
import { ArticleDialog } from './ArticleDialog';

function ArticleView({ id, onDeleted }: { id: number; onDeleted: () => void }) {
  const { modal } = App.useApp();
  const [version, setVersion] = useState<number | null>(null);
  const [editing, setEditing] = useState(false);
  const cur = useApi(K.article, { id });
  const old = useApi(K.articleVersion, { id, version: version ?? 1 }, { enabled: version != null });
  const remove = useApiMutation(K.removeArticle);
  if (cur.isLoading) return <Spin />;
  const d = cur.data;
  if (!d) return <Typography.Text type="secondary">{cur.error?.message ?? '文章不存在或已被删除'}</Typography.Text>;
  const shown = version != null && version !== d.version ? old.data : d;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {shown?.title}
        </Typography.Title>
        <Tag>{visibilityLabel(d.visibility)}</Tag>
      </Space>
      <Space wrap>
        <Select
          aria-label="版本"
          size="small"
          style={{ minWidth: 220 }}
          value={version ?? d.version}
          onChange={(v) => setVersion(v === d.version ? null : v)}
          options={[
            { value: d.version, label: `第${d.version}版（当前）` },
            ...d.versions.map((v) => ({ value: v.version, label: `第${v.version}版 · ${v.editorName ?? ''} ${v.time}` })),
          ]}
        />
        {d.canEdit ? (
          <>
            <Button size="small" onClick={() => setEditing(true)}>
              编辑
            </Button>
            <Button
              size="small"
              danger
              onClick={() =>
                modal.confirm({
                  title: '删除文章',
                  content: '删除后文章及其历史版本都将无法恢复，确定删除吗？',
                  okText: '确定',
                  cancelText: '取消',
                  okButtonProps: { danger: true },
                  onOk: async () => {
                    await remove.mutateAsync({ id });
                    onDeleted();
                  },
                })
              }
            >
              删除
            </Button>
          </>
        ) : null}
      </Space>
      {shown ? (
        <>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label="分类">{shown.categoryName ?? '—'}</Descriptions.Item>
            {shown.productName ? <Descriptions.Item label="产品型号">{shown.productName}</Descriptions.Item> : null}
            {shown.faultModePath ? <Descriptions.Item label="故障模式">{shown.faultModePath}</Descriptions.Item> : null}
            <Descriptions.Item label="更新">
              {shown.editorName ?? ''} {shown.update_time}
            </Descriptions.Item>
          </Descriptions>
          {shown.summary ? <Typography.Paragraph type="secondary">{shown.summary}</Typography.Paragraph> : null}
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{shown.body}</Typography.Paragraph>
          {shown.attachments.length ? (
            <Space wrap aria-label="附件">
              {shown.attachments.map((f) => (
                <FileLink key={f.id} url={f.url} name={f.name} />
              ))}
            </Space>
          ) : null}
        </>
      ) : (
        <Spin />
      )}
      <ArticleDialog
        open={editing}
        initial={{
          id: d.id,
          version: d.version,
          categoryId: d.categoryId,
          title: d.title,
          summary: d.summary,
          body: d.body,
          visibility: d.visibility as 1 | 2 | 3,
          productModelId: d.productModelId,
          faultModeId: d.faultModeId,
          attachments: d.attachments.map((f) => f.id),
        }}
        onClose={() => setEditing(false)}
      />
    </Space>
  );
}

function CaseItem({ id }: { id: number }) {
  const q = useApi(K.caseView, { id });
  if (q.isLoading) return <Spin />;
  if (!q.data) return <Typography.Text type="secondary">{q.error?.message ?? '案例不存在或已撤回'}</Typography.Text>;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {q.data.title}
        </Typography.Title>
        <Tag color="blue">案例 {q.data.caseNo}</Tag>
      </Space>
      <CaseBody c={q.data} />
    </Space>
  );
}

export function KnowledgeDrawer({
  open,
  onClose,
  onDeleted,
}: {
  open: { kind: 'article' | 'case'; id: number } | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const phone = usePhone();
  return (
    <Drawer open={open != null} onClose={onClose} width={phone ? '100%' : 640} title={open?.kind === 'case' ? '案例' : '知识文章'} destroyOnHidden>
      {open?.kind === 'article' ? (
        <ArticleView
          id={open.id}
          onDeleted={() => {
            onDeleted?.();
            onClose();
          }}
        />
      ) : open ? (
        <CaseItem id={open.id} />
      ) : null}
    </Drawer>
  );
}
