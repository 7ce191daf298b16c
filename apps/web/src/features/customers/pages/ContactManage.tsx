import { PlusOutlined } from '@ant-design/icons';
import type { Contact } from '@sk/shared/customers/customers.schema';
import { App, Button, Card, Form, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { type ListColumn, ListPage } from '../../../components';
import { call } from '../../../lib/api';
import { useCan } from '../../../lib/session';
import { CUSTOMER_POWERS as P } from '@sk/shared/customers/customers.contract';
import { contactFetcher, customerPartsContract } from '../api';
import { ContactFormDialog } from '../components/ContactFormDialog';
import { customerPath } from '../options';

/** 联系人管理: every customer's contacts; search by name, phone or customer; add, edit, delete (free-locked). */
export default function ContactManage() {
  const { modal } = App.useApp();
  const editable = useCan()(P.contactEdit);
  const [editing, setEditing] = useState<Contact | 'new' | null>(null);

  const remove = (c: Contact) =>
    modal.confirm({
      title: '删除联系人',
      content: `确认删除联系人“${c.name}”吗？`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => call(customerPartsContract.linkPersonDelete, { id: c.id }, { successToast: true }).catch(() => {}),
    });

  const columns: ListColumn<Contact>[] = [
    {
      key: 'name',
      dataIndex: 'name',
      title: '联系人',
      render: (v: string, c) =>
        c.isPrimary ? (
          <Space>
            {v}
            <Tag color="blue">主联系人</Tag>
          </Space>
        ) : (
          v
        ),
    },
    { key: 'phone', dataIndex: 'phone', title: '联系电话' },
    { key: 'position', dataIndex: 'position', title: '职位', render: (v: string | null) => v || '—' },
    { key: 'customerName', dataIndex: 'customerName', title: '客户', render: (v: string, c) => <Link to={customerPath(c.customerId)}>{v}</Link> },
    { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 130,
      render: (_: unknown, c) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(c)}>
            编辑
          </Button>
          <Button type="link" size="small" danger disabled={c.isPrimary} onClick={() => remove(c)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card title="联系人管理" size="small">
      <ListPage<Contact>
        title="联系人"
        columns={editable ? columns : columns.filter((c) => c.key !== 'actions')}
        fetch={contactFetcher}
        sort={false}
        selectable={false}
        keywordPlaceholder="请输入姓名或电话"
        filters={
          <>
            <Form.Item name="phone" label="联系电话">
              <Input allowClear style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="customerName" label="客户名称">
              <Input allowClear style={{ width: 200 }} />
            </Form.Item>
          </>
        }
        toolbar={
          editable ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新增联系人
            </Button>
          ) : null
        }
      />
      <ContactFormDialog open={editing !== null} contact={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
