import type { FieldDef } from '@sk/shared/forms/forms.schema';
import { type ProjectContractRow, projectPartsContract as PK } from '@sk/shared/projects/parts.contract';
import { Button, Empty, Input, List, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { FileLink } from '../../../components';
import { UploadField } from '../../../components/forms/fields/UploadField';
import { UploadsGate, useUploadsGate } from '../../../components/forms/fields/uploads';
import { call } from '../../../lib/api';
import { staleAfter, useApi } from '../../../lib/query';
import { watchDownloads } from '../../../shell/downloads';
import { ContractSelect } from './ContractSelect';

staleAfter([PK.fileUp, PK.batchDeleteFile], [PK.fileList]);
staleAfter([PK.takeSaleProducts, PK.deleteProducts, PK.refContract], [PK.productList, PK.productCount, PK.contractList]);
staleAfter([PK.addMessage, PK.delMessage], [PK.messageList]);

const FILES_DEF = { id: 0, type: 15, name: '附件', fileKinds: [], maxCount: 20 } as unknown as FieldDef;
const quiet = (p: Promise<unknown>) => p.catch(() => undefined);

export function FilesTab({ projectId }: { projectId: number }) {
  const list = useApi(PK.fileList, { projectId });
  const [files, setFiles] = useState<number[]>([]);
  // 添加到项目 waits for the files still under way: added before, they were left out.
  const uploads = useUploadsGate();
  const add = () => {
    if (uploads.uploading()) return;
    void quiet(call(PK.fileUp, { projectId, fileIds: files }, { successToast: true }).then(() => setFiles([])));
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <UploadsGate gate={uploads}>
          <UploadField def={FILES_DEF} value={files} onChange={(v) => setFiles((v as number[] | undefined) ?? [])} />
        </UploadsGate>
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

/** The project's products; its managers take a sales contract's products in (the customer's contracts offered) and delete. */
export function ProductsTab({ projectId, manage }: { projectId: number; manage: boolean }) {
  const [page, setPage] = useState(0);
  const list = useApi(PK.productList, { projectId, pageIndex: page, pageSize: 10 });
  const count = useApi(PK.productCount, { projectId, pageIndex: 0, pageSize: 10 });
  const [contractId, setContractId] = useState<number | null>(null);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        {manage ? (
          <>
            <ContractSelect projectId={projectId} kind="sale" value={contractId} onChange={setContractId} />
            <Button
              disabled={!contractId}
              onClick={() => contractId && quiet(call(PK.takeSaleProducts, { projectId, contractId }, { successToast: true }).then(() => setContractId(null)))}
            >
              导入销售合同产品
            </Button>
          </>
        ) : null}
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
          ...(manage
            ? [
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
              ]
            : []),
        ]}
      />
    </Space>
  );
}

/** The project's contracts; its managers refer to more of the customer's sales or maintenance contracts. */
export function ContractsTab({ projectId, manage }: { projectId: number; manage: boolean }) {
  const list = useApi(PK.contractList, { projectId });
  const [kind, setKind] = useState<'sale' | 'maintain'>('sale');
  const [contractId, setContractId] = useState<number | null>(null);
  const refer = () => contractId && quiet(call(PK.refContract, { projectId, kind, contractId }, { successToast: true }).then(() => setContractId(null)));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {manage ? (
        <Space wrap>
          <Select
            aria-label="合同类型"
            value={kind}
            style={{ width: 120 }}
            options={[
              { value: 'sale', label: '销售合同' },
              { value: 'maintain', label: '维保合同' },
            ]}
            onChange={(k) => {
              setKind(k);
              setContractId(null);
            }}
          />
          <ContractSelect key={kind} projectId={projectId} kind={kind} value={contractId} onChange={setContractId} />
          <Button type="primary" disabled={!contractId} onClick={refer}>
            关联合同
          </Button>
        </Space>
      ) : null}
      <ContractTable rows={list.data ?? []} />
    </Space>
  );
}

function ContractTable({ rows }: { rows: ProjectContractRow[] }) {
  return (
    <Table
      rowKey="id"
      size="small"
      dataSource={rows}
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
