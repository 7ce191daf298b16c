import { PlusOutlined } from '@ant-design/icons';
import type { Contact } from '@sk/shared/customers/customers.schema';
import { App, Button, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { EmptyState } from '../../../../components';
import { call } from '../../../../lib/api';
import { customerPartsContract, refreshCustomers } from '../../api';
import { usePaidAction } from '../../hooks';
import { ContactFormDialog } from '../ContactFormDialog';

/** The customer's contacts: add, edit, make primary, delete (contact management is free-locked). */
export function ContactsTab({ customerId, contacts, editable }: { customerId: number; contacts: Contact[]; editable: boolean }) {
  const { modal } = App.useApp();
  const paid = usePaidAction();
  const [editing, setEditing] = useState<Contact | 'new' | null>(null);
  const open = (c: Contact | 'new') => paid('contactManage') && setEditing(c);

  const makePrimary = (c: Contact) => {
    if (!paid('contactManage')) return;
    const body = { id: c.id, customerId, name: c.name, phone: c.phone, position: c.position, isPrimary: true };
    call(customerPartsContract.linkPersonSave, body, { successToast: true }).then(refreshCustomers, () => {});
  };
  const remove = (c: Contact) => {
    if (!paid('contactManage')) return;
    modal.confirm({
      title: '删除联系人',
      content: `确认删除联系人“${c.name}”吗？`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => call(customerPartsContract.linkPersonDelete, { id: c.id }, { successToast: true }).then(refreshCustomers, () => {}),
    });
  };

  return (
    <>
      {editable ? (
        <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => open('new')} style={{ marginBottom: 12 }}>
          新增联系人
        </Button>
      ) : null}
      <Table<Contact>
        rowKey="id"
        size="small"
        dataSource={contacts}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyState /> }}
        columns={[
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
          { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
          {
            key: 'actions',
            title: '操作',
            width: 220,
            hidden: !editable,
            render: (_: unknown, c) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => open(c)}>
                  编辑
                </Button>
                {c.isPrimary ? null : (
                  <Button type="link" size="small" onClick={() => makePrimary(c)}>
                    设为主联系人
                  </Button>
                )}
                <Button type="link" size="small" danger disabled={c.isPrimary} onClick={() => remove(c)}>
                  删除
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <ContactFormDialog open={editing !== null} contact={editing === 'new' ? null : editing} customerId={customerId} onClose={() => setEditing(null)} />
    </>
  );
}
