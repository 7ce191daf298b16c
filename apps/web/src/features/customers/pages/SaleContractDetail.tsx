import { SALE_CONTRACT_STATES } from '@sk/shared/customers/customers.constants';
import { App, Button, Card, Descriptions, Space, Spin, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components';
import { ExtFieldView } from '../../../components/forms';
import { call } from '../../../lib/api';
import { useApi } from '../../../lib/query';
import { contractContract } from '../api';
import { ExamineDialog, StateTimeline } from '../components/ContractParts';
import { SaleContractFormDialog } from '../components/SaleContractFormDialog';
import { customerPath, labelOf, modelPath, money, SALE_STATE_COLORS } from '../options';

/** /saleContract/detail/:id — a sales contract: data, product lines, custom fields, submit / approve, history. */
export default function SaleContractDetail() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const detail = useApi(contractContract.saleDetail, { id }, { enabled: id > 0, staleTime: 0 });
  const [editing, setEditing] = useState(false);
  const [examining, setExamining] = useState(false);
  if (detail.isPending && id > 0) return <Spin style={{ display: 'block', margin: 48 }} />;
  const c = detail.data;
  if (!c) return <EmptyState description="合同不存在或已删除" />;
  const reload = () => detail.refetch();
  const can = (a: string) => c.abilities.actions.includes(a);

  const submit = () => call(contractContract.saleSubmit, { id }, { successToast: true }).then(reload, () => {});
  const remove = () =>
    modal.confirm({
      title: '删除合同',
      content: `确认删除合同“${c.name}”吗？`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () =>
        call(contractContract.saleDelete, { ids: [id] }, { successToast: true }).then(
          () => navigate('/saleContract'),
          () => {},
        ),
    });

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card
        size="small"
        title={
          <Space>
            {c.name}
            <Tag color={SALE_STATE_COLORS[c.status]}>{labelOf(SALE_CONTRACT_STATES, c.status)}</Tag>
          </Space>
        }
        extra={
          <Space>
            {c.abilities.edit ? <Button onClick={() => setEditing(true)}>编辑</Button> : null}
            {can('submit') ? (
              <Button type="primary" onClick={submit}>
                提交审批
              </Button>
            ) : null}
            {can('approve') ? (
              <Button type="primary" onClick={() => setExamining(true)}>
                审批
              </Button>
            ) : null}
            {c.abilities.delete ? (
              <Button danger onClick={remove}>
                删除
              </Button>
            ) : null}
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label="合同编号">{c.contractNo}</Descriptions.Item>
          <Descriptions.Item label="客户">
            <Link to={customerPath(c.customerId)}>{c.customerName}</Link>
          </Descriptions.Item>
          <Descriptions.Item label="签订日期">{c.signDate}</Descriptions.Item>
          <Descriptions.Item label="合同金额">{money(c.amount)}</Descriptions.Item>
          <Descriptions.Item label="创建人">{c.createUserName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="创建时间">{c.create_time}</Descriptions.Item>
          <Descriptions.Item label="备注" span="filled">
            {c.remark || '—'}
          </Descriptions.Item>
        </Descriptions>
        <ExtFieldView fields={c.extFields as never} title="自定义字段" />
      </Card>
      <Card size="small" title="合同产品">
        <Table
          size="small"
          rowKey={(r) => `${r.productId}-${r.price}-${r.quantity}`}
          dataSource={c.products}
          pagination={false}
          locale={{ emptyText: <EmptyState /> }}
          columns={[
            { key: 'productName', dataIndex: 'productName', title: '产品', render: (v: string, r) => <Link to={modelPath(r.productId)}>{v}</Link> },
            { key: 'model', dataIndex: 'model', title: '型号', render: (v: string | null) => v || '—' },
            { key: 'quantity', dataIndex: 'quantity', title: '数量' },
            { key: 'price', dataIndex: 'price', title: '单价', render: (v: number) => money(v) },
            { key: 'total', title: '小计', render: (_: unknown, r) => money(r.price * r.quantity) },
          ]}
        />
      </Card>
      <Card size="small" title="审批记录">
        <StateTimeline logs={c.logs} states={SALE_CONTRACT_STATES} />
      </Card>
      <SaleContractFormDialog open={editing} id={id} onClose={() => setEditing(false)} onSaved={reload} />
      <ExamineDialog
        open={examining}
        onClose={() => setExamining(false)}
        onSubmit={(pass, note) => call(contractContract.saleExamine, { id, pass, note }, { successToast: true }).then(reload)}
      />
    </Space>
  );
}
