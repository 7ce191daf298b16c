import { ROLES } from '@sk/shared/auth/roles';
import { mobile } from '@sk/shared/common/zod';
import { OUTSOURCED_USER, STAFF_USER } from '@sk/shared/org/org.constants';
import type { UserRow } from '@sk/shared/org/org.schema';
import { Col, Form, Input, Row, Select, Switch } from 'antd';
import { RecordFormDialog } from '../../../components';
import { labelOptions } from '../../../lib/options';
import { PASSWORD_HINT, PASSWORD_MAX } from '../../../lib/password-rule';
import { useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { ORG_READS, orgContract, useProviderOptions } from '../api';
import { DeptSelect } from './DeptSelect';

export const ROLE_OPTIONS = labelOptions(ROLES);

export interface UserDefaults {
  deptId?: number | null;
  userType?: number;
  providerId?: number | null;
}

interface Values {
  name: string;
  mobile: string;
  deptId?: number | null;
  roles: number[];
  admin: boolean;
  jobNumber?: string;
  email?: string;
  password?: string;
  providerId?: number | null;
}

export interface UserFormDialogProps {
  open: boolean;
  /** The user being edited; absent → a new user. */
  user?: UserRow | null;
  /** Starting values of a new user (the selected department, an outsourced provider). */
  defaults?: UserDefaults;
  onClose: () => void;
  /** After a successful save (the dialog closes itself). */
  onSaved?: () => void;
}

const initialOf = (user: UserRow | null, defaults: UserDefaults): Partial<Values> =>
  user
    ? {
        name: user.name,
        mobile: user.mobile,
        deptId: user.deptId,
        roles: user.roles,
        admin: user.admin,
        jobNumber: user.jobNumber ?? undefined,
        email: user.email ?? undefined,
        providerId: user.providerId,
      }
    : { deptId: defaults.deptId ?? undefined, roles: [], admin: false, providerId: defaults.providerId ?? undefined };

/** A user's fields as the contract checks them: the form's rules are the contract's. */
const U = orgContract.userCreate.body.shape;

function UserFields({ user, defaults, outsourced }: { user: UserRow | null; defaults: UserDefaults; outsourced: boolean }) {
  const providers = useProviderOptions();
  return (
    <Row gutter={16}>
      <Col xs={24} sm={12}>
        <Form.Item name="name" label="姓名" rules={rulesOf(U.name)}>
          <Input maxLength={20} placeholder="请输入姓名" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="mobile" label="手机号" rules={rulesOf(mobile, { required: '请输入手机号' })}>
          <Input maxLength={11} placeholder="登录账号" />
        </Form.Item>
      </Col>
      {outsourced && (
        <Col span={24}>
          <Form.Item name="providerId" label="所属服务商" rules={rulesOf(U.providerId, { required: '外包人员需选择所属服务商' })}>
            <Select
              placeholder="请选择服务商"
              loading={providers.isLoading}
              options={(providers.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              disabled={!user && defaults.providerId != null}
            />
          </Form.Item>
        </Col>
      )}
      <Col xs={24} sm={12}>
        <Form.Item name="deptId" label="部门">
          <DeptSelect />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="jobNumber" label="工号" rules={rulesOf(U.jobNumber)}>
          <Input maxLength={30} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="roles" label="角色" rules={rulesOf(U.roles, { required: '请至少选择一个角色' })}>
          <Select mode="multiple" options={ROLE_OPTIONS} placeholder="请选择角色（可多选）" aria-label="角色" optionFilterProp="label" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="email" label="邮箱" rules={rulesOf(U.email)}>
          <Input maxLength={100} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="admin" label="管理员" valuePropName="checked" tooltip="管理员可查看套餐与授权信息">
          <Switch checkedChildren="是" unCheckedChildren="否" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item
          name="password"
          label={user ? '重置密码' : '登录密码'}
          rules={rulesOf(U.password)}
          extra={user ? '不填写则不修改；重置后该人员需重新登录' : '可不填写，人员可用手机验证码登录后自行设置'}
        >
          <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} placeholder={PASSWORD_HINT} />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** Add or edit a user: name, mobile, department, roles (the ten), administrator flag, and the provider of outsourced staff. */
export function UserFormDialog({ open, user, defaults = {}, onClose, onSaved }: UserFormDialogProps) {
  const outsourced = (user?.userType ?? defaults.userType ?? STAFF_USER) === OUTSOURCED_USER;
  const opts = { invalidates: ORG_READS };
  const create = useApiMutation(orgContract.userCreate, opts);
  const update = useApiMutation(orgContract.userUpdate, opts);

  const submit = async (v: Values) => {
    const common = {
      name: v.name,
      mobile: v.mobile,
      deptId: v.deptId ?? null,
      roles: v.roles,
      admin: v.admin,
      jobNumber: v.jobNumber || null,
      email: v.email || null,
      password: v.password || undefined,
    };
    if (user) await update.mutateAsync({ id: user.id, ...common, ...(outsourced ? { providerId: v.providerId ?? null } : {}) });
    else await create.mutateAsync({ ...common, ...(outsourced ? { userType: OUTSOURCED_USER, providerId: v.providerId ?? null } : {}) });
    onSaved?.();
  };

  return (
    <RecordFormDialog<Values>
      open={open}
      title={user ? '编辑人员' : outsourced ? '新增外包人员' : '新增人员'}
      width={640}
      name="skUserForm"
      initialValues={initialOf(user ?? null, defaults)}
      onSubmit={submit}
      onClose={onClose}
    >
      <UserFields user={user ?? null} defaults={defaults} outsourced={outsourced} />
    </RecordFormDialog>
  );
}
