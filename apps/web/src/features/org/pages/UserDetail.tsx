import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import type { Envelope } from '@sk/shared/common/envelope';
import type { UploadedFile } from '@sk/shared/files/files.contract';
import { App, Avatar, Button, Card, Descriptions, Form, Input, Space, Spin, Tag, Upload } from 'antd';
import { useState } from 'react';
import { SaveButton } from '../../../components';
import { API_PREFIX, call, uploadFailure } from '../../../lib/api';
import { Img } from '../../../lib/Img';
import { apiKey, queryClient, useApi } from '../../../lib/query';
import { getSessionUser, loadSessionUser } from '../../../lib/session';
import { rulesOf } from '../../../lib/zodRules';
import { ChangePasswordDialog } from '../../../shell/ChangePasswordDialog';
import { orgContract, useDeptPath } from '../api';
import '../org.css';

const U = orgContract.userUpdate.body.shape;
const AVATAR_ACCEPT = '.png,.jpg,.jpeg,.gif';
const AVATAR_MAX_MB = 5;

interface Values {
  name: string;
  email?: string;
}

async function saveProfile(patch: { name?: string; email?: string | null; avatar?: string | null }): Promise<void> {
  await call(orgContract.userUpdate, patch, { successToast: true });
  await queryClient.invalidateQueries({ queryKey: apiKey(orgContract.userDetail) });
  await loadSessionUser({ silent: true }); // the header shows the new name and avatar
}

/** The avatar: a picture uploaded through POST /upload/save, then saved on the profile. */
function AvatarUpload({ url, name }: { url: string | null; name: string }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Space orientation="vertical" align="center">
      {url ? (
        <Img src={url} alt={name} style={{ width: 96, height: 96, borderRadius: '50%', objectFit: 'cover' }} />
      ) : (
        <Avatar size={96} icon={<UserOutlined />} />
      )}
      <Upload
        name="file"
        accept={AVATAR_ACCEPT}
        action={`${API_PREFIX}/upload/save?kind=image`}
        headers={{ 'X-CSRF-Token': getSessionUser()?.csrfToken ?? '' }}
        withCredentials
        showUploadList={false}
        beforeUpload={(file) => {
          if (file.size > AVATAR_MAX_MB * 1024 * 1024) {
            message.error(`头像图片不能超过${AVATAR_MAX_MB}MB`);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        onChange={({ file }) => {
          if (file.status === 'uploading') return setBusy(true);
          setBusy(false);
          const env = file.response as Envelope<UploadedFile> | undefined;
          if (file.status === 'error' || !env) return void message.error(uploadFailure(file.response));
          if (!env.success) return void message.error(env.message);
          saveProfile({ avatar: env.data!.url }).catch(() => {});
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          更换头像
        </Button>
      </Upload>
    </Space>
  );
}

/** The caller's own profile: name, avatar, email, and a password change. */
export default function UserDetail() {
  const q = useApi(orgContract.userDetail, {});
  const [form] = Form.useForm<Values>();
  const [pwd, setPwd] = useState(false);
  const u = q.data;
  const deptPath = useDeptPath(u?.deptPath ?? []);
  if (!u) return <Spin />;

  return (
    <Card title="个人资料" extra={<Button onClick={() => setPwd(true)}>修改密码</Button>}>
      <div className="sk-profile-head" style={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <AvatarUpload url={u.avatar} name={u.name} />
        <Form form={form} layout="vertical" initialValues={{ name: u.name, email: u.email ?? '' }} style={{ flex: 1, minWidth: 260, maxWidth: 480 }}>
          <Form.Item name="name" label="姓名" rules={rulesOf(U.name, { required: '请输入姓名' })}>
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name="email" label="邮箱" rules={rulesOf(U.email)}>
            <Input maxLength={100} />
          </Form.Item>
          <SaveButton
            check={() =>
              form.validateFields().then(
                () => true,
                () => false,
              )
            }
            onSave={() => {
              const v = form.getFieldsValue();
              return saveProfile({ name: v.name.trim(), email: v.email?.trim() || null });
            }}
          />
        </Form>
      </div>
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }}>
        <Descriptions.Item label="手机号">{u.mobile}</Descriptions.Item>
        <Descriptions.Item label="部门">{deptPath || u.department_name || '—'}</Descriptions.Item>
        <Descriptions.Item label="角色" span={2}>
          {u.roles.length ? u.roleNames.split('、').map((r) => <Tag key={r}>{r}</Tag>) : '未分配'}
        </Descriptions.Item>
        <Descriptions.Item label="工号">{u.jobNumber ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="登录密码">{u.hasPassword ? '已设置' : '未设置'}</Descriptions.Item>
      </Descriptions>
      <ChangePasswordDialog open={pwd} onClose={() => setPwd(false)} />
    </Card>
  );
}
