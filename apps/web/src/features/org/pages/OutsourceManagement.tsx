import { PlusOutlined } from '@ant-design/icons';
import type { ProviderRow } from '@sk/shared/org/org.schema';
import { App, Button, Card, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { FilterSelect, type ListColumn, ListPage } from '../../../components';
import { call } from '../../../lib/api';
import { providerFetcher, teamContract } from '../api';
import { PARTNER_OPTIONS, ProviderFormDialog } from '../components/ProviderFormDialog';

export const branchPath = (id: number): string => `/serviceBranchDetail?id=${id}`;

const STATUS_OPTIONS = [
  { value: 'true', label: '启用' },
  { value: 'false', label: '停用' },
];

/** Outsourcing partners (service providers): partner type and status filters; add, edit, enable and disable. */
export default function OutsourceManagement() {
  const { modal, message } = App.useApp();
  const [editing, setEditing] = useState<ProviderRow | null | 'new'>(null);

  const toggle = (p: ProviderRow) =>
    modal.confirm({
      title: p.enabled ? '停用服务商' : '启用服务商',
      content: p.enabled ? `确认停用“${p.name}”吗？其外包人员将一并停用。` : `确认启用“${p.name}”吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: () =>
        call(teamContract.providerEnabled, { id: p.id, enabled: !p.enabled }).then(
          // the list and the provider's details refresh through the organisation's staleAfter (../api.ts)
          () => message.success('修改状态成功'),
          () => {},
        ),
    });

  const columns: ListColumn<ProviderRow>[] = [
    { key: 'name', dataIndex: 'name', title: '服务商名称', render: (v: string, r: ProviderRow) => <Link to={branchPath(r.id)}>{v}</Link> },
    { key: 'partnerTypeName', dataIndex: 'partnerTypeName', title: '合作类型' },
    { key: 'linkman', dataIndex: 'linkman', title: '主联系人', render: (v: string | null) => v || '—' },
    { key: 'phone', dataIndex: 'phone', title: '联系电话', render: (v: string | null) => v || '—' },
    {
      key: 'regions',
      dataIndex: 'regions',
      title: '服务区域',
      render: (v: ProviderRow['regions'], r: ProviderRow) => (v.length ? v.map((a) => a.name).join('、') : r.serviceArea || '—'),
    },
    { key: 'productLines', dataIndex: 'productLines', title: '产品线', render: (v: string[]) => (v.length ? v.map((c) => <Tag key={c}>{c}</Tag>) : '—') },
    { key: 'coefficient', dataIndex: 'coefficient', title: '结算系数', render: (v: number) => v.toFixed(2) },
    { key: 'userCount', dataIndex: 'userCount', title: '人员数' },
    { key: 'enabled', dataIndex: 'enabled', title: '状态', render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? '启用' : '停用'}</Tag> },
    { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
    { key: 'bankName', dataIndex: 'bankName', title: '开户银行', render: (v: string | null) => v || '—' },
    { key: 'bankAccountName', dataIndex: 'bankAccountName', title: '开户名', render: (v: string | null) => v || '—' },
    { key: 'bankAccountMasked', dataIndex: 'bankAccountMasked', title: '银行账号', render: (v: string | null) => v || '—' },
    { key: 'address', dataIndex: 'address', title: '地址', render: (v: string | null) => v || '—' },
    { key: 'remark', dataIndex: 'remark', title: '备注', render: (v: string | null) => v || '—' },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 180,
      render: (_: unknown, p: ProviderRow) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(p)}>
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => toggle(p)}>
            {p.enabled ? '停用' : '启用'}
          </Button>
          <Link to={branchPath(p.id)}>人员</Link>
        </Space>
      ),
    },
  ];

  return (
    <Card title="外包管理" size="small">
      <ListPage<ProviderRow>
        title="服务商列表"
        columns={columns}
        defaultColumns={[
          'name',
          'partnerTypeName',
          'linkman',
          'phone',
          'regions',
          'productLines',
          'coefficient',
          'userCount',
          'enabled',
          'create_time',
          'actions',
        ]}
        fetch={providerFetcher}
        sort={false}
        keywordPlaceholder="请输入服务商名称"
        filters={
          <>
            <FilterSelect name="partnerType" label="合作类型" width={160} options={PARTNER_OPTIONS} />
            <FilterSelect name="enabled" label="状态" width={120} options={STATUS_OPTIONS} />
          </>
        }
        toolbar={
          <>
            <Link to="/outsourceUser">
              <Button>外包人员</Button>
            </Link>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增服务商
            </Button>
          </>
        }
      />
      <ProviderFormDialog open={editing !== null} provider={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
