import { MAINTAIN_CONTRACT_STATES } from '@sk/shared/customers/customers.constants';
import type { MaintainAction } from '@sk/shared/customers/contract.machine';
import { App, Button, Card, Spin, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components';
import { call } from '../../../lib/api';
import { invalidate, useApi } from '../../../lib/query';
import { contractContract } from '../api';
import { ContractDetailFrame } from '../components/ContractParts';
import { MaintainContractFormDialog } from '../components/MaintainContractFormDialog';
import { installedPath, labelOf, MAINTAIN_STATE_COLORS } from '../options';

const ACTION_LABELS: Record<MaintainAction, string> = { execute: '开始执行', finish: '完成', terminate: '终止' };

/** /maintainContract/detail/:id — a maintenance contract: data, covered products, state changes, history. */
export default function MaintainContractDetail() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const detail = useApi(contractContract.maintainDetail, { id }, { enabled: id > 0, staleTime: 0 });
  const [editing, setEditing] = useState(false);
  if (detail.isPending && id > 0) return <Spin style={{ display: 'block', margin: 48 }} />;
  const c = detail.data;
  if (!c) return <EmptyState description="合同不存在或已删除" />;
  const reload = () => invalidate(contractContract.maintainDetail);
  const move = (action: MaintainAction) =>
    modal.confirm({
      title: ACTION_LABELS[action],
      content: `确认将合同“${c.name}”${ACTION_LABELS[action]}吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: () => call(contractContract.maintainChangeState, { id, action }, { successToast: true }).then(reload, () => {}),
    });

  return (
    <ContractDetailFrame
      c={c}
      state={<Tag color={MAINTAIN_STATE_COLORS[c.status]}>{labelOf(MAINTAIN_CONTRACT_STATES, c.status)}</Tag>}
      actions={(c.abilities.actions as MaintainAction[]).map((a) => (
        <Button key={a} type={a === 'terminate' ? 'default' : 'primary'} danger={a === 'terminate'} onClick={() => move(a)}>
          {ACTION_LABELS[a]}
        </Button>
      ))}
      dates={{ label: '服务期限', value: `${c.startDate} ~ ${c.endDate}` }}
      historyTitle="状态记录"
      states={MAINTAIN_CONTRACT_STATES}
      onEdit={() => setEditing(true)}
      onDelete={() => call(contractContract.maintainDelete, { ids: [id] }, { successToast: true }).then(() => navigate('/maintainContract'))}
      products={
        <Card size="small" title={`保修设备（${c.products.length}）`}>
          <Table
            size="small"
            rowKey="id"
            dataSource={c.products}
            pagination={c.products.length > 10 ? { pageSize: 10 } : false}
            locale={{ emptyText: <EmptyState /> }}
            columns={[
              { key: 'name', dataIndex: 'name', title: '设备名称', render: (v: string, r) => <Link to={installedPath(r.id)}>{v}</Link> },
              { key: 'serialNumber', dataIndex: 'serialNumber', title: '序列号', render: (v: string | null) => v || '—' },
            ]}
          />
        </Card>
      }
    >
      <MaintainContractFormDialog open={editing} id={id} onClose={() => setEditing(false)} onSaved={reload} />
    </ContractDetailFrame>
  );
}
