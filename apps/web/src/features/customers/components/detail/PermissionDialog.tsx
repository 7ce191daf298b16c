import { CUSTOMER_PERMISSIONS } from '@sk/shared/customers/customers.constants';
import { Button, Modal, Select, Space, Spin, Table, Typography } from 'antd';
import { useState } from 'react';
import { EmptyState, type Person, PersonField } from '../../../../components';
import { labelOptions } from '../../../../lib/options';
import { useApi, useApiMutation } from '../../../../lib/query';
import { customerContract } from '../../api';

interface Grant {
  userId: number;
  userName: string;
  permission: number;
}

const LEVELS = labelOptions(CUSTOMER_PERMISSIONS);

function Grants({ customerId, initial, onClose }: { customerId: number; initial: Grant[]; onClose: () => void }) {
  const [grants, setGrants] = useState<Grant[]>(initial);
  const save = useApiMutation(customerContract.savePermission, { invalidates: [customerContract.permissionList], onSuccess: onClose });
  const add = (people: Person[]) =>
    setGrants((g) => [...g, ...people.filter((p) => !g.some((x) => x.userId === p.id)).map((p) => ({ userId: p.id, userName: p.name, permission: 1 }))]);
  const set = (userId: number, permission: number) => setGrants((g) => g.map((x) => (x.userId === userId ? { ...x, permission } : x)));

  return (
    <>
      <Typography.Paragraph type="secondary">只能查看自己客户的角色（如销售人员），可通过授权查看或编辑其他客户。</Typography.Paragraph>
      <Space style={{ marginBottom: 12 }}>
        <PersonField multiple placeholder="添加授权人员" value={[]} onChange={add} />
      </Space>
      <Table<Grant>
        size="small"
        rowKey="userId"
        dataSource={grants}
        pagination={false}
        locale={{ emptyText: <EmptyState description="暂无授权" /> }}
        columns={[
          { key: 'userName', dataIndex: 'userName', title: '人员' },
          {
            key: 'permission',
            dataIndex: 'permission',
            title: '权限',
            render: (v: number, g) => (
              <Select size="small" value={v} options={LEVELS} onChange={(p) => set(g.userId, p)} style={{ width: 100 }} aria-label={`${g.userName}的权限`} />
            ),
          },
          {
            key: 'actions',
            title: '操作',
            width: 80,
            render: (_: unknown, g) => (
              <Button type="link" size="small" danger onClick={() => setGrants((all) => all.filter((x) => x.userId !== g.userId))}>
                移除
              </Button>
            ),
          },
        ]}
      />
      <div style={{ textAlign: 'right', marginTop: 16 }}>
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() => save.mutate({ customerId, users: grants.map((g) => ({ userId: g.userId, permission: g.permission as 1 | 2 })) })}
          >
            保存
          </Button>
        </Space>
      </div>
    </>
  );
}

function Body({ customerId, onClose }: { customerId: number; onClose: () => void }) {
  const list = useApi(customerContract.permissionList, { customerId }, { staleTime: 0 });
  if (!list.data) return <Spin />;
  return <Grants customerId={customerId} initial={list.data} onClose={onClose} />;
}

/** 数据权限: who else may see (查看) or edit (编辑) this customer. */
export function PermissionDialog({ open, customerId, onClose }: { open: boolean; customerId: number; onClose: () => void }) {
  return (
    <Modal open={open} title="数据权限" footer={null} width={640} onCancel={onClose} destroyOnHidden>
      {open ? <Body customerId={customerId} onClose={onClose} /> : null}
    </Modal>
  );
}
