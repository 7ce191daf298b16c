import { SALE_CONTRACT_STATES } from '@sk/shared/customers/customers.constants';
import { Button, Card, Spin, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components';
import { call } from '../../../lib/api';
import { invalidate, useApi } from '../../../lib/query';
import { contractContract } from '../api';
import { ContractDetailFrame, ExamineDialog } from '../components/ContractParts';
import { SaleContractFormDialog } from '../components/SaleContractFormDialog';
import { labelOf, modelPath, money, SALE_STATE_COLORS } from '../options';

/** /saleContract/detail/:id — a sales contract: data, product lines, custom fields, submit / approve, history. */
export default function SaleContractDetail() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const detail = useApi(contractContract.saleDetail, { id }, { enabled: id > 0, staleTime: 0 });
  const [editing, setEditing] = useState(false);
  const [examining, setExamining] = useState(false);
  if (detail.isPending && id > 0) return <Spin style={{ display: 'block', margin: 48 }} />;
  const c = detail.data;
  if (!c) return <EmptyState description="合同不存在或已删除" />;
  const reload = () => invalidate(contractContract.saleDetail);
  const can = (a: string) => c.abilities.actions.includes(a);
  const submit = () => call(contractContract.saleSubmit, { id }, { successToast: true }).then(reload, () => {});

  return (
    <ContractDetailFrame
      c={c}
      state={<Tag color={SALE_STATE_COLORS[c.status]}>{labelOf(SALE_CONTRACT_STATES, c.status)}</Tag>}
      actions={
        <>
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
        </>
      }
      dates={{ label: '签订日期', value: c.signDate }}
      historyTitle="审批记录"
      states={SALE_CONTRACT_STATES}
      onEdit={() => setEditing(true)}
      onDelete={() => call(contractContract.saleDelete, { ids: [id] }, { successToast: true }).then(() => navigate('/saleContract'))}
      products={
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
      }
    >
      <SaleContractFormDialog open={editing} id={id} onClose={() => setEditing(false)} onSaved={reload} />
      <ExamineDialog
        open={examining}
        onClose={() => setExamining(false)}
        onSubmit={(pass, note) => call(contractContract.saleExamine, { id, pass, note }, { successToast: true }).then(reload)}
      />
    </ContractDetailFrame>
  );
}
