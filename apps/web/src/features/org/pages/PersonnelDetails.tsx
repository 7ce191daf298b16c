import { UserOutlined } from '@ant-design/icons';
import { hasPower, POWERS } from '@sk/shared/auth/powers';
import { USER_TYPES } from '@sk/shared/org/org.constants';
import type { UserDetail } from '@sk/shared/org/org.schema';
import { App, Avatar, Button, Card, Descriptions, Result, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { call } from '../../../lib/api';
import { Img } from '../../../lib/Img';
import { apiKey, queryClient, useApi } from '../../../lib/query';
import { useUser } from '../../../lib/session';
import { ORG_READS, orgContract, useDeptPath } from '../api';
import { UserFormDialog } from '../components/UserFormDialog';
import '../org.css';

function Profile({ u }: { u: UserDetail }) {
  const deptPath = useDeptPath(u.deptPath);
  return (
    <>
      <div className="sk-profile-head">
        {u.avatar ? (
          <Img src={u.avatar} alt={u.name} style={{ width: 64, height: 64, borderRadius: '50%', objectFit: 'cover' }} />
        ) : (
          <Avatar size={64} icon={<UserOutlined />} />
        )}
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {u.name}
            {u.deleted ? (
              <Tag color="red" style={{ marginLeft: 8 }}>
                已删除
              </Tag>
            ) : (
              <Tag color={u.enabled ? 'green' : 'default'} style={{ marginLeft: 8 }}>
                {u.enabled ? '启用' : '停用'}
              </Tag>
            )}
          </Typography.Title>
          <Typography.Text type="secondary">{u.mobile}</Typography.Text>
        </div>
      </div>
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }}>
        <Descriptions.Item label="部门">{deptPath || u.department_name || '—'}</Descriptions.Item>
        <Descriptions.Item label="人员类型">{USER_TYPES[u.userType as keyof typeof USER_TYPES] ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="角色" span={2}>
          {u.roles.length ? u.roleNames.split('、').map((r) => <Tag key={r}>{r}</Tag>) : '未分配'}
        </Descriptions.Item>
        <Descriptions.Item label="管理员">{u.admin ? '是' : '否'}</Descriptions.Item>
        <Descriptions.Item label="工号">{u.jobNumber ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="邮箱">{u.email ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="所属服务商">{u.provider_name ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="服务团队" span={2}>
          {u.groups.length
            ? u.groups.map((g) => (
                <Tag key={g.id} color={g.leader ? 'blue' : undefined}>
                  {g.leader ? `${g.name}（负责人）` : g.name}
                </Tag>
              ))
            : '—'}
        </Descriptions.Item>
        <Descriptions.Item label="登录密码">{u.hasPassword ? '已设置' : '未设置（验证码登录）'}</Descriptions.Item>
        <Descriptions.Item label="创建时间">{u.create_time}</Descriptions.Item>
      </Descriptions>
    </>
  );
}

/** A person's detail: profile, roles, department and status; administrators may edit, enable or disable. */
export default function PersonnelDetails() {
  const { id } = useParams();
  const me = useUser();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const userId = Number(id);
  const q = useApi(orgContract.userDetail, { id: userId }, { enabled: Number.isInteger(userId) && userId > 0 });
  const [editing, setEditing] = useState(false);
  const canManage = hasPower(me.powers, POWERS.orgManage);

  if (!Number.isInteger(userId) || userId <= 0 || q.isError) {
    return <Result status="404" title="人员不存在或已被删除" extra={<Button onClick={() => navigate('/organizationalStructure')}>返回组织架构</Button>} />;
  }
  const u = q.data;
  if (!u) return <Spin />;

  const refresh = () => Promise.all(ORG_READS.map((e) => queryClient.invalidateQueries({ queryKey: apiKey(e) })));
  const toggle = () =>
    modal.confirm({
      title: u.enabled ? '停用人员' : '启用人员',
      content: u.enabled ? `确认停用“${u.name}”吗？停用后该人员将无法登录。` : `确认启用“${u.name}”吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: () =>
        call(orgContract.userEnabled, { id: u.id, enabled: !u.enabled }).then(
          () => {
            message.success('修改状态成功');
            return refresh();
          },
          () => {},
        ),
    });

  const actions = canManage && !u.deleted && (
    <Space>
      <Button onClick={() => setEditing(true)}>编辑</Button>
      {u.id !== me.id && <Button onClick={toggle}>{u.enabled ? '停用' : '启用'}</Button>}
    </Space>
  );

  return (
    <Card title="人员详情" extra={actions}>
      <Profile u={u} />
      {canManage && <UserFormDialog open={editing} user={u} onClose={() => setEditing(false)} />}
    </Card>
  );
}
