import { countText, reachableRows } from '@sk/shared/common/pagination';
import { FIELD_TYPES, FORM_KIND_IDS, FORM_KINDS, type FieldDef, type FieldType, type FormKindId } from '@sk/shared/forms/index';
import type { TemplateRow } from '@sk/shared/forms/forms.views';
import { Card, Empty, Input, Select, Space, Table, Tabs, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { FormRenderer } from '../../../components/forms';
import { useApi } from '../../../lib/query';
import { usePhone } from '../../../lib/phone';
import { formsContract } from '../api';

const PAGE_SIZE = 10;
const kindOptions = FORM_KIND_IDS.map((k) => ({ value: k, label: FORM_KINDS[k].name }));

/** One template, read-only: its fields as a table and the form as users see it. */
function TemplateDetail({ id }: { id: number }) {
  const info = useApi(formsContract.tmplEdit, { id });
  const d = info.data;
  if (!d) return <Card loading={info.isPending} />;
  const fields = [...d.fields].sort((a, b) => a.sort - b.sort || a.id - b.id);
  return (
    <Card
      size="small"
      title={
        <Space>
          <span>{d.templateName}</span>
          <Tag>{d.kindName}</Tag>
          <Tag>版本 {d.version}</Tag>
        </Space>
      }
    >
      <Tabs
        items={[
          {
            key: 'fields',
            label: '字段',
            children: (
              <Table<FieldDef>
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={fields}
                locale={{ emptyText: '该模板没有自定义字段' }}
                columns={[
                  { key: 'name', title: '字段名称', dataIndex: 'name' },
                  { key: 'type', title: '类型', dataIndex: 'type', render: (t: number) => FIELD_TYPES[t as FieldType] },
                  { key: 'required', title: '必填', dataIndex: 'required', render: (r: boolean) => (r ? '是' : '否') },
                  { key: 'condition', title: '条件显示', render: (_: unknown, f: FieldDef) => (f.condition ? '是' : '否') },
                ]}
              />
            ),
          },
          {
            key: 'form',
            label: '表单预览',
            children: (
              <FormRenderer
                definition={{ fixedFields: d.fixedFields, fields: d.fields, groups: d.groups, height: d.height }}
                value={{ system: {}, ext: {} }}
                readOnly
              />
            ),
          },
        ]}
      />
    </Card>
  );
}

/** /templateView: every form template of the enterprise, read-only (free-locked). */
export default function TemplateView() {
  const [kind, setKind] = useState<FormKindId | undefined>(undefined);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(0);
  const [picked, setPicked] = useState<number | null>(null);
  const list = useApi(formsContract.tmplList, { type: kind, keyword: keyword || undefined, pageIndex: page, pageSize: PAGE_SIZE });
  // On a phone the template shows under the list (beside it, it was squeezed into a column a character wide).
  const phone = usePhone();
  const detail = useRef<HTMLDivElement>(null);
  // There it opens below the fold: brought into view when picked.
  useEffect(() => {
    if (phone && picked) detail.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [phone, picked]);
  return (
    <Card title="模板视图">
      <Space style={{ marginBottom: 12 }} wrap>
        <Select<FormKindId>
          allowClear
          aria-label="表单类型"
          placeholder="全部表单类型"
          style={{ width: 160 }}
          value={kind}
          options={kindOptions}
          onChange={(v) => {
            setKind(v);
            setPage(0);
          }}
        />
        <Input.Search
          allowClear
          aria-label="模板名称"
          placeholder="模板名称"
          style={{ width: 220 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(0);
          }}
        />
      </Space>
      <div style={{ display: 'grid', gridTemplateColumns: phone ? 'minmax(0, 1fr)' : 'minmax(320px, 1fr) minmax(0, 1.4fr)', gap: 16 }}>
        <Table<TemplateRow>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data?.list ?? []}
          rowClassName={(r) => (r.id === picked ? 'ant-table-row-selected' : '')}
          onRow={(r) => ({ onClick: () => setPicked(r.id), style: { cursor: 'pointer' } })}
          pagination={{
            current: page + 1,
            pageSize: PAGE_SIZE,
            total: reachableRows(list.data?.count ?? 0),
            onChange: (p) => setPage(p - 1),
            showTotal: () => `共 ${countText(list.data?.count ?? 0)} 条`,
          }}
          columns={[
            { key: 'name', title: '模板名称', dataIndex: 'name' },
            { key: 'type', title: '表单类型', dataIndex: 'type', render: (t: number) => FORM_KINDS[t as FormKindId]?.name ?? t },
            { key: 'fieldCount', title: '字段数', dataIndex: 'fieldCount' },
            { key: 'enabled', title: '状态', dataIndex: 'enabled', render: (on: boolean) => (on ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
          ]}
        />
        <div ref={detail}>{picked ? <TemplateDetail key={picked} id={picked} /> : <Empty description={phone ? '点击上方模板查看' : '点击左侧模板查看'} />}</div>
      </div>
    </Card>
  );
}
