import { DownloadOutlined } from '@ant-design/icons';
import { apiDocsContract } from '@sk/shared/apidocs/apidocs.contract';
import { Button, Card, Collapse, Empty, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useApi } from '../../../lib/query';
import { type ApiEntry, entriesOf, matches, tagCounts } from '../docs';

const METHOD_COLORS: Record<string, string> = { GET: 'blue', POST: 'green', PUT: 'orange', DELETE: 'red' };

type Json = Record<string, unknown>;

function SchemaBlock({ schema }: { schema: unknown }) {
  return (
    <pre className="sk-api-schema" style={{ maxHeight: 360, overflow: 'auto', background: '#fafafa', padding: 12, margin: 0, fontSize: 12 }}>
      {JSON.stringify(schema, null, 2)}
    </pre>
  );
}

const typeText = (s: Json | undefined): string => {
  if (!s) return '—';
  if (typeof s.type === 'string') return s.type;
  if (Array.isArray(s.enum)) return `枚举 ${s.enum.join(' / ')}`;
  if (Array.isArray(s.anyOf)) return (s.anyOf as Json[]).map(typeText).join(' | ');
  return '—';
};

function Operation({ e }: { e: ApiEntry }) {
  const body = e.op.requestBody?.content['application/json']?.schema;
  const answer = ((e.op.responses['200'] as Json | undefined)?.content as Record<string, { schema?: Json }> | undefined)?.['application/json']?.schema;
  const data = (answer?.properties as Json | undefined)?.data;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={12}>
      <Space wrap>
        <Typography.Text type="secondary">权限码：</Typography.Text>
        {e.op['x-power'] ? <Tag>{e.op['x-power']}</Tag> : <Typography.Text>登录即可</Typography.Text>}
        {e.op['x-public'] ? <Tag color="green">无需登录</Tag> : null}
        {e.op['x-admin-only'] ? <Tag color="purple">仅管理员</Tag> : null}
        {e.op['x-plan'] ? <Tag color="gold">免费版锁定：{e.op['x-plan']}</Tag> : null}
        <Typography.Text type="secondary">operationId：</Typography.Text>
        <Typography.Text code>{e.op.operationId}</Typography.Text>
      </Space>
      {e.op.summary ? <Typography.Paragraph type="secondary">{e.op.summary}</Typography.Paragraph> : null}
      {e.op.parameters?.length ? (
        <div>
          <Typography.Title level={5}>查询参数</Typography.Title>
          <Table
            size="small"
            rowKey="name"
            pagination={false}
            dataSource={e.op.parameters}
            columns={[
              { key: 'name', dataIndex: 'name', title: '参数', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
              { key: 'title', title: '名称', render: (_: unknown, p) => ((p.schema as Json | undefined)?.title as string | undefined) ?? '—' },
              { key: 'type', title: '类型', render: (_: unknown, p) => typeText(p.schema as Json | undefined) },
              { key: 'required', dataIndex: 'required', title: '必填', render: (v: boolean) => (v ? '是' : '否') },
            ]}
          />
        </div>
      ) : null}
      {body ? (
        <div>
          <Typography.Title level={5}>请求体（application/json）</Typography.Title>
          <SchemaBlock schema={body} />
        </div>
      ) : null}
      <div>
        <Typography.Title level={5}>应答 data</Typography.Title>
        {data && Object.keys(data as Json).length ? (
          <SchemaBlock schema={data} />
        ) : (
          <Typography.Text type="secondary">无数据（仅 success 与 message）</Typography.Text>
        )}
      </div>
    </Space>
  );
}

/** /apiDocs: the OpenAPI description of the API, searchable, for administrators and integrators. */
export default function ApiDocs() {
  const doc = useApi(apiDocsContract.openapi, {}, { staleTime: Number.POSITIVE_INFINITY });
  const [keyword, setKeyword] = useState('');
  const [tag, setTag] = useState<string | undefined>();
  const all = useMemo(() => (doc.data ? entriesOf(doc.data) : []), [doc.data]);
  const shown = useMemo(() => all.filter((e) => (!tag || e.op.tags.includes(tag)) && matches(e, keyword)), [all, tag, keyword]);

  const download = () => {
    if (!doc.data) return;
    const url = URL.createObjectURL(new Blob([JSON.stringify(doc.data, null, 2)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'openapi.json';
    a.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Card
      title="接口文档"
      loading={doc.isPending}
      extra={
        <Button icon={<DownloadOutlined />} onClick={download} disabled={!doc.data}>
          下载 openapi.json
        </Button>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }} size={16}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          由接口契约自动生成（OpenAPI {doc.data?.openapi}，版本 {doc.data?.info.version}）。所有应答均为 {'{success, message, data}'}；非 GET 请求需在请求头
          X-CSRF-Token 中带会话的 csrfToken。原始描述：GET /api/openapi.json（data 字段）。
        </Typography.Paragraph>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder="搜索路径、权限码或字段"
            style={{ width: 320 }}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            aria-label="搜索接口"
          />
          <Select
            allowClear
            placeholder="全部分组"
            style={{ width: 220 }}
            value={tag}
            onChange={setTag}
            aria-label="接口分组"
            options={tagCounts(all).map((t) => ({ value: t.tag, label: `${t.tag}（${t.count}）` }))}
          />
          <Typography.Text type="secondary" data-testid="api-count">
            共 {shown.length} 个接口
          </Typography.Text>
        </Space>
        {shown.length ? (
          <Collapse
            destroyOnHidden
            items={shown.map((e) => ({
              key: `${e.method} ${e.path}`,
              label: (
                <Space wrap size={8}>
                  <Tag color={METHOD_COLORS[e.method]} style={{ width: 64, textAlign: 'center' }}>
                    {e.method}
                  </Tag>
                  <Typography.Text code style={{ wordBreak: 'break-all' }}>
                    {e.path}
                  </Typography.Text>
                  <Typography.Text type="secondary">{e.op.operationId}</Typography.Text>
                </Space>
              ),
              children: <Operation e={e} />,
            }))}
          />
        ) : (
          <Empty description="没有匹配的接口" />
        )}
      </Space>
    </Card>
  );
}
