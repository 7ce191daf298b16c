import { PlusOutlined } from '@ant-design/icons';
import type { HomeAccount as Account } from '@sk/shared/customers/portal.contract';
import { App, Button, Card, Dropdown, Form, Space, Tag } from 'antd';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { FilterSelect, type ListColumn, ListPage, type ListPageHandle, toast } from '../../../components';
import { call } from '../../../lib/api';
import { homeAccountContract, pagedFetcher } from '../api';
import { CustomerSelect } from '../components/CustomerSelect';
import { HomeAccountDialog, ResetPasswordDialog } from '../components/HomeAccountDialogs';
import { customerPath } from '../options';

const fetchAccounts = pagedFetcher<Account>(homeAccountContract.list);
const ENABLED_OPTIONS = [
  { value: '1', label: '启用' },
  { value: '0', label: '停用' },
];

/** 门户账号: logins of customers' people for the customer portal, created, disabled and reset by staff (free-locked). */
export default function HomeAccount() {
  const { modal } = App.useApp();
  const list = useRef<ListPageHandle>(null);
  const [editing, setEditing] = useState<Account | 'new' | null>(null);
  const [resetting, setResetting] = useState<Account | null>(null);

  const setEnabled = (ids: number[], enabled: boolean) => call(homeAccountContract.setEnabled, { ids, enabled }, { successToast: true }).catch(() => {});
  const batchEnabled = (enabled: boolean) => {
    const ids = (list.current?.selectedKeys ?? []).map(Number);
    if (!ids.length) return toast.warning('请选择账号');
    setEnabled(ids, enabled);
  };
  const remove = (a: Account) =>
    modal.confirm({
      title: '删除门户账号',
      content: `确认删除“${a.name}”的门户账号吗？`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => call(homeAccountContract.remove, { ids: [a.id] }, { successToast: true }).catch(() => {}),
    });

  const columns: ListColumn<Account>[] = [
    { key: 'name', dataIndex: 'name', title: '姓名' },
    { key: 'mobile', dataIndex: 'mobile', title: '手机号（账号）' },
    { key: 'customerName', dataIndex: 'customerName', title: '客户', render: (v: string, a) => <Link to={customerPath(a.customerId)}>{v}</Link> },
    { key: 'enabled', dataIndex: 'enabled', title: '状态', render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? '启用' : '停用'}</Tag> },
    { key: 'last_login_time', dataIndex: 'last_login_time', title: '最近登录', render: (v: string | null) => v ?? '从未登录' },
    { key: 'createUserName', dataIndex: 'createUserName', title: '创建人', render: (v: string | null) => v || '—' },
    { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 190,
      render: (_: unknown, a) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(a)}>
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => setEnabled([a.id], !a.enabled)}>
            {a.enabled ? '停用' : '启用'}
          </Button>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'reset', label: '重置密码' },
                { key: 'delete', label: '删除', danger: true },
              ],
              onClick: ({ key }) => (key === 'reset' ? setResetting(a) : remove(a)),
            }}
          >
            <Button type="link" size="small" aria-label={`${a.name}更多操作`}>
              更多
            </Button>
          </Dropdown>
        </Space>
      ),
    },
  ];

  return (
    <Card title="门户账号" size="small">
      <ListPage<Account>
        ref={list}
        title="门户账号"
        columns={columns}
        fetch={fetchAccounts}
        sort={false}
        keywordPlaceholder="请输入姓名或手机号"
        filters={
          <>
            <Form.Item name="customerId" label="客户">
              <CustomerSelect style={{ width: 220 }} />
            </Form.Item>
            <FilterSelect name="enabled" label="状态" width={120} options={ENABLED_OPTIONS} />
          </>
        }
        toolbar={
          <>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新建账号
            </Button>
            <Button onClick={() => batchEnabled(true)}>批量启用</Button>
            <Button onClick={() => batchEnabled(false)}>批量停用</Button>
          </>
        }
        onDelete={(ids) => call(homeAccountContract.remove, { ids: ids.map(Number) })}
      />
      <HomeAccountDialog open={editing !== null} account={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      <ResetPasswordDialog account={resetting} onClose={() => setResetting(null)} />
    </Card>
  );
}
