import type { FieldDef } from '@sk/shared/forms/forms.schema';
import { projectPartsContract as PK } from '@sk/shared/projects/parts.contract';
import { Button, Empty, Input, InputNumber, List, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { FileLink } from '../../../components';
import { UploadField } from '../../../components/forms/fields/UploadField';
import { call } from '../../../lib/api';
import { staleAfter, useApi } from '../../../lib/query';
import { watchDownloads } from '../../../shell/downloads';

staleAfter([PK.fileUp, PK.batchDeleteFile], [PK.fileList]);
staleAfter([PK.takeSaleProducts, PK.deleteProducts, PK.refContract], [PK.productList, PK.productCount, PK.contractList]);
staleAfter([PK.addMessage, PK.delMessage], [PK.messageList]);

const FILES_DEF = { id: 0, type: 15, name: '附件', fileKinds: [], maxCount: 20 } as unknown as FieldDef;
const quiet = (p: Promise<unknown>) => p.catch(() => undefined);

export function FilesTab({ projectId }: { projectId: number }) {
  const list = useApi(PK.fileList, { projectId });
  const [files, setFiles] = useState<number[]>([]);
  const add = () => quiet(call(PK.fileUp, { projectId, fileIds: files }, { successToast: true }).then(() => setFiles([])));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <UploadField def={FILES_DEF} value={files} onChange={(v) => setFiles((v as number[] | undefined) ?? [])} />
        <Button type="primary" disabled={files.length === 0} onClick={add}>
          添加到项目
        </Button>
      </Space>
      <List
        dataSource={list.data ?? []}
        locale={{ emptyText: <Empty description="暂无文件" /> }}
        renderItem={(f) => (
          <List.Item
            actions={[
              <Popconfirm key="del" title="确认删除该文件吗？" onConfirm={() => quiet(call(PK.batchDeleteFile, { ids: [f.id] }, { successToast: true }))}>
                <Button size="small" type="link" danger>
                  删除
                </Button>
              </Popconfirm>,
            ]}
          >
            <Space>
              <FileLink url={f.url} name={f.name} />
              <span>{f.userName ?? ''}</span>
              <span>{f.time}</span>
            </Space>
          </List.Item>
        )}
      />
    </Space>
  );
}

export function ProductsTab({ projectId }: { projectId: number }) {
  const [page, setPage] = useState(0);
  const list = useApi(PK.productList, { projectId, pageIndex: page, pageSize: 10 });
  const count = useApi(PK.productCount, { projectId, pageIndex: 0, pageSize: 10 });
  const [contractId, setContractId] = useState<number | null>(null);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <InputNumber placeholder="销售合同ID" min={1} value={contractId} onChange={(v) => setContractId(v)} style={{ width: 160 }} />
        <Button disabled={!contractId} onClick={() => contractId && quiet(call(PK.takeSaleProducts, { projectId, contractId }, { successToast: true }))}>
          导入销售合同产品
        </Button>
        <Button onClick={() => quiet(call(PK.exportProducts, { projectId }, { successToast: true }).then(() => watchDownloads()))}>导出</Button>
      </Space>
      <Table
        rowKey="id"
        size="small"
        dataSource={list.data ?? []}
        pagination={{ current: page + 1, pageSize: 10, total: count.data ?? 0, onChange: (p) => setPage(p - 1) }}
        columns={[
          { key: 'name', title: '产品名称', dataIndex: 'name' },
          { key: 'model', title: '型号', dataIndex: 'model' },
          { key: 'quantity', title: '数量', dataIndex: 'quantity' },
          { key: 'saleContractNo', title: '销售合同', dataIndex: 'saleContractNo' },
          {
            key: 'op',
            title: '操作',
            render: (_: unknown, r: { id: number }) => (
              <Popconfirm title="确认删除该产品吗？" onConfirm={() => quiet(call(PK.deleteProducts, { ids: [r.id] }, { successToast: true }))}>
                <Button size="small" type="link" danger>
                  删除
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Space>
  );
}

export function ContractsTab({ projectId }: { projectId: number }) {
  const list = useApi(PK.contractList, { projectId });
  return (
    <Table
      rowKey="id"
      size="small"
      dataSource={list.data ?? []}
      pagination={false}
      columns={[
        { key: 'kind', title: '类型', dataIndex: 'kind', render: (k: string) => <Tag>{k === 'sale' ? '销售合同' : '维保合同'}</Tag> },
        { key: 'contractNo', title: '合同编号', dataIndex: 'contractNo' },
        { key: 'name', title: '合同名称', dataIndex: 'name' },
      ]}
    />
  );
}

export function MessagesTab({ projectId }: { projectId: number }) {
  const list = useApi(PK.messageList, { projectId });
  const [text, setText] = useState('');
  const send = () => quiet(call(PK.addMessage, { projectId, content: text }, { successToast: true }).then(() => setText('')));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <List
        dataSource={list.data ?? []}
        locale={{ emptyText: <Empty description="暂无留言" /> }}
        renderItem={(m) => (
          <List.Item
            actions={
              m.mine
                ? [
                    <Button key="del" size="small" type="link" danger onClick={() => quiet(call(PK.delMessage, { id: m.id }, { successToast: true }))}>
                      删除
                    </Button>,
                  ]
                : []
            }
          >
            <List.Item.Meta title={`${m.userName ?? ''} ${m.time}`} description={m.content} />
          </List.Item>
        )}
      />
      <Space.Compact style={{ width: '100%' }}>
        <Input value={text} maxLength={2000} placeholder="输入留言" onChange={(e) => setText(e.target.value)} onPressEnter={send} />
        <Button type="primary" disabled={!text.trim()} onClick={send}>
          发送
        </Button>
      </Space.Compact>
    </Space>
  );
}
