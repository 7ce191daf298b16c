// A case's content as every reader sees it: product, fault path, symptom, remedy, parts and photos.
import type { CaseView } from '@sk/shared/knowledge/case.contract';
import { Descriptions, Space, Table } from 'antd';
import { FileLink } from '../../components';

export function CaseBody({ c }: { c: CaseView }) {
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
        <Descriptions.Item label="产品型号">{c.productName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="故障模式">{c.faultModePath ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="故障描述" span={2}>
          <div style={{ whiteSpace: 'pre-wrap' }}>{c.description ?? '—'}</div>
        </Descriptions.Item>
        <Descriptions.Item label="处理措施" span={2}>
          <div style={{ whiteSpace: 'pre-wrap' }}>{c.remedy ?? '—'}</div>
        </Descriptions.Item>
      </Descriptions>
      {c.parts.length ? (
        <Table
          size="small"
          rowKey={(p) => `${p.code}${p.name}`}
          pagination={false}
          dataSource={c.parts}
          columns={[
            { title: '备件', dataIndex: 'name' },
            { title: '编码', dataIndex: 'code' },
            { title: '数量', dataIndex: 'quantity', render: (v: number, p) => `${v}${p.unit ?? ''}` },
          ]}
        />
      ) : null}
      {c.photos.length ? (
        <Space wrap aria-label="现场照片">
          {c.photos.map((p) => (
            <FileLink key={p.id} url={p.url} name={p.name} thumb={72} />
          ))}
        </Space>
      ) : null}
    </Space>
  );
}
